import type { Event } from '../types';

/** A message to one user (the notifications panel): `notification-{id}`. `estado` '1' is new. */
export type NotificationEvent =
  | Event<'NotificationCreated', { id: number; id_user: number; contenido: string; estado: '1' }>
  | Event<'NotificationRead', { id: number }>
  | Event<'NotificationDeleted', { id: number }>;

/** `userId` on read and delete: the user acting, who must be the one notified. On create,
 * `recipientExists` is the read model's answer when the recipient was named by id (an
 * administrator's message); recipients picked from the read model leave it out. */
export type NotificationCommand =
  | { type: 'CreateNotification'; id: number; userId: number; contenido: string; recipientExists?: boolean }
  | { type: 'ReadNotification'; id: number; userId: number }
  | { type: 'DeleteNotification'; id: number; userId: number };

export type NotificationState =
  | { status: 'absent' }
  | { status: 'deleted' }
  | { status: 'unread' | 'read'; id: number; userId: number };
