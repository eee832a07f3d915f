import type { InlineProjection } from '../types';

/** The notifications panel (seed 000 §3): `notification-{id}` streams. estado '1' is new (shown as
 * a toast once), '2' highlighted, '0' read. Inline, so `/live` reads its own writes. */
export const notificationsProjection: InlineProjection = {
  name: 'notifications',
  handles: (e) => e.streamType === 'notification',
  async apply(tx, events) {
    for (const e of events) {
      const id = Number(e.data.id);
      if (e.type === 'NotificationCreated') {
        await tx`INSERT INTO rm_notifications ${tx({
          id,
          id_user: Number(e.data.id_user),
          estado: String(e.data.estado ?? '1'),
          contenido: String(e.data.contenido),
          fecha_creado: e.occurredAt,
          version: e.version,
        })}`;
      } else if (e.type === 'NotificationRead') {
        await tx`UPDATE rm_notifications SET estado = '0', read_at = ${e.occurredAt}, version = ${e.version} WHERE id = ${id}`;
      } else if (e.type === 'NotificationDeleted') {
        await tx`DELETE FROM rm_notifications WHERE id = ${id}`;
      }
    }
  },
  async reset(tx) {
    await tx`TRUNCATE rm_notifications`;
  },
};
