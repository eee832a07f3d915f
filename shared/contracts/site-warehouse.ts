import * as v from 'valibot';
import { unitConversion } from './catalogues';
import { getEndpoint, postEndpoint } from './endpoint';
import { decimalText, flag01, noPayload, optText, ref, rowId, wallClock, type ListRow } from './platform';
import { fromWorkOrderReply } from './purchase-requests';

// The reply types of the site warehouse's receipts and issues (seed 002 §7 "Site warehouse") as
// the web reads them.

export const receiptRow = v.object({
  codigo_material: v.string(), nombre_material: v.string(), cantidad_enviada: decimalText(), cantidad_entrada: decimalText(), cantidad_entrante: decimalText(),
  codigo_orden_trabajo: optText(), codigo_solicitud_compra: v.string(), numero_orden: optText(),
  id: rowId(), id_solicitud_compra: rowId(), id_obra: ref(), id_orden_trabajo: ref(),
});

export const issueRow = v.object({
  codigo_orden_trabajo: v.string(), codigo_solicitud_compra: optText(), codigo_material: v.string(), descripcion: v.string(), nombre_unidad: optText(),
  cantidad_solicitada_por_tecnico: decimalText(), cantidad_total_salida: decimalText(), cantidad_disponible: decimalText(), objeto_estado: v.string(),
  id: rowId(), id_orden_trabajo: rowId(), id_obra: ref(), id_material: ref(), numero_orden: optText(), cantidad_a_salir: decimalText(), vale_salida: v.string(),
  usar_stock_solicitud: v.number(),
});

/** One issue of a line (obtenerHistorialSalidas). */
export const issueHistoryItem = v.object({ id_salida: rowId(), cantidad: decimalText(), vale_salida: v.string(), fecha_creado: v.string(), usuario: optText() });

/** The other request's product a line takes stock from (obtenerProductosDeStockSolicitud). */
export const stockLoanItem = v.object({
  id: rowId(), id_solicitud_compra: rowId(), codigo_solicitud_compra: v.string(), cantidad_stock_solicitud: decimalText(), cantidad: decimalText(), cantidad_reservada: decimalText(), estado: v.number(),
});

/** A row of /almacen_obra_historico_salidas: one line of one issue. */
export const issueHistoryRow = v.object({
  id_salida: rowId(), vale_salida: v.string(), codigo_orden_trabajo: v.string(), codigo_material: v.string(), descripcion: v.string(), cantidad: decimalText(),
  fecha_creado: v.string(), usuario: optText(), id_obra: ref(), id_orden_trabajo: rowId(), id_linea: rowId(),
});

export type SiteIssueRow = ListRow<typeof issueRow>;
export type SiteReceiptRow = ListRow<typeof receiptRow>;
export type IssueHistoryRow = ListRow<typeof issueHistoryRow>;
export type IssueHistoryItem = v.InferOutput<typeof issueHistoryItem>;
export type StockLoanItem = v.InferOutput<typeof stockLoanItem>;

