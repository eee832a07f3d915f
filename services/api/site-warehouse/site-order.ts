import { MSG_WORK_ORDER_NOT_FOUND } from '@shared/messages';
import type { TransactionSql } from 'postgres';
import { CommandRejected } from '../../../events/errors';
import { execute } from '../../../events/execute';
import { PRODUCT_STATE_NAMES, ProductState, RequestState, type ProductStateCode } from '@shared/purchase-request-codes';
import { purchaseRequests } from '../../../events/purchase-request/decider';
import type { EventMetadata, RecordedEvent } from '../../../events/types';
import {
  canGeneratePurchaseRequest,
  canResendMaterials,
  canSaveSiteOrder,
  MSG_CANCELLED,
  MSG_CLOSED,
  MSG_SITE_ORDER_ATTENDED,
  toRequest,
  workOrders,
} from '../../../events/work-order/decider';
import type { Actor, PartLine, SiteOrderLine } from '../../../events/work-order/types';
import { activeUnitConversions } from '../catalogues/conversion-unidades';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import { can, type Principal } from '../platform/principal';
import { loadActor } from '../work-orders/load-actor';
import { formRow, loadLines, loadState, partLabels } from '../work-orders/load-work-order';
import { deriveTimes } from '@shared/work-order-derive';
import { allowedUnits } from '../work-orders/save-work-order';

export const MSG_SITE_ORDER_SAVED = 'Guardado correctamente';
export const MSG_SITE_ORDER_ATTENDED_OK = 'Pedido atendido';

const MODULE = '/almacen_obra_ots';
const STATE_NAMES: Record<number, string> = { 1: 'Abierta', 2: 'Cancelada', 3: 'Cerrada' };

/** Products of stock requests (raised without an OT) of a site that lend to work orders: sent, live,
 * with quantity no order took yet. `except` names products whose availability is asked for (a
 * line keeps showing the product it chose even when nothing is left for others). */
export async function stockProducts(db: ApiDeps['sql'] | TransactionSql, opts: { idObra: number; idMaterial?: number; ids?: number[] }) {
  return db<{ value: number; label: string; id_solicitud_compra: number; codigo_solicitud_compra: string; id_material: number | null; cantidad_disponible: number }[]>`
    SELECT p.id::int AS value, r.id::int AS id_solicitud_compra, r.codigo AS codigo_solicitud_compra, p.id_material::int AS id_material,
           greatest(p.cantidad_solicitada_por_almacen_obra - p.cantidad_reservada, 0)::float8 AS cantidad_disponible,
           r.codigo || ' · ' || trim(to_char(greatest(p.cantidad_solicitada_por_almacen_obra - p.cantidad_reservada, 0), 'FM999999990.####'), '.') || ' disponible' AS label
      FROM rm_productos_solicitados p JOIN rm_solicitudes_compras r ON r.id = p.id_solicitud_compra
     WHERE r.id_obra = ${opts.idObra} AND r.creado_desde_ot = 0
       AND r.estado NOT IN (${RequestState.borrador}, ${RequestState.cancelado}, ${RequestState.rechazado}, ${RequestState.observado})
       AND p.estado NOT IN (${ProductState.borrador}, ${ProductState.cancelado}, ${ProductState.rechazado}, ${ProductState.enOCAnulado}, ${ProductState.observado})
       ${opts.idMaterial ? db`AND p.id_material = ${opts.idMaterial} AND p.cantidad_solicitada_por_almacen_obra > p.cantidad_reservada` : db``}
       ${opts.ids ? db`AND p.id IN ${db(opts.ids.length ? opts.ids : [0])}` : db``}
     ORDER BY r.id, p.orden, p.id
     LIMIT 100`;
}

/** The Pedido's lines with the names the screen shows and the derived quantity to request; a line
 * already in a purchase request shows that product's state. */
