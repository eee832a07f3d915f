import { MSG_NOT_FOUND, MSG_VALIDATION } from '@shared/messages';
import { unreachable, type Decider } from '../decider';
import { CommandRejected } from '../errors';
import { aggregate } from '../execute';
import type { NotificationCommand, NotificationEvent, NotificationState } from './types';

export const MSG_NOTIFICATION_EXISTS = 'La notificación ya existe';
export const MSG_NOTIFICATION_EMPTY = 'La notificación no tiene contenido';
export const MSG_RECIPIENT_MISSING = 'El usuario no existe';

/** Notifications: created for one user (who must exist), read and deleted only by that user
 * (anyone else is told it does not exist). Reading a read notification is a no-op. */
export const notificationDecider: Decider<NotificationState, NotificationCommand, NotificationEvent> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    if (command.type === 'CreateNotification') {
      if (state.status !== 'absent') throw new CommandRejected(MSG_NOTIFICATION_EXISTS, {}, 409);
      if (command.recipientExists === false) throw new CommandRejected(MSG_VALIDATION, { id_user: MSG_RECIPIENT_MISSING }, 422);
      if (!command.contenido.trim()) throw new CommandRejected(MSG_NOTIFICATION_EMPTY, { contenido: MSG_NOTIFICATION_EMPTY }, 422);
      return [{ type: 'NotificationCreated', data: { id: command.id, id_user: command.userId, contenido: command.contenido, estado: '1' } }];
    }
    if (state.status === 'absent' || state.status === 'deleted' || state.userId !== command.userId) {
      throw new CommandRejected(MSG_NOT_FOUND, {}, 404);
    }
    switch (command.type) {
      case 'ReadNotification':
        return state.status === 'read' ? [] : [{ type: 'NotificationRead', data: { id: state.id } }];
      case 'DeleteNotification':
        return [{ type: 'NotificationDeleted', data: { id: state.id } }];
      default:
        return unreachable(command, 'command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'NotificationCreated':
        return { status: 'unread', id: event.data.id, userId: event.data.id_user };
      case 'NotificationRead':
        return state.status === 'unread' ? { ...state, status: 'read' } : state;
      case 'NotificationDeleted':
        return { status: 'deleted' };
      default:
        return unreachable(event, 'event');
    }
  },
};

export const notifications = aggregate('notification', notificationDecider);
