import * as v from 'valibot';
import { execute } from '../../../events/execute';
import { notifications } from '../../../events/notification/decider';
import type { EventStore } from '../../../events/store';
import type { EventMetadata } from '../../../events/types';
import { int, positiveId, requiredText } from '../platform/fields';
import { defineRoute, moduleAccess, type AnyRoute } from '../platform/route';
import { notificationSentReply, notificationsReply } from '@shared/contracts/auth';
import { noPayload } from '@shared/contracts/platform';

/** Creates a notification for a user: a `notification-{id}` stream; the live projection pushes
 * it to that user's sockets (`notifications:user:{id}`). Other modules call this. */
export async function notifyUser(store: EventStore, userId: number, contenido: string, metadata: Partial<EventMetadata> = {}) {
  const { value: id } = await execute(store, async (c) => {
    const [user] = await c.tx`SELECT 1 FROM rm_users WHERE id = ${userId}`;
    const id = await c.nextId('notification');
    c.start(notifications, id).decide({ type: 'CreateNotification', id, userId, contenido, recipientExists: Boolean(user) });
    return id;
  }, { metadata });
  return id;
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
          WHERE id_user = ${principal.userId} ORDER BY id DESC LIMIT 50`;
        const [{ n }] = await deps.sql`SELECT count(*)::int AS n FROM rm_notifications WHERE id_user = ${principal.userId} AND estado <> '0'`;
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
        const mine = await deps.sql<{ id: number }[]>`SELECT id FROM rm_notifications
          WHERE id = ANY(${input.ids}::bigint[]) AND id_user = ${principal.userId} AND estado <> '0'`;
        if (mine.length) {
          await execute(deps.store, async (c) => {
            for (const s of await c.loadMany(notifications, mine.map((r) => Number(r.id)))) {
              s.decide({ type: 'ReadNotification', id: Number(s.id), userId: principal.userId });
            }
          }, { metadata });
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
        // Another user's notification is refused as not found by the decider.
        await execute(deps.store, async (c) => {
          (await c.load(notifications, input.id)).decide({ type: 'DeleteNotification', id: input.id, userId: principal.userId });
        }, { metadata });
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
        return { id: await notifyUser(deps.store, input.id_user, input.contenido, metadata), msg: 'Registrado correctamente' };
      },
    }),
  ];
}
