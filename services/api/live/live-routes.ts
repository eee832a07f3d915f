import { MSG_VALIDATION } from '@shared/messages';
import * as v from 'valibot';
import { uuidv7 } from '../../../events/ids';
import type { EventStore } from '../../../events/store';
import type { EventMetadata } from '../../../events/types';
import { ApiError, NOT_FOUND } from '../platform/api-error';
import { int, positiveId, requiredText } from '../platform/fields';
import { defineRoute, moduleAccess, type AnyRoute } from '../platform/route';
import { notificationSentReply, notificationsReply } from '../auth/auth-contracts';
import { noPayload } from '../platform/reply-fields';

/** Creates a notification for a user: a `notification-{id}` stream; the live projection pushes
 * it to that user's sockets (`notifications:user:{id}`). Other modules call this. */
export async function notifyUser(store: EventStore, userId: number, contenido: string, metadata: Partial<EventMetadata> = {}) {
  const id = await store.nextId('notification');
  await store.append(`notification-${id}`, [{ type: 'NotificationCreated', data: { id, id_user: userId, contenido, estado: '1' }, id: uuidv7() }], {
    expectedVersion: 'no_stream',
    metadata,
  });
  return id;
}

async function ownNotification(store: EventStore, id: number, userId: number) {
  const [row] = await store.sql`SELECT id FROM rm_notifications WHERE id = ${id} AND id_user = ${userId}`;
  return Boolean(row);
}

/** The notifications panel (seed 000 §7: /live, leerNotificaciones, eliminarNotificacion). */
export function liveRoutes(): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/live',
      access: { kind: 'signed_in' },
      summary: 'Notificaciones del usuario (las 50 más recientes); el panel y el respaldo sin socket',
      output: notificationsReply,
      async handler({ principal, deps }) {
        const rows = await deps.sql`SELECT id, estado, contenido, fecha_creado FROM rm_notifications
          WHERE id_user = ${principal!.userId} ORDER BY id DESC LIMIT 50`;
        const [{ n }] = await deps.sql`SELECT count(*)::int AS n FROM rm_notifications WHERE id_user = ${principal!.userId} AND estado <> '0'`;
        return { notificaciones: [...rows], no_leidas: n };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/live/leerNotificaciones',
      access: { kind: 'signed_in' },
      summary: 'Marcar como leídas las notificaciones vistas',
      input: v.object({ ids: v.pipe(v.array(int(), 'Lista de ids inválida'), v.maxLength(200, 'Máximo 200 ids')) }),
      output: noPayload(),
      async handler({ input, principal, deps, metadata }) {
        const mine = await deps.sql`SELECT id FROM rm_notifications
          WHERE id = ANY(${input.ids}::bigint[]) AND id_user = ${principal!.userId} AND estado <> '0'`;
        for (const { id } of mine) {
          await deps.store.append(`notification-${id}`, [{ type: 'NotificationRead', data: { id } }], { expectedVersion: 'stream_exists', metadata });
        }
        return { leidas: mine.length };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/live/eliminarNotificacion',
      access: { kind: 'signed_in' },
      summary: 'Eliminar una notificación propia',
      input: v.object({ id: positiveId() }),
      output: noPayload(),
      async handler({ input, principal, deps, metadata }) {
        if (!(await ownNotification(deps.store, input.id, principal!.userId))) throw new ApiError(404, NOT_FOUND);
        await deps.store.append(`notification-${input.id}`, [{ type: 'NotificationDeleted', data: { id: input.id } }], {
          expectedVersion: 'stream_exists',
          metadata,
        });
        return { msg: 'Eliminado correctamente' };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/live/enviarNotificacion',
      access: moduleAccess('/users', 'edit'),
      summary: 'Enviar una notificación a un usuario (administración; no está en la especificación original)',
      input: v.object({ id_user: positiveId(), contenido: requiredText(500) }),
      output: notificationSentReply,
      async handler({ input, deps, metadata }) {
        const [user] = await deps.sql`SELECT 1 FROM rm_users WHERE id = ${input.id_user}`;
        if (!user) throw new ApiError(422, MSG_VALIDATION, { id_user: 'El usuario no existe' });
        return { id: await notifyUser(deps.store, input.id_user, input.contenido, metadata), msg: 'Registrado correctamente' };
      },
    }),
  ];
}