async function loadSiteLines(deps: ApiDeps, idOrden: number) {
  const rows = await deps.sql<{ line: PartLine; elemento: string | null; unidad: string | null; stock_solicitud: string | null; estado_producto: number | null }[]>`
    SELECT l.line, el.numero || ' - ' || el.nombre AS elemento, un.nombre AS unidad, sr.codigo AS stock_solicitud, ps.estado::int AS estado_producto
      FROM rm_ot_lineas l
      LEFT JOIN rm_grupo_funcional_elementos el ON el.id = (l.line->>'id_grupo_funcional_elemento')::bigint
      LEFT JOIN rm_unidades un ON un.id = (l.line->>'id_unidad')::bigint
      LEFT JOIN rm_productos_solicitados sp ON sp.id = (l.line->>'id_producto_solicitado_stock_solicitud')::bigint
      LEFT JOIN rm_solicitudes_compras sr ON sr.id = sp.id_solicitud_compra
      LEFT JOIN rm_productos_solicitados ps ON ps.id = (l.line->>'id_producto_solicitado')::bigint
     WHERE l.id_orden_trabajo = ${idOrden} AND l.tabla = 'productos_solicitados'
     ORDER BY l.id`;
  return rows.map(({ line, elemento, unidad, stock_solicitud, estado_producto }) => {
    const own = Number(line.estado ?? 1);
    const estado = (own === ProductState.enAlmacenObra || own === ProductState.salidaDeAlmacen ? own : (estado_producto ?? own)) as ProductStateCode;
    return {
      id: line.id,
      elemento: elemento ?? '',
      codigo_material: line.codigo_material ?? '',
      id_material: line.id_material ?? null,
      id_material_tipo: line.id_material_tipo ?? null,
      descripcion: line.descripcion ?? '',
      id_unidad: line.id_unidad ?? null,
      unidad: unidad ?? '',
      solicitud_material: line.solicitud_material === 1 ? (1 as const) : (0 as const),
      cantidad_solicitada_por_tecnico: Number(line.cantidad_solicitada_por_tecnico),
      cantidad_en_almacen_obra: Number(line.cantidad_en_almacen_obra ?? 0),
      usar_stock_solicitud: line.usar_stock_solicitud === 1 ? (1 as const) : (0 as const),
      id_producto_solicitado_stock_solicitud: line.id_producto_solicitado_stock_solicitud ?? null,
      cantidad_stock_solicitud: Number(line.cantidad_stock_solicitud ?? 0),
      stock_solicitud: stock_solicitud ?? '',
      cantidad_solicitada_por_almacen_obra: toRequest(line),
      id_producto_solicitado: line.id_producto_solicitado ?? null,
      estado,
      estado_nombre: PRODUCT_STATE_NAMES[estado] ?? '',
      vale_salida: line.vale_salida ?? '',
    };
  });
}

/** Seed 002 §3 "Work order as seen by the warehouses": the order's stop and restart, its times,
 * hour-meter and mileage readings, third party, equipment plate and serial, its people with their
 * signatures, and its diagnoses and interventions; the Pedido shows them read-only. */
function workOrderAsSeen(ot: Record<string, unknown>, work: Awaited<ReturnType<typeof loadLines>>) {
  const num = (k: string) => (ot[k] === null || ot[k] === undefined ? null : Number(ot[k]));
  const readings = {
    fecha_parada: (ot.fecha_parada as string | null) ?? null, fecha_puesta_marcha: (ot.fecha_puesta_marcha as string | null) ?? null,
    fecha_apertura_ot: (ot.fecha_apertura_ot as string | null) ?? null, fecha_cierre_ot: (ot.fecha_cierre_ot as string | null) ?? null,
    horometro_parada: num('horometro_parada'), horometro_puesta_marcha: num('horometro_puesta_marcha'),
    horometro_apertura_ot: num('horometro_apertura_ot'), horometro_cierre_ot: num('horometro_cierre_ot'),
  };
  const workLine = (l: Record<string, unknown>) => ({
    id: Number(l.id), grupo_funcional: String(l.grupo_funcional ?? ''), elemento: String(l.elemento ?? ''), descripcion: String(l.descripcion ?? ''),
    horas: Number(l.horas ?? 0), minutos: Number(l.minutos ?? 0), observacion: String(l.observacion ?? ''),
  });
  return {
    ...readings,
    ...deriveTimes(readings),
    kilometraje: num('kilometraje'),
    tercero_ruc: String(ot.tercero_ruc ?? ''), tercero_razon_social: String(ot.tercero_razon_social ?? ''),
    id_equipo: num('id_equipo'), placa_equipo: String(ot.placa_equipo ?? ''), serie_equipo: String(ot.serie_equipo ?? ''),
    id_operador: num('id_operador'), id_mecanico: num('id_mecanico'), id_supervisor: num('id_supervisor'),
    operador: (ot.operador as string | null) ?? null, mecanico: (ot.mecanico as string | null) ?? null, supervisor: (ot.supervisor as string | null) ?? null,
    firma_operador: Number(ot.firma_operador) === 1 ? (1 as const) : (0 as const),
    firma_mecanico: Number(ot.firma_mecanico) === 1 ? (1 as const) : (0 as const),
    firma_supervisor: Number(ot.firma_supervisor) === 1 ? (1 as const) : (0 as const),
    diagnosticos: work.diagnosticos.map(workLine),
    intervenciones: work.intervenciones.map(workLine),
  };
}

