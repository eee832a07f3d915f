import { fold } from '../../../events/decider';
import { streamIdOf } from '../../../events/store';
import { planOf, pmPlanDecider } from '../../../events/pm-plan/decider';
import type { PmPlanEvent } from '../../../events/pm-plan/types';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';

export const MSG_PLAN_NOT_FOUND = 'No se encontró el plan de mantenimiento';

/**
 * Issue 20: what a new OT opened from a due plan starts with: the machine (its site, plate and
 * serial), its current meter as the opening reading, and the plan's standard interventions as
 * new lines (the user picks each line's element and may change anything before saving). The
 * reply names the plan (`id_pm_plan`), and the save sends it back to link the OT to the plan.
 * Faena's OT has no maintenance-type field yet: nothing marks it "MP" besides this link.
 */
export async function preventivePrefill(deps: ApiDeps, idEquipo: number, idPlan: number, sites: number[] | 'all'): Promise<Record<string, unknown>> {
  const [e] = await deps.sql<{ id_obra: number; placa: string; serie: string; horometro: number; kilometraje: number | null; subgrupo: string | null }[]>`
    SELECT e.id_obra::int AS id_obra, e.placa, e.serie, coalesce(m.horometro, e.horometro) AS horometro, m.kilometraje::float8 AS kilometraje,
           s.nombre AS subgrupo
      FROM rm_equipos e LEFT JOIN rm_equipo_medidores m ON m.id_equipo = e.id LEFT JOIN rm_equipo_subgrupos s ON s.id = e.id_equipo_subgrupo
     WHERE e.id = ${idEquipo} AND e.estado = 1`;
  if (!e || (sites !== 'all' && !sites.includes(e.id_obra))) throw new ApiError(404, 'No se encontró el equipo');
  const state = fold(pmPlanDecider, (await deps.store.readStream(streamIdOf('pm_plan', idEquipo))) as unknown as PmPlanEvent[]);
  const plan = planOf(state, idPlan);
  if (!plan || !plan.activo) throw new ApiError(404, MSG_PLAN_NOT_FOUND);
  const nombre = plan.nombre || `Preventivo del subgrupo${e.subgrupo ? ` ${e.subgrupo}` : ''}`;
  const intervenciones = (plan.intervenciones.length ? plan.intervenciones : [`Mantenimiento preventivo: ${nombre}`]).map((descripcion) => ({
    id: 0, id_grupo_funcional: null, id_grupo_funcional_elemento: null, descripcion, horas: 0, minutos: 0, observacion: '',
  }));
  return {
    id_obra: e.id_obra,
    id_equipo: idEquipo,
    placa_equipo: e.placa,
    serie_equipo: e.serie,
    horometro_apertura_ot: e.horometro,
    kilometraje: e.kilometraje,
    intervenciones,
    sin_productos: 1,
    // Issue 19's maintenance type: an OT opened from a plan is preventive (MP).
    id_tipo_mantenimiento: 1,
    id_pm_plan: plan.id_plan,
    pm_plan: nombre,
  };
}
