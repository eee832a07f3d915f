import { pmPlans } from '../../../events/pm-plan/decider';
import { MSG_SAVED, MSG_WORK_ORDER_NOT_FOUND } from '@shared/messages';
import { ConcurrencyError, NotFound } from '../../../events/errors';
import { execute } from '../../../events/execute';
import type { EventMetadata } from '../../../events/types';
import { refuseMissingReferences, workOrders } from '../../../events/work-order/decider';
import type { Actor, Header, LinesInput, PartLine } from '../../../events/work-order/types';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';
import { removeUpload } from '../platform/upload/removeUpload';
import { storeDocumentRowsOrRefuse } from '../platform/upload/documentRows';
import { PEOPLE_ROLES, worksAtSite } from '../sites/people-lookups';
import { loadActor } from './load-actor';
import type { SaveInput } from './work-order-schemas';
import { nextCode } from '../../app/work-orders/next-code';

/** Additional documents of an order: photos of the failure, reports, invoices (seed 001 §3 `pic`). */

export const MSG_OPENED = 'Se creó la orden de trabajo';
export const MSG_PERSON_INACTIVE = 'El trabajador no existe o está inactivo';
export const MSG_PERSON_SITE = 'El trabajador no trabaja en la obra elegida';
/** The profile each person field takes (the selects of seed 001 §7 list these profiles only). */
const PERSON_ROLES = { id_operador: PEOPLE_ROLES.operador, id_mecanico: PEOPLE_ROLES.mecanico, id_supervisor: PEOPLE_ROLES.supervisor } as const;
/** The supervisor a new order proposes: the signed-in user when their profile is the one the
 * supervisor field takes (the same rule the save checks). Every site they may choose is one they
 * work at (the form's sites are the user's own, site-scope.ts), so the proposal survives a site
 * change. */
export function defaultSupervisor(actor: Pick<Actor, 'id' | 'roleId'>): number | null {
  return Number(actor.roleId) === PERSON_ROLES.id_supervisor && actor.id > 0 ? actor.id : null;
}
export const MSG_PERSON_ROLE: Record<keyof typeof PERSON_ROLES, string> = {
  id_operador: 'El trabajador no es un operador',
  id_mecanico: 'El trabajador no es un mecánico',
  id_supervisor: 'El trabajador no es un supervisor de equipos',
};
export const MSG_CLOSED_TOTAL = 'Se cerró la orden de trabajo';

export type SaveResult = { id: number; codigo: string; is_new: boolean; msg: string; version: number };

function header(input: SaveInput): Header {
  return {
    id_obra: input.id_obra, id_equipo: input.id_equipo, placa_equipo: input.placa_equipo, serie_equipo: input.serie_equipo,
    fecha_parada: input.fecha_parada, fecha_puesta_marcha: input.fecha_puesta_marcha, fecha_apertura_ot: input.fecha_apertura_ot,
    fecha_cierre_ot: input.fecha_cierre_ot, horometro_parada: input.horometro_parada, horometro_puesta_marcha: input.horometro_puesta_marcha,
    horometro_apertura_ot: input.horometro_apertura_ot, horometro_cierre_ot: input.horometro_cierre_ot, kilometraje: input.kilometraje,
    tercero_ruc: input.tercero_ruc, tercero_razon_social: input.tercero_razon_social, id_operador: input.id_operador,
    id_mecanico: input.id_mecanico, id_supervisor: input.id_supervisor, sin_productos: input.sin_productos,
    id_tipo_mantenimiento: input.id_tipo_mantenimiento,
  };
}

/** Facts the pure decider cannot look up: the references exist, the equipment belongs to the
 * site, the people are active users. Field → message. */
