import { notifications } from '../../events/notification/decider';
import type { CommandContext } from '../../events/execute';
import { defineReactor, type ReactorCommand } from './define';

const WATCHED = ['WorkOrderAttendedBySiteWarehouse', 'RequestedMaterialCreated'] as const;

/** What a work order's event tells its supervisor (issue 16, "Live and notifications"): the site
 * warehouse attended the order's Pedido, and SICAM created a material the order asked for. */
export function supervisorNotice(event: { type: string; data: Record<string, unknown> }, codigo: string): string | null {
  switch (event.type) {
    case 'WorkOrderAttendedBySiteWarehouse':
      return `El almacén de obra atendió la OT ${codigo}`;
    case 'RequestedMaterialCreated':
      return `SICAM creó el material ${String(event.data.codigo_material ?? '')} para la OT ${codigo}`;
    default:
      return null;
  }
}

/** The order's supervisor (`id_supervisor`) gets a notification (a `notification-{id}` stream; the
 * live projection pushes it to their sockets). Who it is is read inside the reaction's command,
 * which runs once per event; an order without a supervisor notifies no one. */
export const notifyWorkOrderSupervisor = defineReactor({
  name: 'notify_work_order_supervisor',
  canHandle: [...WATCHED],
  react(event) {
    const idOrden = Number(event.data.id);
    const command: ReactorCommand = {
      async run(c: CommandContext) {
        const [o] = await c.tx<{ codigo: string; id_supervisor: number | null }[]>`
          SELECT codigo, id_supervisor::int FROM rm_ordenes_trabajo WHERE id = ${idOrden}`;
        if (!o?.id_supervisor) return;
        const text = supervisorNotice(event, o.codigo || `#${idOrden}`);
        if (!text) return;
        const id = await c.nextId('notification');
        c.start(notifications, id).decide({ type: 'CreateNotification', id, userId: o.id_supervisor, contenido: text.slice(0, 500) });
      },
    };
    return supervisorNotice(event, '') ? command : null;
  },
});