/** GET /almacen_obra_ots/form (seed 002 §7 "Site warehouse"): the order as the warehouses see it,
 * its part lines with the Pedido's quantities, units and conversions, and what the caller may do,
 * from the decider's own rules. */
export async function siteOrderForm(deps: ApiDeps, principal: Principal, id: number) {
  const { state } = await loadState(deps, id);
  const [row] = await deps.sql<Record<string, unknown>[]>`
    SELECT o.id::int, o.codigo, o.estado::int, o.id_obra::int, o.ob_codigo AS codigo_obra, o.obra, o.equipo_codigo, o.equipo_descripcion,
           to_char(o.fecha_apertura_ot, 'YYYY-MM-DD HH24:MI') AS fecha_apertura_ot, to_char(o.fecha_cierre_ot, 'YYYY-MM-DD HH24:MI') AS fecha_cierre_ot,
           o.supervisor, o.mecanico, o.atendido_por_almacen_obra::int, o.tiene_productos_en_solicitud_material::int, o.creacion_materiales_atendidos::int,
           o.solicitud_materiales_enviado_sicam::int, o.materiales_estado, o.materiales_motivo, o.id_solicitud_compra::int,
           coalesce(r.codigo, '') AS codigo_solicitud_compra, o.version::int
      FROM rm_ordenes_trabajo o LEFT JOIN rm_solicitudes_compras r ON r.id = nullif(o.id_solicitud_compra, 0)
     WHERE o.id = ${id}`;
  if (!row) throw new ApiError(404, MSG_WORK_ORDER_NOT_FOUND);
  const lines = await loadSiteLines(deps, id);
  const [ot, work, unidades, conversiones, actor] = await Promise.all([
    formRow(deps, id),
    loadLines(deps, id),
    deps.sql<{ id: number; nombre: string }[]>`SELECT id::int, nombre FROM rm_unidades WHERE estado = 1 ORDER BY nombre`,
    activeUnitConversions(deps.sql),
    loadActor(deps, principal),
  ]);
  const edit = can(principal, MODULE, 'edit');
  const lock = canSaveSiteOrder(state);
  const estado = Number(row.estado);
  return {
    item: {
      ...row,
      ...workOrderAsSeen(ot, work),
      estado_nombre: STATE_NAMES[estado] ?? '',
      tiene_productos_en_borrador: lines.some((l) => !l.id_producto_solicitado && l.cantidad_solicitada_por_almacen_obra > 0) ? 1 : 0,
      productos_solicitados: lines,
    },
    unidades,
    conversion_unidades: conversiones,
    editable: edit && lock === null,
    puede_atender: edit && lock === null,
    puede_reenviar_sicam: edit && canResendMaterials(state) === null,
    puede_generar_solicitud: edit && canGeneratePurchaseRequest(state, actor) === null,
    motivo_bloqueo: lock === MSG_SITE_ORDER_ATTENDED || lock === MSG_CLOSED || lock === MSG_CANCELLED ? lock : edit ? null : 'Solo lectura: su perfil no puede editar pedidos',
    labels: partLabels(state),
  };
}

export type SiteOrderInput = {
  id: number;
  terminado?: 0 | 1;
  productos_solicitados: (Partial<Omit<SiteOrderLine, 'id'>> & { id: number })[];
};

type Ctx = { deps: ApiDeps; principal: Principal; metadata: Partial<EventMetadata> };

/** POST /almacen_obra_ots/create: the Pedido's save; `terminado=1` is "Atendido" in the same
 * transaction. Stock from other requests is read (and locked) in the transaction; at Atendido each
 * line's stock is taken from its product's request (RequestedProductStockReserved), so two orders
 * cannot take the same units. `within`: work after the append in the same transaction (the
 * material-creation push). */