async function referenceErrors(deps: ApiDeps, h: Header, lines: LinesInput): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const { sql } = deps;
  if (h.id_obra) {
    const [o] = await sql`SELECT estado FROM rm_obras WHERE id = ${h.id_obra}`;
    if (!o) errors.id_obra = 'La obra no existe';
    else if (o.estado !== 1) errors.id_obra = 'La obra está inactiva';
  }
  if (h.id_equipo) {
    const [e] = await sql<{ id_obra: number; estado: number }[]>`SELECT id_obra, estado FROM rm_equipos WHERE id = ${h.id_equipo}`;
    if (!e) errors.id_equipo = 'El equipo no existe';
    else if (h.id_obra && e.id_obra !== h.id_obra) errors.id_equipo = 'El equipo no pertenece a la obra elegida';
  }
  // The people come from the site's selects (seed 001 §7 lookups): each an active person of the
  // field's profile who works at the order's site. Read here, whatever the client sent.
  for (const [f, role] of Object.entries(PERSON_ROLES) as [keyof typeof PERSON_ROLES, number][]) {
    if (!h[f]) continue;
    const site = h.id_obra ? worksAtSite(sql, h.id_obra) : sql`TRUE`;
    const [u] = await sql<{ estado: number; id_role: number; at_site: boolean }[]>`
      SELECT u.estado, u.id_role, ${site} AS at_site FROM rm_users u WHERE u.id = ${h[f]}`;
    if (!u || u.estado !== 1) errors[f] = MSG_PERSON_INACTIVE;
    else if (Number(u.id_role) !== role) errors[f] = MSG_PERSON_ROLE[f];
    else if (!u.at_site) errors[f] = MSG_PERSON_SITE;
  }
  const work = [...lines.diagnosticos, ...lines.intervenciones, ...lines.productos_solicitados];
  const elementIds = [...new Set(work.map((l) => l.id_grupo_funcional_elemento).filter((x): x is number => !!x))];
  if (elementIds.length) {
    const found = new Set((await sql<{ id: number }[]>`SELECT id FROM rm_grupo_funcional_elementos WHERE id IN ${sql(elementIds)}`).map((r) => r.id));
    for (const tabla of ['diagnosticos', 'intervenciones', 'productos_solicitados'] as const) {
      lines[tabla].forEach((l, i) => {
        if (l.id_grupo_funcional_elemento && !found.has(l.id_grupo_funcional_elemento)) errors[`${tabla}.${i}.id_grupo_funcional_elemento`] = 'El elemento no existe';
      });
    }
  }
  return errors;
}

/** The part lines as the server knows them (issue 13 §14): a line naming a material takes that
 * material's code and type from the materials read model, never the client's, so the unit rule
 * below is checked against the real type; a line asking for a new material (no id_material) keeps
 * the type it names, which must exist, and no code. Returns the lines and any field errors. */
async function resolveParts(deps: ApiDeps, parts: PartLine[]): Promise<{ parts: PartLine[]; errors: Record<string, string> }> {
  const { sql } = deps;
  const errors: Record<string, string> = {};
  const materialIds = [...new Set(parts.map((l) => l.id_material).filter((x): x is number => !!x))];
  const materials = new Map(
    materialIds.length
      ? (await sql<{ id: number; codigo: string; id_material_tipo: number }[]>`
          SELECT id, codigo, id_material_tipo FROM rm_materiales WHERE id IN ${sql(materialIds)}`).map((m) => [Number(m.id), m] as const)
      : [],
  );
  const typeIds = [...new Set(parts.filter((l) => !l.id_material && l.id_material_tipo).map((l) => l.id_material_tipo as number))];
  const types = new Set(
    typeIds.length ? (await sql<{ id: number }[]>`SELECT id FROM rm_material_tipos WHERE id IN ${sql(typeIds)}`).map((r) => Number(r.id)) : [],
  );
  const resolved = parts.map((l, i) => {
    if (l.id_material) {
      const m = materials.get(l.id_material);
      if (!m) {
        errors[`productos_solicitados.${i}.id_material`] = 'El material no existe';
        return l;
      }
      return { ...l, codigo_material: m.codigo, id_material_tipo: Number(m.id_material_tipo) };
    }
    if (l.id_material_tipo && !types.has(l.id_material_tipo)) errors[`productos_solicitados.${i}.id_material_tipo`] = 'El tipo de material no existe';
    return { ...l, codigo_material: '' };
  });
  return { parts: resolved, errors };
}

/** Seed 001 §5: part units are the material type's units from the unit conversions. */
export async function allowedUnits(deps: ApiDeps, parts: PartLine[]): Promise<Record<string, number[]>> {
  const types = [...new Set(parts.map((p) => p.id_material_tipo).filter((x): x is number => !!x))];
  if (!types.length) return {};
  const rows = await deps.sql<{ id_material_tipo: number; id_unidad: number }[]>`
    SELECT id_material_tipo, id_unidad FROM rm_conversion_unidades WHERE estado = 1 AND id_material_tipo IN ${deps.sql(types)}`;
  const out: Record<string, number[]> = {};
  for (const r of rows) (out[String(r.id_material_tipo)] ??= []).push(r.id_unidad);
  return out;
}

