import { describe, expect, it } from 'vitest';
import { MSG_NOT_FOUND, MSG_VALIDATION } from '@shared/messages';
import { deciderSpec } from '../testing/decider-spec';
import { MSG_NOTIFICATION_EMPTY, MSG_NOTIFICATION_EXISTS, MSG_RECIPIENT_MISSING, notificationDecider } from './decider';
import type { NotificationEvent } from './types';

const given = deciderSpec(notificationDecider);
const created: NotificationEvent = { type: 'NotificationCreated', data: { id: 4, id_user: 9, contenido: 'OT-12 cerrada', estado: '1' } };
const read: NotificationEvent = { type: 'NotificationRead', data: { id: 4 } };
const deleted: NotificationEvent = { type: 'NotificationDeleted', data: { id: 4 } };

describe('notification decider', () => {
  it('creates a new notification for one user', () => {
    given([]).when({ type: 'CreateNotification', id: 4, userId: 9, contenido: 'OT-12 cerrada' }).then([created]);
  });

  it('refuses an empty notification and a second creation', () => {
    given([]).when({ type: 'CreateNotification', id: 4, userId: 9, contenido: '  ' }).thenRefused(MSG_NOTIFICATION_EMPTY, 422, { contenido: MSG_NOTIFICATION_EMPTY });
    given([created]).when({ type: 'CreateNotification', id: 4, userId: 9, contenido: 'otra' }).thenRefused(MSG_NOTIFICATION_EXISTS, 409);
  });

  it('refuses a recipient the read model does not have (a user named by id)', () => {
    given([]).when({ type: 'CreateNotification', id: 4, userId: 9, contenido: 'hola', recipientExists: false }).thenRefused(MSG_VALIDATION, 422, { id_user: MSG_RECIPIENT_MISSING });
    given([]).when({ type: 'CreateNotification', id: 4, userId: 9, contenido: 'OT-12 cerrada', recipientExists: true }).then([created]);
  });

  it('the user notified reads it once; reading again is a no-op', () => {
    given([created]).when({ type: 'ReadNotification', id: 4, userId: 9 }).then([read]);
    given([created, read]).when({ type: 'ReadNotification', id: 4, userId: 9 }).then([]);
    expect(given([created, read]).state).toEqual({ status: 'read', id: 4, userId: 9 });
  });

  it('the user notified deletes it, read or not', () => {
    given([created]).when({ type: 'DeleteNotification', id: 4, userId: 9 }).then([deleted]);
    given([created, read]).when({ type: 'DeleteNotification', id: 4, userId: 9 }).then([deleted]);
  });

  it("another user's notification does not exist for them", () => {
    given([created]).when({ type: 'ReadNotification', id: 4, userId: 8 }).thenRefused(MSG_NOT_FOUND, 404);
    given([created]).when({ type: 'DeleteNotification', id: 4, userId: 8 }).thenRefused(MSG_NOT_FOUND, 404);
  });

  it('a missing or deleted notification cannot be read or deleted', () => {
    given([]).when({ type: 'ReadNotification', id: 4, userId: 9 }).thenRefused(MSG_NOT_FOUND, 404);
    given([created, deleted]).when({ type: 'ReadNotification', id: 4, userId: 9 }).thenRefused(MSG_NOT_FOUND, 404);
    given([created, deleted]).when({ type: 'DeleteNotification', id: 4, userId: 9 }).thenRefused(MSG_NOT_FOUND, 404);
  });
});
