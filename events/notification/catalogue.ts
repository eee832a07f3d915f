import { defineCatalogue } from '../catalogue';
import type { NotificationEvent } from './types';

/** Notifications. Private: no record topics; a new one reaches only its user's sockets. */
export const notificationCatalogue = defineCatalogue<NotificationEvent>()({
  NotificationCreated: { label: 'Notificación', name: 'notificó a', icon: 'notifications', color: 'info', topics: ['notifications:user:{id_user}'] },
  NotificationRead: { label: 'Lectura de notificación', name: 'leyó', icon: 'mark_email_read', color: 'secondary', topics: [] },
  NotificationDeleted: { label: 'Eliminación de notificación', name: 'eliminó', icon: 'delete_sweep', color: 'secondary', topics: [] },
});
