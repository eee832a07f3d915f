import { notifications } from '../../events/notification/decider';
import type { CommandContext } from '../../events/execute';
import type { RecordedEvent } from '../../events/types';
import { defineReactor, type ReactorCommand } from './define';

const WATCHED = ['WorkOrderAttendedBySiteWarehouse', 'RequestedMaterialCreated'] as const;
/** Issue 20, "Notifications from operations": the people named on an order hear when it names them. */
const ASSIGNING = ['WorkOrderOpened', 'WorkOrderDetailsChanged'] as const;

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

export type Assignment = { userId: number; roles: ('mecánico' | 'supervisor')[] };

/**
 * Who an order's event names (issue 20): on opening, its mechanic and supervisor; on a change of
 * its details, whoever became its mechanic or supervisor (reassigned: the new person, not the
 * one removed). One entry per person (named in both places: both roles), mechanic first; never the
 * user who made the change (they know).
 */
export function assignmentsOf(event: { type: string; data: Record<string, unknown>; metadata?: { userId?: number | null } }): Assignment[] {
  const actor = event.type === 'WorkOrderOpened' ? Number(event.data.by ?? event.metadata?.userId ?? 0) : Number(event.metadata?.userId ?? 0);
  const named: { role: Assignment['roles'][number]; id: unknown }[] = [];
  if (event.type === 'WorkOrderOpened') {
    const header = (event.data.header ?? {}) as Record<string, unknown>;
    named.push({ role: 'mecánico', id: header.id_mecanico }, { role: 'supervisor', id: header.id_supervisor });
  } else if (event.type === 'WorkOrderDetailsChanged') {
    const changes = (event.data.changes ?? {}) as Record<string, { to?: unknown } | undefined>;
    named.push({ role: 'mecánico', id: changes.id_mecanico?.to }, { role: 'supervisor', id: changes.id_supervisor?.to });
  }
  const out: Assignment[] = [];
  for (const { role, id } of named) {
    const userId = Number(id);
    if (!Number.isInteger(userId) || userId <= 0 || userId === actor) continue;
    const same = out.find((a) => a.userId === userId);
    if (same) same.roles.push(role);
    else out.push({ userId, roles: [role] });
  }
  return out;
}

/** The text a named person reads. */
export function assignmentNotice(type: string, roles: Assignment['roles'], order: { codigo: string; equipo: string | null }): string {
  const as = roles.join(' y ');
  const machine = order.equipo ? ` (${order.equipo})` : '';
  return type === 'WorkOrderOpened' ? `Se abrió la OT ${order.codigo}${machine} con usted como ${as}` : `Se le asignó la OT ${order.codigo}${machine} como ${as}`;
}

/** One notification, created in the reaction's command. */
async function notify(c: CommandContext, userId: number, text: string) {
  const id = await c.nextId('notification');
  c.start(notifications, id).decide({ type: 'CreateNotification', id, userId, contenido: text.slice(0, 500) });
}

/** An opening or reassignment that happened more than a week before it is reacted to is old news
 * (a first start catching up on a loaded history, the demo's months of orders): nobody is told. */
export const ASSIGNMENT_STALE_MS = 7 * 86_400_000;
export function isStaleAssignment(event: { occurredAt: Date | string }, now = Date.now()): boolean {
  return now - new Date(event.occurredAt).getTime() > ASSIGNMENT_STALE_MS;
}

/** The reaction to an order naming its people: one command per person (its own command id, so a
 * replay stores each once), which reads the order's code and machine and whether the person is an
 * active user who can sign in (a worker without system access gets nothing: they never read it). */
function assignmentCommands(event: RecordedEvent, now = Date.now()): ReactorCommand[] {
  if (isStaleAssignment(event, now)) return [];
  const idOrden = Number(event.data.id);
  return assignmentsOf(event).map((a) => ({
    async run(c: CommandContext) {
      const [o] = await c.tx<{ codigo: string; equipo: string | null }[]>`
        SELECT o.codigo, e.codigo AS equipo FROM rm_ordenes_trabajo o LEFT JOIN rm_equipos e ON e.id = o.id_equipo WHERE o.id = ${idOrden}`;
      const [user] = await c.tx`SELECT 1 FROM rm_users u JOIN rm_roles r ON r.id = u.id_role WHERE u.id = ${a.userId} AND u.estado = 1 AND r.system_user = 1`;
      if (!user) return;
      const codigo = String((event.data.codigo as string | undefined) || o?.codigo || `#${idOrden}`);
      await notify(c, a.userId, assignmentNotice(event.type, a.roles, { codigo, equipo: o?.equipo ?? null }));
    },
  }));
}

/** The order's supervisor (`id_supervisor`) gets a notification (a `notification-{id}` stream; the
 * live projection pushes it to their sockets) when the site warehouse attends the order or SICAM
 * creates a material it asked for; its mechanic and supervisor when the order is opened naming
 * them or they become its mechanic or supervisor (issue 20). Who and what are read inside the
 * reaction's commands, which run once per event. The reactor keeps its first name: renaming it
 * would replay the log under new command ids and notify everything again. */
export const notifyWorkOrderSupervisor = defineReactor({
  name: 'notify_work_order_supervisor',
  canHandle: [...WATCHED, ...ASSIGNING],
  react(event) {
    if ((ASSIGNING as readonly string[]).includes(event.type)) return assignmentCommands(event);
    const idOrden = Number(event.data.id);
    const command: ReactorCommand = {
      async run(c: CommandContext) {
        const [o] = await c.tx<{ codigo: string; id_supervisor: number | null }[]>`
          SELECT codigo, id_supervisor::int FROM rm_ordenes_trabajo WHERE id = ${idOrden}`;
        if (!o?.id_supervisor) return;
        const text = supervisorNotice(event, o.codigo || `#${idOrden}`);
        if (!text) return;
        await notify(c, o.id_supervisor, text);
      },
    };
    return supervisorNotice(event, '') ? command : null;
  },
});
