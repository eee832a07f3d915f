import type { CommandContext } from '../../events/execute';
import { defineReactor, type ReactorCommand } from './define';
import { notifyUsers } from './notify';

/** Seed 001 §9: the site storekeeper's profile ('almacén obra'). */
export const SITE_STOREKEEPER_ROLE = 19;

/** What a central transfer with a waybill tells the storekeepers of the request's site (issue 17,
 * "Notifications"): the request (and its OT, when it has one), how many of its products left, the
 * waybill, and where to receive them. */
export function transferNotice(data: Record<string, unknown>, request: { codigo: string; codigo_orden_trabajo?: string | null }): string {
  const n = new Set((Array.isArray(data.salidas) ? data.salidas : []).map((s) => Number((s as { id_producto?: unknown }).id_producto))).size;
  const products = `${n} ${n === 1 ? 'producto' : 'productos'}`;
  const ot = request.codigo_orden_trabajo ? ` (OT ${request.codigo_orden_trabajo})` : '';
  return `El almacén central trasladó a su obra ${products} de la solicitud ${request.codigo}${ot} con la guía N° ${String(data.numero_guia ?? '')}; ` +
    'regístrelos en Almacén de obra › Entradas';
}

/** The site storekeepers of the request's site get a notification each (a `notification-{id}`
 * stream; the live projection pushes it to their sockets) when the central warehouse confirms a
 * transfer with a waybill for that site (`RequestedProductsSentToSite`, one per request a transfer
 * touches). They are the active users of the site storekeeper's profile who work on that site
 * (every site, their own, or an assigned one: the same rule as the `/fil_datas/almacenerosDeObra`
 * select), read inside the reaction's command, which runs once per event. */
export const notifySiteStorekeepers = defineReactor({
  name: 'notify_site_storekeepers',
  canHandle: ['RequestedProductsSentToSite'],
  react(event) {
    const idSolicitud = Number(event.data.id);
    const command: ReactorCommand = {
      async run(c: CommandContext) {
        const [r] = await c.tx<{ codigo: string; codigo_orden_trabajo: string | null; id_obra: number | null }[]>`
          SELECT codigo, nullif(codigo_orden_trabajo, '') AS codigo_orden_trabajo, id_obra::int FROM rm_solicitudes_compras WHERE id = ${idSolicitud}`;
        if (!r?.id_obra) return;
        const users = (await c.tx<{ id: number }[]>`
          SELECT u.id::int FROM rm_users u
           WHERE u.estado = 1 AND u.id_role = ${SITE_STOREKEEPER_ROLE}
             AND (u.all_works = 1 OR u.id_obra = ${r.id_obra}
                  OR EXISTS (SELECT 1 FROM rm_user_obras a WHERE a.id_user = u.id AND a.id_obra = ${r.id_obra} AND a.estado = 1))
           ORDER BY u.id`).map((u) => u.id);
        if (!users.length) return;
        const text = transferNotice(event.data, { codigo: r.codigo || `#${idSolicitud}`, codigo_orden_trabajo: r.codigo_orden_trabajo });
        await notifyUsers(c, users, text);
      },
    };
    return idSolicitud ? command : null;
  },
});