export async function saveSiteOrder({ deps, principal, metadata }: Ctx, input: SiteOrderInput, opts: { within?: (tx: TransactionSql, events: RecordedEvent[]) => Promise<void> } = {}) {
  const terminado = input.terminado === 1;
  const units = await allowedUnits(deps, input.productos_solicitados as PartLine[]);
  await execute(deps.store, async (c) => {
    const order = await c.load(workOrders, input.id);
    if (!order.exists) throw new CommandRejected(MSG_WORK_ORDER_NOT_FOUND, {}, 404);
    const idObra = order.state.header.id_obra ?? 0;
    const wanted = input.productos_solicitados.map((l) => l.id_producto_solicitado_stock_solicitud).filter((x): x is number => !!x);
    const stockAvailable: Record<string, number> = {};
    if (wanted.length) {
      await c.tx`SELECT 1 FROM rm_productos_solicitados WHERE id IN ${c.tx(wanted)} ORDER BY id FOR UPDATE`;
      for (const p of await stockProducts(c.tx, { idObra, ids: wanted })) stockAvailable[String(p.value)] = p.cantidad_disponible;
    }
    const lines: SiteOrderLine[] = input.productos_solicitados.map((l) => {
      const before = order.state.lines.productos_solicitados[String(l.id)];
      const base: Partial<PartLine> = before ?? {};
      const usar = (l.usar_stock_solicitud ?? base.usar_stock_solicitud ?? 0) === 1 ? 1 : 0;
      return {
        id: l.id,
        solicitud_material: (l.solicitud_material ?? base.solicitud_material ?? 0) === 1 ? 1 : 0,
        id_unidad: l.id_unidad !== undefined ? l.id_unidad : base.id_unidad ?? null,
        id_material: l.id_material !== undefined ? l.id_material : base.id_material ?? null,
        codigo_material: l.codigo_material ?? base.codigo_material ?? '',
        id_material_tipo: l.id_material_tipo !== undefined ? l.id_material_tipo : base.id_material_tipo ?? null,
        descripcion: l.descripcion ?? base.descripcion ?? '',
        cantidad_en_almacen_obra: l.cantidad_en_almacen_obra ?? base.cantidad_en_almacen_obra ?? 0,
        usar_stock_solicitud: usar,
        id_producto_solicitado_stock_solicitud: usar ? l.id_producto_solicitado_stock_solicitud ?? base.id_producto_solicitado_stock_solicitud ?? null : null,
        cantidad_stock_solicitud: 0,
      } satisfies SiteOrderLine;
    });
    // The catalogue's materials the lines name (the decider gives each line its code and type).
    const materialIds = [...new Set(lines.map((l) => l.id_material).filter((x): x is number => !!x))];
    const mats = materialIds.length
      ? await c.tx<{ id: number; codigo: string; id_material_tipo: number; nombre: string }[]>`
          SELECT id::int, codigo, id_material_tipo::int, nombre FROM rm_materiales WHERE id IN ${c.tx(materialIds)}`
      : [];
    const materials = Object.fromEntries(mats.map(({ id, ...m }) => [String(id), m]));
    // The units of the lines' types and of their materials' types, whichever the line ends with.
    const lineUnits = { ...units, ...(await allowedUnits(deps, [...lines, ...mats] as PartLine[])) };
    // At "Atendido": the request of every stock product a line (named or not) may take from.
    const lent = terminado
      ? [...new Set([...lines, ...Object.values(order.state.lines.productos_solicitados)].map((l) => l.id_producto_solicitado_stock_solicitud).filter((x): x is number => !!x))]
      : [];
    const owners = lent.length ? await c.tx<{ id: number; id_solicitud_compra: number }[]>`
      SELECT id::int, id_solicitud_compra::int FROM rm_productos_solicitados WHERE id IN ${c.tx(lent)}` : [];
    const stockRequests = Object.fromEntries(owners.map((p) => [String(p.id), p.id_solicitud_compra]));
    order.decide({ type: 'SaveSiteOrder', lines, terminado, allowedUnits: lineUnits, stockAvailable, materials, stockRequests, by: principal.userId });
    const loadLender = (idSolicitud: number) => c.load(purchaseRequests, idSolicitud);
    if (terminado) {
      // Each line's stock is taken from the lending request, in this transaction.
      const lenders = new Map<number, Awaited<ReturnType<typeof loadLender>>>();
      for (const line of Object.values(order.state.lines.productos_solicitados)) {
        if (line.usar_stock_solicitud !== 1 || !line.id_producto_solicitado_stock_solicitud || !(line.cantidad_stock_solicitud > 0)) continue;
        const idSolicitud = stockRequests[String(line.id_producto_solicitado_stock_solicitud)];
        const lender = lenders.get(idSolicitud) ?? (await loadLender(idSolicitud));
        lenders.set(idSolicitud, lender);
        lender.decide({
          type: 'ReserveStock', id: idSolicitud, idProducto: line.id_producto_solicitado_stock_solicitud, cantidad: line.cantidad_stock_solicitud,
          idOrdenTrabajo: input.id, lineId: line.id, by: principal.userId,
        });
      }
    }
  }, { metadata, within: opts.within });
  const form = await siteOrderForm(deps, principal, input.id);
  return { msg: terminado ? MSG_SITE_ORDER_ATTENDED_OK : MSG_SITE_ORDER_SAVED, is_new: false, item: form.item };
}

export type { Actor };
