import type { Sql } from 'postgres';
import { businessToday, formatDate } from '@shared/time';
import { execute } from '../../../events/execute';
import { notifications } from '../../../events/notification/decider';
import type { EventStore } from '../../../events/store';
import { EXPIRY_HORIZON_DAYS, expiriesSql, expiryNotice, noticeFor, type ExpiryDocument } from '@shared/expiry-documents';

/** Who hears of a machine's expiries (docs/DECISIONS.md, issue 20): the fleet chiefs (profile 17,
 * 'jefe de equipos') and the site's supervisors (profile 15, 'supervisor de equipos'), active
 * users who work on the machine's site (all_works, their own site or an assigned one). */
export const FLEET_CHIEF_ROLE = 17;
export const SITE_SUPERVISOR_ROLE = 15;

/** The condition on `u` (rm_users) of the fleet's recipients for a site (`obra`: a SQL expression):
 * active fleet chiefs and site supervisors who work on it. Shared by the expiry and the overdue
 * preventive-maintenance notices. */
export const fleetRecipientsSql = (obra: string) =>
  `u.estado = 1 AND u.id_role IN (${FLEET_CHIEF_ROLE}, ${SITE_SUPERVISOR_ROLE})
        AND (u.all_works = 1 OR u.id_obra = ${obra}
             OR EXISTS (SELECT 1 FROM rm_user_obras uo WHERE uo.id_user = u.id AND uo.id_obra = ${obra} AND uo.estado = 1))`;

type Due = { id_equipo: number; codigo: string; obra: string; documento: ExpiryDocument; vence: string; dias: number; id_user: number };

/** The key of one notice: the same for every run, worker and day of its bucket. */
export const noticeKey = (d: Pick<Due, 'id_equipo' | 'documento' | 'vence' | 'id_user'>, umbral: number) =>
  `expiry:${d.id_equipo}:${d.documento}:${d.vence}:${umbral}:${d.id_user}`;

/**
 * The daily expiry notices (issue 20; docs/modules/equipment.md "Expiries"): for every document of
 * an active machine that expires within 30 days of `now`'s day (Lima), the notice of its bucket
 * (30, 7 or 1 day before: `noticeFor`) to each recipient that has not had it. Exactly once, with
 * any number of runs and workers:
 * - each notice is one command whose id is its key (machine, document, expiry date, threshold,
 *   user), so two runs racing over it store one notification (execute's command-id lock);
 * - the same transaction records the key in `expiry_notices`, which the next run reads to skip it.
 * A renewed document (a new date) starts its notices again.
 */
export async function runExpiryAlerts(deps: { store: EventStore; sql: Sql }, now: Date): Promise<{ sent: number; skipped: number }> {
  const today = businessToday(now);
  const rows = await deps.sql.unsafe<Due[]>(
    `SELECT x.id_equipo::int, x.codigo, x.obra, x.documento, to_char(x.vence, 'YYYY-MM-DD') AS vence, x.dias, u.id::int AS id_user
       FROM ${expiriesSql('$1::date')} x
       JOIN rm_users u ON ${fleetRecipientsSql('x.id_obra')}
      WHERE x.dias BETWEEN 0 AND ${EXPIRY_HORIZON_DAYS}
      ORDER BY x.vence, x.id_equipo, x.documento, u.id`,
    [today],
  );
  const due = rows.map((r) => ({ ...r, umbral: noticeFor(r.dias)! })).map((r) => ({ ...r, clave: noticeKey(r, r.umbral) }));
  if (due.length === 0) return { sent: 0, skipped: 0 };
  const sentBefore = new Set(
    (await deps.sql<{ clave: string }[]>`SELECT clave FROM expiry_notices WHERE clave IN ${deps.sql(due.map((d) => d.clave))}`).map((r) => r.clave),
  );
  let sent = 0;
  for (const d of due) {
    if (sentBefore.has(d.clave)) continue;
    const r = await execute(
      deps.store,
      async (c) => {
        const id = await c.nextId('notification');
        c.start(notifications, id).decide({ type: 'CreateNotification', id, userId: d.id_user, contenido: expiryNotice(d, formatDate) });
        await c.tx`INSERT INTO expiry_notices (clave, id_equipo, documento, vence, umbral, id_user, id_notification)
          VALUES (${d.clave}, ${d.id_equipo}, ${d.documento}, ${d.vence}, ${d.umbral}, ${d.id_user}, ${id}) ON CONFLICT (clave) DO NOTHING`;
      },
      { commandId: d.clave, metadata: { userId: null, requestId: 'expiry-alerts' } },
    );
    if (!r.idempotent) sent++;
  }
  return { sent, skipped: due.length - sent };
}
