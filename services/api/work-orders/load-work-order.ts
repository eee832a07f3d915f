import { preventivePrefill } from '../preventive-maintenance/pm-prefill';
import { MSG_WORK_ORDER_NOT_FOUND } from '@shared/messages';
import { wallClockNow } from '@shared/time';
import { fold } from '../../../events/decider';
import { canCancel, canCreateServiceRequest, canGeneratePurchaseRequest, canReplicate, partsLocked, refuseReplicate, workOrderDecider } from '../../../events/work-order/decider';
import { deriveTimes, LABEL_ATTENDED, LABEL_IN_PROCESS, partsSituation } from '@shared/work-order-derive';
import { PRODUCT_STATE_NAMES, ProductState, type ProductStateCode } from '@shared/purchase-request-codes';
import { type Actor, type Tabla, type WorkOrderState } from '../../../events/work-order/types';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import { defaultSupervisor } from './save-work-order';

export { LABEL_ATTENDED, LABEL_IN_PROCESS };

/** The rows of one line table with the names the screen and the PDF show. */
export async function loadLines(deps: ApiDeps, idOrden: number, tabla?: Tabla) {
  const rows = await deps.sql<{ tabla: Tabla; line: Record<string, unknown> & { id: number }; elemento: string | null; grupo: string | null; unidad: string | null; material: string | null; material_codigo: string | null; estado_producto: number | null }[]>`
    SELECT l.tabla, l.line, ps.estado::int AS estado_producto,
           CASE WHEN el.id IS NULL THEN NULL ELSE el.numero || ' - ' || el.nombre END AS elemento,
           gf.nombre AS grupo, un.nombre AS unidad, ma.nombre AS material, ma.codigo AS material_codigo
      FROM rm_ot_lineas l
      LEFT JOIN rm_grupo_funcional_elementos el ON el.id = (l.line->>'id_grupo_funcional_elemento')::bigint
      LEFT JOIN rm_grupos_funcionales gf ON gf.id = (l.line->>'id_grupo_funcional')::bigint
      LEFT JOIN rm_unidades un ON un.id = (l.line->>'id_unidad')::bigint
      LEFT JOIN rm_materiales ma ON ma.id = (l.line->>'id_material')::bigint
      LEFT JOIN rm_productos_solicitados ps ON ps.id = (l.line->>'id_producto_solicitado')::bigint
     WHERE l.id_orden_trabajo = ${idOrden} ${tabla ? deps.sql`AND l.tabla = ${tabla}` : deps.sql``}
     ORDER BY l.id`;
  const out: Record<Tabla, Record<string, unknown>[]> = { diagnosticos: [], intervenciones: [], productos_solicitados: [], documentos: [] };
  for (const r of rows) {
    const extra: Record<string, unknown> = { elemento: r.elemento ?? '', grupo_funcional: r.grupo ?? '' };
    if (r.tabla === 'productos_solicitados') {
      // A line carried by a purchase request shows its product's state (seed 002's 14 codes).
      const own = Number(r.line.estado ?? ProductState.borrador);
      // Served on site (9, 11) is the line's own; otherwise its product's, once it is in a request.
      const estado = own === ProductState.enAlmacenObra || own === ProductState.salidaDeAlmacen ? own : (r.estado_producto ?? own);
      Object.assign(extra, { unidad: r.unidad ?? '', material: r.material ?? '', estado, estado_nombre: PRODUCT_STATE_NAMES[estado as ProductStateCode] ?? '' });
    }
    if (r.tabla === 'documentos') Object.assign(extra, { url: r.line.pic ? `/uploads/${String(r.line.pic)}` : '' });
    out[r.tabla].push({ ...r.line, ...extra });
  }
  return out;
}

export async function loadState(deps: ApiDeps, id: number): Promise<{ state: WorkOrderState; version: number }> {
  const history = await deps.store.readStream(`work_order-${id}`);
  if (!history.length) throw new ApiError(404, MSG_WORK_ORDER_NOT_FOUND);
  return { state: fold(workOrderDecider, history as never), version: history[history.length - 1].version };
}

/** The order's parts labels (seed 001 §4): `partsSituation` over its part lines' states. */
export function partLabels(state: WorkOrderState): string[] {
  return partsSituation(Object.values(state.lines.productos_solicitados).map((p) => p.estado), partsLocked(state));
}

/** What the form may offer, from the decider's own rules (so buttons and server never disagree). */
export function permissionsOf(state: WorkOrderState, actor: Actor) {
  const open = state.status === 'abierto';
  return {
    locked: !open,
    parts_locked: !open || partsLocked(state),
    equipment_locked: !open || partsLocked(state),
    can_close_total: open,
    can_cancel: canCancel(state, actor) === null,
    can_replicate: canReplicate(state) === null,
    can_create_service_request: canCreateServiceRequest(state, actor) === null,
    can_generate_purchase_request: canGeneratePurchaseRequest(state, actor) === null,
  };
}