export const siteOrderRow = v.object({
  codigo: v.string(), codigo_obra: optText(), equipo_codigo: optText(), fecha_apertura_ot: v.nullable(wallClock()), estado_nombre: v.string(),
  atendido_por_almacen_obra: flag01(), codigo_solicitud_compra: optText(), tiene_productos_en_solicitud_material: flag01(),
  id: rowId(), estado: v.number(), id_obra: ref(), id_solicitud_compra: v.number(), equipo_descripcion: optText(), supervisor: optText(),
  creacion_materiales_atendidos: flag01(), materiales_estado: v.nullable(v.picklist(['pendiente', 'enviado', 'fallido'])), version: rowId(),
});
export type SiteOrderRow = ListRow<typeof siteOrderRow>;
export const siteLine = v.object({
  id: rowId(), elemento: v.string(), codigo_material: v.string(), id_material: ref(), id_material_tipo: ref(), descripcion: v.string(), id_unidad: ref(),
  unidad: v.string(), solicitud_material: flag01(), cantidad_solicitada_por_tecnico: v.number(), cantidad_en_almacen_obra: v.number(),
  usar_stock_solicitud: flag01(), id_producto_solicitado_stock_solicitud: ref(), cantidad_stock_solicitud: v.number(), stock_solicitud: v.string(),
  cantidad_solicitada_por_almacen_obra: v.number(), id_producto_solicitado: ref(), estado: v.number(), estado_nombre: v.string(), vale_salida: v.string(),
});
export const duration = v.object({ horas: v.number(), minutos: v.number() });
export const optNum = () => v.nullable(v.number());
/** A diagnosis or intervention of the OT with its functional group and element's names. */
export const workLine = v.object({
  id: rowId(), grupo_funcional: v.string(), elemento: v.string(), descripcion: v.string(), horas: v.number(), minutos: v.number(), observacion: v.string(),
});
export const siteOrderItem = v.object({
  id: rowId(), codigo: v.string(), estado: v.number(), estado_nombre: v.string(), id_obra: ref(), codigo_obra: optText(), obra: optText(),
  equipo_codigo: optText(), equipo_descripcion: optText(), fecha_apertura_ot: v.nullable(wallClock()), fecha_cierre_ot: v.nullable(wallClock()),
  supervisor: optText(), mecanico: optText(), atendido_por_almacen_obra: flag01(), tiene_productos_en_solicitud_material: flag01(),
  tiene_productos_en_borrador: flag01(), creacion_materiales_atendidos: flag01(), solicitud_materiales_enviado_sicam: flag01(),
  materiales_estado: v.nullable(v.picklist(['pendiente', 'enviado', 'fallido'])), materiales_motivo: optText(), id_solicitud_compra: v.number(),
  codigo_solicitud_compra: v.string(), version: rowId(), productos_solicitados: v.array(siteLine),
  // Seed 002 §3 "Work order as seen by the warehouses", read-only on the Pedido.
  fecha_parada: v.nullable(wallClock()), fecha_puesta_marcha: v.nullable(wallClock()), tiempo_parada: duration, tiempo_ejecucion: duration,
  horometro_parada: optNum(), horometro_puesta_marcha: optNum(), horometro_tiempo_parada: v.number(),
  horometro_apertura_ot: optNum(), horometro_cierre_ot: optNum(), horometro_tiempo_ejecucion: v.number(), kilometraje: optNum(),
  tercero_ruc: v.string(), tercero_razon_social: v.string(), id_equipo: ref(), placa_equipo: v.string(), serie_equipo: v.string(),
  id_operador: ref(), id_mecanico: ref(), id_supervisor: ref(), operador: optText(),
  firma_operador: flag01(), firma_mecanico: flag01(), firma_supervisor: flag01(),
  diagnosticos: v.array(workLine), intervenciones: v.array(workLine),
});
export const siteOrderFormReply = v.object({
  item: siteOrderItem,
  unidades: v.array(v.object({ id: rowId(), nombre: v.string() })),
  conversion_unidades: v.array(unitConversion),
  editable: v.boolean(), puede_atender: v.boolean(), puede_reenviar_sicam: v.boolean(), puede_generar_solicitud: v.boolean(),
  motivo_bloqueo: optText(), labels: v.array(v.string()),
});
export type SiteOrderFormReply = v.InferOutput<typeof siteOrderFormReply>;

/** The calls the web makes on the site warehouse's orders (shared/contracts/endpoint.ts). */
export const siteWarehouseEndpoints = [
  getEndpoint('/almacen_obra_ots/form', v.object({ id: rowId() }), siteOrderFormReply),
  postEndpoint('/almacen_obra_ots/crearPreSolicitud', v.object({ id_orden_trabajo: rowId() }), fromWorkOrderReply),
  postEndpoint('/almacen_obra_ots/enviarASicamSolicitudMateriales', v.object({ id_orden_trabajo: rowId() }), noPayload()),
] as const;
