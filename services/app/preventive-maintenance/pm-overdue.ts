import type { Sql } from 'postgres';
import { businessToday } from '@shared/time';
import { execute } from '../../../events/execute';
import { deterministicUuid } from '../../../events/ids';
import { notifications } from '../../../events/notification/decider';
import type { EventStore } from '../../../events/store';
import { fleetRecipientsSql } from '../equipment/expiry-alerts';
import { pmBoardFrom } from './pm-board-sql';

type Overdue = { id_equipo: number; id_plan: number; codigo: string; plan: string; obra: string | null; ciclo: string; id_user: number };

/** The key of one overdue notice: a plan's cycle (its last service, value and date) and a
 * recipient. A service starts a new cycle, so the plan's next overdue is told again. */
export const overdueKey = (d: Pick<Overdue, 'id_equipo' | 'id_plan' | 'ciclo' | 'id_user'>) => `pm-overdue:${d.id_equipo}:${d.id_plan}:${d.ciclo}:${d.id_user}`;

export function overdueNotice(d: Pick<Overdue, 'codigo' | 'plan' | 'obra'>): string {
  return `El mantenimiento preventivo «${d.plan}» de ${d.codigo}${d.obra ? ` (${d.obra})` : ''} está vencido`;
}

/**
 * Issue 20, "the planner when a PM becomes overdue": every active plan the board shows as overdue
 * ('vencido') with no preventive OT open for it is told to the site's planners (the fleet chiefs
 * and the site's supervisors, as the expiry notices: docs/DECISIONS.md), once per plan cycle and
 * recipient, however many runs and workers: each notice is one command whose id is its key (a
 * race stores one), and notices already stored are skipped before running (their first event's
 * id is derived from the key). Run by the daily notices job (services/worker/expiry-alerts.ts).
 */
export async function runPmOverdueNotices(deps: { store: EventStore; sql: Sql }, now: Date): Promise<{ sent: number; skipped: number }> {
  const rows = await deps.sql.unsafe<Overdue[]>(
    `SELECT b.id_equipo::int, b.id_plan::int, b.codigo, b.plan, b.obra, u.id::int AS id_user,
            coalesce(b.ultimo_valor::text, '-') || '@' || coalesce(b.ultima_fecha, '-') AS ciclo
       FROM ${pmBoardFrom(businessToday(now))}
       JOIN rm_users u ON ${fleetRecipientsSql('b.id_obra')}
      WHERE b.estado = 'vencido' AND b.id_orden_trabajo IS NULL
      ORDER BY b.id_equipo, b.id_plan, u.id`,
  );
  if (rows.length === 0) return { sent: 0, skipped: 0 };
  const keys = rows.map(overdueKey);
  const stored = new Set<string>();
  for (let i = 0; i < keys.length; i += 1000) {
    const slice = keys.slice(i, i + 1000);
    const ids = new Map(slice.map((k) => [deterministicUuid(`${k}:0`), k]));
    for (const r of await deps.sql<{ id: string }[]>`SELECT event_id::text AS id FROM es_events WHERE event_id IN ${deps.sql([...ids.keys()])}`) stored.add(ids.get(r.id)!);
  }
  let sent = 0;
  for (const [i, d] of rows.entries()) {
    if (stored.has(keys[i])) continue;
    const r = await execute(
      deps.store,
      async (c) => {
        const id = await c.nextId('notification');
        c.start(notifications, id).decide({ type: 'CreateNotification', id, userId: d.id_user, contenido: overdueNotice(d) });
      },
      { commandId: keys[i], metadata: { userId: null, requestId: 'pm-overdue' } },
    );
    if (!r.idempotent) sent++;
  }
  return { sent, skipped: rows.length - sent };
}
