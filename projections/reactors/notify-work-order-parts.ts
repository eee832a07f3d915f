import type { CommandContext } from '../../events/execute';
import { defineReactor, type ReactorCommand } from './define';
import { notifyUsers } from './notify';

const WATCHED = ['WorkOrderPartsReceived', 'WorkOrderPartsIssued'] as const;

/** '1 línea', '3 líneas': the distinct part lines an event moved. */
function lines(parts: unknown): string {
  const n = new Set((Array.isArray(parts) ? parts : []).map((p) => Number((p as { line_id?: unknown }).line_id))).size;
  return `${n} ${n === 1 ? 'línea' : 'líneas'}`;
}

/** What a work order's parts movement tells its supervisor and mechanic (issue 17,
 * "Notifications"): parts received at the site (the receipt's number), parts issued from the site
 * warehouse (the exit voucher). Null for any other event. */
export function partsNotice(event: { type: string; data: Record<string, unknown> }, codigo: string): string | null {
  const d = event.data;
  switch (event.type) {
    case 'WorkOrderPartsReceived':
      return `Llegaron al almacén de obra repuestos de la OT ${codigo}: ${lines(d.entradas)}, entrada N° ${String(d.id_entrada ?? '')}`;
    case 'WorkOrderPartsIssued':
      return `Salieron del almacén de obra repuestos de la OT ${codigo}: ${lines(d.salidas)}, vale de salida ${String(d.vale_salida ?? '')}`;
    default:
      return null;
  }
}

/** Who hears of an order's parts: its supervisor and its mechanic, each once (the same person in
 * both roles gets one notification), none when the order names neither. */
export function partsRecipients(order: { id_supervisor: number | null; id_mecanico: number | null }): number[] {
  return [...new Set([order.id_supervisor, order.id_mecanico].filter((id): id is number => !!id))];
}

/** The order's supervisor (`id_supervisor`) and mechanic (`id_mecanico`) get a notification each
 * (a `notification-{id}` stream; the live projection pushes it to their sockets) when a site
 * receipt brings parts of the order (`WorkOrderPartsReceived`, one per order a receipt touches)
 * and when a site issue takes them out with a voucher (`WorkOrderPartsIssued`, one per order and
 * voucher). Who they are is read inside the reaction's command, which runs once per event. */
export const notifyWorkOrderParts = defineReactor({
  name: 'notify_work_order_parts',
  canHandle: [...WATCHED],
  react(event) {
    const idOrden = Number(event.data.id);
    const command: ReactorCommand = {
      async run(c: CommandContext) {
        const [o] = await c.tx<{ codigo: string; id_supervisor: number | null; id_mecanico: number | null }[]>`
          SELECT codigo, id_supervisor::int, id_mecanico::int FROM rm_ordenes_trabajo WHERE id = ${idOrden}`;
        if (!o) return;
        const users = partsRecipients(o);
        const text = partsNotice(event, o.codigo || `#${idOrden}`);
        if (!text) return;
        await notifyUsers(c, users, text);
      },
    };
    return partsNotice(event, '') ? command : null;
  },
});
