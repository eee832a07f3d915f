import { fold } from '../../../events/decider';
import { streamIdOf } from '../../../events/store';
import { planOf, pmPlanDecider } from '../../../events/pm-plan/decider';
import type { PmPlanEvent } from '../../../events/pm-plan/types';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import { materialsByCode } from './pm-plans';

export const MSG_PLAN_NOT_FOUND = 'No se encontró el plan de mantenimiento';

/**
 * Issue 20: what a new OT opened from a due plan starts with: the machine (its site, plate and
 * serial), its current meter as the opening reading, the plan's standard interventions as new
 * lines and its standard parts as new part lines (the material, its code and type, the type's
 * base unit when it has exactly one, the quantity; a code no active material has any more comes
 * as a line without material, described by its code, for the user to resolve). The user picks
 * each line's element and may change anything before saving. The reply names the plan
 * (`id_pm_plan`), and the save sends it back to link the OT to the plan.
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
  const productos = await partLines(deps, plan.productos);
  return {
    id_obra: e.id_obra,
    id_equipo: idEquipo,
    placa_equipo: e.placa,
    serie_equipo: e.serie,
    horometro_apertura_ot: e.horometro,
    kilometraje: e.kilometraje,
    intervenciones,
    productos_solicitados: productos,
    // 'No requiere productos de almacén' only when the plan names no part.
    sin_productos: productos.length ? 0 : 1,
    // Issue 19's maintenance type: an OT opened from a plan is preventive (MP).
    id_tipo_mantenimiento: 1,
    id_pm_plan: plan.id_plan,
    pm_plan: nombre,
  };
}

/** The unit each material type is counted in: its base unit (conversion factor 1) when exactly
 * one unit of the type has it, else its only unit, else none (as the OT form proposes). */
async function baseUnits(deps: ApiDeps, types: number[]): Promise<Map<number, number>> {
  if (!types.length) return new Map();
  const rows = await deps.sql<{ id_material_tipo: number; id_unidad: number; valor: number }[]>`
    SELECT id_material_tipo::int AS id_material_tipo, id_unidad::int AS id_unidad, valor::float8 AS valor
      FROM rm_conversion_unidades WHERE estado = 1 AND id_material_tipo IN ${deps.sql(types)}`;
  const out = new Map<number, number>();
  for (const t of types) {
    const units = rows.filter((r) => r.id_material_tipo === t);
    const base = units.filter((r) => r.valor === 1);
    const unit = base.length === 1 ? base[0].id_unidad : units.length === 1 ? units[0].id_unidad : null;
    if (unit !== null) out.set(t, unit);
  }
  return out;
}

async function partLines(deps: ApiDeps, productos: { codigo: string; cantidad: number }[]) {
  const materials = await materialsByCode(deps, productos.map((p) => p.codigo));
  const units = await baseUnits(deps, [...new Set([...materials.values()].map((m) => m.id_material_tipo))]);
  return productos.map((p) => {
    const m = materials.get(p.codigo);
    return {
      id: 0, id_grupo_funcional: null, id_grupo_funcional_elemento: null, descripcion: m ? m.nombre : `Material ${p.codigo} (código no encontrado)`,
      id_unidad: m ? (units.get(m.id_material_tipo) ?? null) : null, id_material: m?.id ?? null, codigo_material: m ? p.codigo : '',
      id_material_tipo: m?.id_material_tipo ?? null, material: m?.nombre ?? '', solicitud_material: 0, cantidad_solicitada_por_tecnico: p.cantidad,
      estado: 1, estado_nombre: '', vale_salida: '',
    };
  });
}