/** The order's header row as its form (and the site Pedido) reads it; 404 when it does not exist. */
export async function formRow(deps: ApiDeps, id: number) {
  const [row] = await deps.sql`
    SELECT id, codigo, estado, id_obra, ob_codigo, obra, id_equipo, equipo_codigo, equipo_descripcion, placa_equipo, serie_equipo,
           to_char(fecha_parada, 'YYYY-MM-DD HH24:MI') AS fecha_parada, to_char(fecha_puesta_marcha, 'YYYY-MM-DD HH24:MI') AS fecha_puesta_marcha,
           to_char(fecha_apertura_ot, 'YYYY-MM-DD HH24:MI') AS fecha_apertura_ot, to_char(fecha_cierre_ot, 'YYYY-MM-DD HH24:MI') AS fecha_cierre_ot,
           horometro_parada::float8 AS horometro_parada, horometro_puesta_marcha::float8 AS horometro_puesta_marcha,
           horometro_apertura_ot::float8 AS horometro_apertura_ot, horometro_cierre_ot::float8 AS horometro_cierre_ot,
           horometro_tiempo_parada::float8 AS horometro_tiempo_parada, horometro_tiempo_ejecucion::float8 AS horometro_tiempo_ejecucion,
           kilometraje::float8 AS kilometraje, tercero_ruc, tercero_razon_social, id_operador, id_mecanico, id_supervisor, operador, mecanico, supervisor,
           firma_operador, firma_mecanico, firma_supervisor, sin_productos, id_tipo_mantenimiento, atendido_por_almacen_obra, id_solicitud_compra, solicitud_tipo,
           solicitud_estado, rechazado_id, id_replica, version, date_created, date_updated
      FROM rm_ordenes_trabajo WHERE id = ${id}`;
  if (!row) throw new ApiError(404, MSG_WORK_ORDER_NOT_FOUND);
  return row;
}

/** GET /ordenes_trabajo/form: the order with its four tables, derived times and what the user may
 * do; id 0 a blank order; replicar=true a new order copied from a closed one (rechazado_id). */
export async function loadWorkOrderForm(deps: ApiDeps, opts: { id: number; replicar: boolean; actor: Actor; sites: number[] | 'all'; preventive?: { id_equipo: number; id_pm_plan: number } }) {
  const { id, replicar, actor } = opts;
  const [obras, unidades, conversiones] = await Promise.all([
    deps.sql`SELECT id AS value, codigo || ' - ' || nombre AS label, codigo FROM rm_obras
              WHERE estado = 1 ${opts.sites === 'all' ? deps.sql`` : deps.sql`AND id IN ${deps.sql(opts.sites.length ? opts.sites : [0])}`} ORDER BY nombre`,
    deps.sql`SELECT id AS value, nombre AS label, decimales FROM rm_unidades WHERE estado = 1 ORDER BY nombre`,
    deps.sql`SELECT id_material_tipo, id_unidad, valor FROM rm_conversion_unidades WHERE estado = 1 ORDER BY id_material_tipo, id_unidad`,
  ]);
  const lists = { obras, unidades, conversion_unidades: conversiones };

  if (id === 0) {
    const blank = {
      id: 0, codigo: '', estado: 1, version: 0, id_obra: null, id_equipo: null, placa_equipo: '', serie_equipo: '', fecha_parada: null,
      fecha_puesta_marcha: null, fecha_apertura_ot: wallClockNow(deps.now()), fecha_cierre_ot: null, horometro_parada: null,
      horometro_puesta_marcha: null, horometro_apertura_ot: null, horometro_cierre_ot: null, kilometraje: null, tercero_ruc: '',
      tercero_razon_social: '', id_operador: null, id_mecanico: null, id_supervisor: defaultSupervisor(actor), firma_operador: 0, firma_mecanico: 0,
      firma_supervisor: 0, sin_productos: 0, id_tipo_mantenimiento: 2, atendido_por_almacen_obra: 0, id_solicitud_compra: 0, rechazado_id: null,
      diagnosticos: [], intervenciones: [], productos_solicitados: [], documentos: [],
      tiempo_parada: { horas: 0, minutos: 0 }, tiempo_ejecucion: { horas: 0, minutos: 0 }, horometro_tiempo_parada: 0, horometro_tiempo_ejecucion: 0,
      labels: [], permissions: { locked: false, parts_locked: false, equipment_locked: false, can_close_total: false, can_cancel: false, can_replicate: false, can_create_service_request: false, can_generate_purchase_request: false },
    };
    const prefill = opts.preventive ? await preventivePrefill(deps, opts.preventive.id_equipo, opts.preventive.id_pm_plan, opts.sites) : {};
    return { item: { ...blank, ...prefill }, ...lists };
  }

  const { state } = await loadState(deps, id);
  const row = await formRow(deps, id);
  const lines = await loadLines(deps, id);
  const derived = deriveTimes(row as never);
  if (replicar) {
    refuseReplicate(state);
    // Seed 001 §4: the replica is a new order (id 0, empty code) naming the original; its lines
    // are copied as new lines (documents and the warehouse's answers stay with the original).
    const copy = (rows: Record<string, unknown>[]) => rows.map((l) => ({ ...l, id: 0 }));
    return {
      item: {
        ...row, ...derived, id: 0, codigo: '', estado: 1, version: 0, rechazado_id: id, id_replica: null, id_solicitud_compra: 0, solicitud_estado: null,
        atendido_por_almacen_obra: 0, firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, fecha_apertura_ot: wallClockNow(deps.now()), fecha_cierre_ot: null,
        diagnosticos: copy(lines.diagnosticos), intervenciones: copy(lines.intervenciones),
        productos_solicitados: copy(lines.productos_solicitados).map((p) => ({ ...p, estado: 1, vale_salida: '' })), documentos: [],
        labels: [], permissions: { locked: false, parts_locked: false, equipment_locked: false, can_close_total: false, can_cancel: false, can_replicate: false, can_create_service_request: false, can_generate_purchase_request: false },
      },
      ...lists,
    };
  }
  return { item: { ...row, ...derived, ...lines, labels: partLabels(state), permissions: permissionsOf(state, actor) }, ...lists };
}

