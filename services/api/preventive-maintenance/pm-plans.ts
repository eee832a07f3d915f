import { businessToday } from '@shared/time';
import { PM_UNIDADES, type PmUnidad } from '@shared/pm-forecast';
import { fold } from '../../../events/decider';
import { executeOn } from '../../../events/execute';
import { streamIdOf } from '../../../events/store';
import type { EventMetadata } from '../../../events/types';
import { PM_MSG, pmPlanDecider, pmPlans, refuseUnknownMaterials } from '../../../events/pm-plan/decider';
import { INHERITED_PLAN, type PmPlanEvent, type PmPlanFields, type PmPlanProducto } from '../../../events/pm-plan/types';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';
import { assertSiteAllows } from '../platform/site-scope';
import type { PmPlanProductoItem, PmPlansReply } from '@shared/contracts/preventive-maintenance';

export const MSG_MATERIAL_NOT_FOUND = PM_MSG.materialNotFound;

/** The active materials of these codes, by code (codes match as stored; a plan keeps the code). */
export async function materialsByCode(deps: ApiDeps, codes: string[]): Promise<Map<string, { id: number; nombre: string; id_material_tipo: number }>> {
  const unique = [...new Set(codes.filter(Boolean))];
  if (!unique.length) return new Map();
  const rows = await deps.sql<{ id: number; codigo: string; nombre: string; id_material_tipo: number }[]>`
    SELECT DISTINCT ON (codigo) id::int AS id, codigo, nombre, id_material_tipo::int AS id_material_tipo
      FROM rm_materiales WHERE codigo IN ${deps.sql(unique)} AND estado = 1 ORDER BY codigo, id`;
  return new Map(rows.map((r) => [r.codigo, { id: r.id, nombre: r.nombre, id_material_tipo: r.id_material_tipo }]));
}

export const MSG_EQUIPO_NOT_FOUND = 'No se encontró el equipo';

type Machine = { id: number; codigo: string; subgrupo: string | null; unidad: string | null; intervalo: number | null };

/** The machine, on one of the caller's sites (404 otherwise), with its subgroup's interval. */
export async function loadMachine(deps: ApiDeps, principal: Principal, idEquipo: number): Promise<Machine> {
  const [m] = await deps.sql<Machine[]>`
    SELECT e.id::int AS id, e.codigo, s.nombre AS subgrupo, pm_unidad(u.nombre) AS unidad, s.mantenimiento_valor::float8 AS intervalo
      FROM rm_equipos e LEFT JOIN rm_equipo_subgrupos s ON s.id = e.id_equipo_subgrupo LEFT JOIN rm_unidades u ON u.id = s.id_mantenimiento_unidad
     WHERE e.id = ${idEquipo}`;
  if (!m) throw new ApiError(404, MSG_EQUIPO_NOT_FOUND);
  await assertSiteAllows(deps, principal, 'equipo', idEquipo, MSG_EQUIPO_NOT_FOUND);
  return m;
}

/** A machine's plans folded from its stream (the form reads what was just saved), plan 0 first. */
export async function machinePlans(deps: ApiDeps, machine: Machine): Promise<PmPlansReply> {
  const events = await deps.store.readStream(streamIdOf('pm_plan', machine.id));
  const state = fold(pmPlanDecider, events as unknown as PmPlanEvent[]);
  const inherited = { id_plan: INHERITED_PLAN, nombre: '', unidad: null, intervalo: null, intervenciones: [], productos: [], activo: true, ultimo_valor: null, ultima_fecha: null, id_orden_trabajo: null };
  const plans = { [String(INHERITED_PLAN)]: inherited, ...state.planes };
  const materials = await materialsByCode(deps, Object.values(plans).flatMap((p) => p.productos.map((x) => x.codigo)));
  const withMaterial = (x: PmPlanProducto): PmPlanProductoItem => {
    const m = materials.get(x.codigo);
    return { codigo: x.codigo, cantidad: x.cantidad, id_material: m?.id ?? null, material: m?.nombre ?? null };
  };
  const unidad = PM_UNIDADES.includes(machine.unidad as PmUnidad) ? (machine.unidad as PmUnidad) : null;
  return {
    id_equipo: machine.id,
    codigo: machine.codigo,
    version: events.length ? events[events.length - 1].version : 0,
    subgrupo: { nombre: machine.subgrupo, unidad, intervalo: machine.intervalo },
    items: Object.values(plans)
      .sort((a, b) => a.id_plan - b.id_plan)
      .map((p) => ({ ...p, productos: p.productos.map(withMaterial), heredado: p.id_plan === INHERITED_PLAN && p.unidad === null })),
  };
}

export type SavePlanInput = PmPlanFields & {
  id_equipo: number;
  id_plan: number | null;
  ultimo_valor?: number | null;
  ultima_fecha?: string | null;
  version?: number;
};

/** Creates (id_plan null), overrides (plan 0) or changes a machine's plan: one command on its stream. */
export async function savePlan(deps: ApiDeps, options: { input: SavePlanInput; principal: Principal; metadata: Partial<EventMetadata> }) {
  const { input } = options;
  const machine = await loadMachine(deps, options.principal, input.id_equipo);
  // A part names an active material by its code (refuseUnknownMaterials).
  const productos = input.productos.map((x) => ({ codigo: x.codigo, cantidad: x.cantidad }));
  const materials = await materialsByCode(deps, productos.map((x) => x.codigo));
  refuseUnknownMaterials(productos, materials);
  const fields: PmPlanFields = { nombre: input.nombre, unidad: input.unidad, intervalo: input.intervalo, intervenciones: input.intervenciones, productos, activo: input.activo };
  await executeOn(
    deps.store,
    pmPlans,
    machine.id,
    {
      type: 'SavePmPlan', id_equipo: machine.id, id_plan: input.id_plan, fields, fecha: businessToday(deps.now()),
      ...(input.ultimo_valor !== undefined ? { ultimo_valor: input.ultimo_valor } : {}),
      ...(input.ultima_fecha !== undefined ? { ultima_fecha: input.ultima_fecha } : {}),
    },
    { metadata: options.metadata, expectedVersion: input.version },
  );
  return { ...(await machinePlans(deps, machine)), msg: 'Guardado correctamente' };
}

export async function removePlan(deps: ApiDeps, options: { id_equipo: number; id_plan: number; principal: Principal; metadata: Partial<EventMetadata> }) {
  const machine = await loadMachine(deps, options.principal, options.id_equipo);
  await executeOn(deps.store, pmPlans, machine.id, { type: 'RemovePmPlan', id_equipo: machine.id, id_plan: options.id_plan }, { metadata: options.metadata });
  return { ...(await machinePlans(deps, machine)), msg: 'Eliminado correctamente' };
}