/** POST /ordenes_trabajo/create: CIERRE MECANICO (terminado 0) or CIERRE TOTAL (terminado 1) of a
 * new or saved order, or the first save of a replica (rechazado_id). One command: the order's
 * stream (and, for a replica, the original's, which records it) decided and appended in one
 * transaction, with the new order's id, its OT code and the new line ids allocated inside it, so
 * a refused save burns none of them. */
export async function saveWorkOrder(
  deps: ApiDeps,
  opts: { input: SaveInput; files: Record<string, File>; principal: Principal; metadata: Partial<EventMetadata> },
): Promise<SaveResult> {
  const { input, files, principal, metadata } = opts;
  const isNew = input.id === 0;
  const actor: Actor = await loadActor(deps, principal);

  const h = header(input);
  const lines: LinesInput = {
    diagnosticos: input.diagnosticos,
    intervenciones: input.intervenciones,
    productos_solicitados: input.productos_solicitados.map((p) => ({ ...p, estado: 1, vale_salida: '' })) as PartLine[],
    documentos: [],
  };
  const parts = await resolveParts(deps, lines.productos_solicitados);
  lines.productos_solicitados = parts.parts;
  const refErrors = { ...(await referenceErrors(deps, h, lines)), ...parts.errors };
  refuseMissingReferences(refErrors);
  const units = await allowedUnits(deps, lines.productos_solicitados);

  // Documents are checked and stored last, once the order is loaded and everything else is
  // valid; a refused or failed save removes the files it stored.
  const stored: string[] = [];
  try {
    const r = await execute(deps.store, async (c) => {
      const order = isNew ? null : await c.load(workOrders, input.id);
      if (order && !order.exists) throw new NotFound(MSG_WORK_ORDER_NOT_FOUND);
      // The version the form was loaded at: an order saved by someone else since is a conflict.
      if (order && input.version !== undefined && input.version !== order.version) throw new ConcurrencyError(order.streamId, String(input.version), order.version);
      lines.documentos = await storeDocumentRowsOrRefuse(deps.config.uploadsDir, input.documentos, files, order?.state.lines.documentos ?? {}, stored);

      const newLines = [...lines.diagnosticos, ...lines.intervenciones, ...lines.productos_solicitados, ...lines.documentos].filter((l) => l.id === 0).length;
      const base = {
        header: h,
        firmas: { operador: input.firma_operador, mecanico: input.firma_mecanico, supervisor: input.firma_supervisor },
        lines,
        terminado: input.terminado === 1,
        newLineIds: await c.nextIds('work_order_line', newLines),
        allowedUnits: units,
        actor,
      };
      if (order) {
        order.decide({ type: 'SaveWorkOrder', id: input.id, codigo: order.state.codigo, rechazado_id: order.state.rechazado_id, ...base });
        return { id: input.id, codigo: order.state.codigo, streamId: order.streamId };
      }
      // A new order: its id and code, then the replica's original records it (same transaction).
      const id = await c.nextId('work_order');
      const codigo = h.id_obra ? await nextCode(c.tx, h.id_obra) : '';
      const original = input.rechazado_id ? await c.load(workOrders, input.rechazado_id) : null;
      const created = c.start(workOrders, id);
      created.decide({ type: 'SaveWorkOrder', id, codigo, rechazado_id: input.rechazado_id, ...base });
      original?.decide({ type: 'MarkReplicated', id_replica: id, actor });
      // Issue 20: opened from a due plan: the plan names its OT in the same transaction (a plan
      // that already has one open refuses: 409, nothing stored).
      if (input.id_pm_plan !== undefined && input.id_pm_plan !== null && h.id_equipo) {
        const plan = await c.load(pmPlans, h.id_equipo);
        plan.decide({ type: 'LinkPmWorkOrder', id_equipo: h.id_equipo, id_plan: input.id_pm_plan, id_orden_trabajo: id, automatico: false });
      }
      return { id, codigo, streamId: created.streamId };
    }, { metadata });
    const { id, codigo, streamId } = r.value;
    const version = r.versions[streamId];
    if (!isNew) return { id, codigo, is_new: false, msg: input.terminado ? MSG_CLOSED_TOTAL : MSG_SAVED, version };
    return { id, codigo, is_new: true, msg: `${MSG_OPENED} ${codigo}`, version };
  } catch (e) {
    await Promise.all(stored.map((name) => removeUpload(deps.config.uploadsDir, name).catch(() => undefined)));
    throw e;
  }
}
