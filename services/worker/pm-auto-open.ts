import type { PgBoss } from 'pg-boss';
import type { Sql } from 'postgres';
import { addDays } from '@shared/pm-forecast';
import { businessToday } from '@shared/time';
import { fold } from '../../events/decider';
import { execute } from '../../events/execute';
import { planOf, pmPlans } from '../../events/pm-plan/decider';
import { pmSiteDecider, type PmSiteEvent } from '../../events/pm-site/decider';
import { streamIdOf, type EventStore } from '../../events/store';
import { workOrders } from '../../events/work-order/decider';
import type { Header, WorkLine } from '../../events/work-order/types';
import { pmBoardFrom } from '../app/preventive-maintenance/pm-board-sql';
import { nextCode } from '../app/work-orders/next-code';

export const PM_AUTO_OPEN_QUEUE = 'pm-auto-open';
/** One run per slot of this length: every worker sends the slot's job, pg-boss keeps one. */
export const PM_AUTO_OPEN_SLOT_SECONDS = 3600;

type Deps = { sql: Sql; store: EventStore; now: () => Date };
type Due = { id_obra: number; id_equipo: number; id_plan: number; plan: string; actual: number; placa: string; serie: string };

/**
 * Issue 20: opens the preventive OT of every plan due within its site's `dias_anticipacion` (or
 * overdue) on the sites whose automatic opening is on, and links it to its plan — exactly once:
 * each OT is one command whose id names the plan and its cycle (its last service), so a second
 * worker, a retried job or the next hour's run finds the command stored and opens nothing; and a
 * plan already holding an open OT (its stream says so, whatever the board's async table shows)
 * opens none. `now` is the caller's clock (tests move it over a month).
 */
export async function openDuePreventiveOrders(deps: Deps): Promise<{ opened: number }> {
  const now = deps.now();
  const today = businessToday(now);
  const sites = await deps.sql<{ stream_id: string }[]>`SELECT stream_id FROM es_streams WHERE stream_type = 'pm_obra'`;
  let opened = 0;
  for (const { stream_id } of sites) {
    const settings = fold(pmSiteDecider, (await deps.store.readStream(stream_id)) as unknown as PmSiteEvent[]);
    if (!settings.auto_abrir || settings.id_obra === null) continue;
    const due = await deps.sql<Due[]>`
      SELECT b.id_obra::int AS id_obra, b.id_equipo::int AS id_equipo, b.id_plan, b.plan, b.actual,
             e.placa, e.serie
        FROM ${deps.sql.unsafe(pmBoardFrom(today))} JOIN rm_equipos e ON e.id = b.id_equipo
       WHERE b.id_obra = ${settings.id_obra} AND b.id_orden_trabajo IS NULL
         AND (b.estado = 'vencido' OR b.fecha <= ${addDays(today, settings.dias_anticipacion)})
       ORDER BY b.id_equipo, b.id_plan`;
    for (const d of due) {
      const r = await execute(
        deps.store,
        async (c) => {
          const plans = await c.load(pmPlans, d.id_equipo);
          const plan = planOf(plans.state, d.id_plan);
          if (!plan || plan.id_orden_trabajo !== null) return null;
          const id = await c.nextId('work_order');
          const codigo = await nextCode(c.tx, d.id_obra);
          const header: Header = {
            id_obra: d.id_obra, id_equipo: d.id_equipo, placa_equipo: d.placa, serie_equipo: d.serie, fecha_parada: null, fecha_puesta_marcha: null,
            fecha_apertura_ot: `${today} 07:00`, fecha_cierre_ot: null, horometro_parada: null, horometro_puesta_marcha: null,
            horometro_apertura_ot: d.actual, horometro_cierre_ot: null, kilometraje: null, tercero_ruc: '', tercero_razon_social: '',
            id_operador: settings.id_operador, id_mecanico: settings.id_mecanico, id_supervisor: settings.id_supervisor, sin_productos: 1, id_tipo_mantenimiento: 1,
          };
          const texts = plan.intervenciones.length ? plan.intervenciones : [`Mantenimiento preventivo: ${d.plan}`];
          const lineIds = await c.nextIds('work_order_line', texts.length);
          const intervenciones: WorkLine[] = texts.map((descripcion) => ({
            id: 0, id_grupo_funcional: settings.id_grupo_funcional, id_grupo_funcional_elemento: settings.id_grupo_funcional_elemento, descripcion, horas: 0, minutos: 0, observacion: '',
          }));
          c.start(workOrders, id).decide({
            type: 'SaveWorkOrder', id, codigo, rechazado_id: null, header, terminado: false, newLineIds: lineIds, allowedUnits: {},
            firmas: { operador: 0, mecanico: 0, supervisor: 0 },
            lines: { diagnosticos: [], intervenciones, productos_solicitados: [], documentos: [] },
            actor: { id: settings.id_supervisor ?? 0, roleId: 15, canCreateRequest: false },
          });
          plans.decide({ type: 'LinkPmWorkOrder', id_equipo: d.id_equipo, id_plan: d.id_plan, id_orden_trabajo: id, automatico: true });
          return id;
        },
        {
          // The plan and its cycle: the same due OT always gets the same command id.
          commandId: `pm-auto-open:${d.id_equipo}:${d.id_plan}:${await cycleOf(deps, d.id_equipo, d.id_plan)}`,
          metadata: { userId: null, requestId: 'pm-auto-open' },
        },
      );
      if (r.value && !r.idempotent) opened += 1;
    }
  }
  return { opened };
}

/** The plan's cycle: its last service (value and day) as its stream holds it now. */
async function cycleOf(deps: Deps, idEquipo: number, idPlan: number): Promise<string> {
  const events = await deps.store.readStream(streamIdOf('pm_plan', idEquipo));
  const services = events.filter((e) => e.type === 'PmServiceRecorded' && Number((e.data as { id_plan: number }).id_plan) === idPlan);
  return String(services.length);
}

/** The worker's side: runs the job of each slot, and every worker sends the current slot's job
 * every half slot (pg-boss keeps one per singleton key and slot), like the SICAM status pull. */
export async function startPmAutoOpenWorker(boss: PgBoss, deps: Deps, options: { slotSeconds?: number } = {}): Promise<{ stop(): void }> {
  const seconds = options.slotSeconds ?? PM_AUTO_OPEN_SLOT_SECONDS;
  await boss.createQueue(PM_AUTO_OPEN_QUEUE).catch(() => undefined);
  await boss.work(PM_AUTO_OPEN_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
    await openDuePreventiveOrders(deps);
  });
  const tick = () => void sendPmAutoOpen(boss, seconds, deps.now()).catch(() => undefined);
  tick();
  const timer = setInterval(tick, Math.max(500, (seconds * 1000) / 2));
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** The current slot's job; a second send in the same slot is dropped by pg-boss (singleton). */
export function sendPmAutoOpen(boss: PgBoss, slotSeconds = PM_AUTO_OPEN_SLOT_SECONDS, now = new Date()) {
  // The business day in the key: a job per day and slot, whatever clock the caller runs on.
  return boss.send(PM_AUTO_OPEN_QUEUE, {}, { singletonKey: `pm-auto-open:${businessToday(now)}`, singletonSeconds: slotSeconds, retryLimit: 2, expireInSeconds: 600 });
}
