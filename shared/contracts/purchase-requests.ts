import * as v from 'valibot';
import { unitConversion } from './catalogues';
import { getEndpoint, postEndpoint } from './endpoint';
import type { ListRow } from './platform';
import { day, flag01, instant, noPayload, optText, ref, rowId } from './platform';

// The reply schemas of the purchase-request calls (seed 002 §7) and the types the web reads.

const num = () => v.number();

/** Seed 002 §3 `objeto_estado`: a state's code, Spanish name and tone (events/purchase-request/codes.ts). */
export const stateObject = () => v.object({ id: v.number(), nombre: v.string(), color: v.picklist(['slate', 'amber', 'violet', 'sky', 'emerald', 'rose']) });
const kindCode = () => v.picklist([1, 2, 3]);

/** A requested product as the form, the detail table and the central Pedido read it. */
export const requestProduct = v.object({
  id: rowId(), id_solicitud_compra: rowId(), orden: v.number(), id_material: ref(), codigo: v.string(), descripcion: v.string(),
  id_material_tipo: ref(), id_unidad: ref(), nombre_unidad: optText(),
  cantidad_solicitada_por_tecnico: num(), cantidad_solicitada_por_almacen_obra: num(), cantidad_en_almacen_central: num(),
  cantidad_solicitada_por_almacen_central: num(), en_almacen_central: flag01(), observacion_almacen_central: v.string(),
  estado: v.number(), estado_nombre: v.string(), objeto_estado: stateObject(), numero_orden: optText(), precio: v.nullable(num()), moneda: optText(), puede_anular: flag01(),
});

const requestFields = {
  id: rowId(), codigo: v.string(), tipo: kindCode(), tipo_nombre: v.picklist(['compra', 'servicio', 'despacho']), estado: v.number(), estado_nombre: v.string(),
  id_obra: ref(), codigo_obra: optText(), nombre_obra: optText(), id_orden_trabajo: ref(), codigo_orden_trabajo: optText(), creado_desde_ot: flag01(),
  // Issue 19: the maintenance type a request carries is its OT's (MP, MC, MCD); null without an OT.
  id_tipo_mantenimiento: v.nullable(v.picklist([1, 2, 3])), tipo_mantenimiento: optText(), nombre_tipo_mantenimiento: optText(),
  // Issue 29: the work-site front (/frentes_obra), one of the request's site's; null when none.
  id_frente_obra: ref(), frente_obra_codigo: optText(), frente_obra_nombre: optText(),
  id_supervisor: ref(), nombre_supervisor: optText(), apellido_supervisor: optText(), id_logistico: ref(), nombre_logistico: optText(),
  id_equipo: ref(), codigo_equipo: optText(), cc_equipo: optText(), id_centro_costo_tipo: ref(), nombre_centro_costo_tipo: optText(),
  id_centro_costo_indirecto: ref(), id_centro_costo_indirecto_elemento: ref(), id_grupo_funcional: ref(), sigla_grupo_funcional: optText(),
  nombre_grupo_funcional: optText(), id_solicitudes_tipo: ref(), id_solicitudes_clasificacion: ref(), id_solicitudes_movilizacion_recursos: ref(),
  id_solicitudes_movilizacion_terceros_tipocc: ref(), id_solicitudes_movilizacion_terceros_ter_recurso: optText(),
  // The names of the request catalogues (services/api/catalogues), null when the id is empty.
  solicitudes_tipo: optText(), clasificacion_nombre: optText(), recurso_codigo: optText(), recurso_nombre: optText(),
  centro_costo_indirecto_codigo: optText(), centro_costo_indirecto_nombre: optText(), elemento_codigo: optText(), elemento_nombre: optText(),
  movilizacion_tipo_nombre: optText(), ter_recurso_nombre: optText(),
  descripcion_trabajo: v.string(), fecha_requerimiento: v.nullable(day()), fecha_recepcion_pedido: v.nullable(day()), fecha_creado: instant(),
  motivo_observado: optText(), motivo_rechazo: optText(), atendido_por_almacen_central: flag01(), enviado_sicam: flag01(),
  sicam_estado: v.nullable(v.picklist(['pendiente', 'enviado', 'fallido'])), sicam_motivo: optText(), sicam_intentos: v.number(), numero_orden: optText(),
  material_rechazado: flag01(), version: rowId(), editable: flag01(), puede_anular: flag01(),
  objeto_estado: stateObject(), protected: flag01(),
};

/** A document attached to the request; `url` downloads it with the session's token. */
export const requestDocument = v.object({ id: rowId(), nombre: v.string(), observaciones: v.string(), url: v.string(), fecha_creado: v.string() });

/** The request as its form reads it, with its products and documents. */
export const requestItem = v.object({ ...requestFields, productos_solicitados: v.array(requestProduct), documentos: v.array(requestDocument) });

/** A new request's form (id 0): only what is known yet. */
export const newRequestItem = v.object({
  id: v.literal(0), tipo: v.nullable(kindCode()), id_obra: ref(), id_supervisor: rowId(), nombre_supervisor: optText(), apellido_supervisor: optText(),
  editable: v.literal(1), productos_solicitados: v.array(requestProduct), documentos: v.array(requestDocument),
  // Not saved yet: no state, nothing protected.
  objeto_estado: v.null(), protected: v.literal(0),
});

export const requestFormReply = v.object({ item: v.union([requestItem, newRequestItem]), puede_aprobar: v.boolean() });
export const requestSaveReply = v.object({ is_new: v.boolean(), id: rowId(), codigo: v.string(), version: rowId(), item: requestItem });
export const productsReply = v.object({ items: v.array(requestProduct) });
export const fromWorkOrderReply = v.object({ id_solicitud_compra: rowId(), is_new: v.boolean() });

/** What the caller may do with a row (the row menu of seed 002 §4, from the rules the actions enforce). */
export const requestRowRights = {
  puede_editar: v.boolean(), puede_aprobar: v.boolean(), puede_reenviar: v.boolean(), puede_anular_solicitud: v.boolean(),
};

/** A row of GET /solicitudes_compras. */
export const requestRow = v.object({
  codigo: v.string(), codigo_obra: optText(), codigo_orden_trabajo: optText(), codigo_equipo: optText(), centro_costo: optText(),
  enviado_sicam: flag01(), material_rechazado: flag01(), estado_nombre: v.string(), fecha_creado: instant(), fecha_requerimiento: v.nullable(day()),
  id: rowId(), tipo: kindCode(), estado: v.number(), id_obra: ref(), id_orden_trabajo: ref(), protected: flag01(),
  sicam_estado: v.nullable(v.picklist(['pendiente', 'enviado', 'fallido'])), sicam_motivo: optText(), version: rowId(),
});

/** A row of GET /solicitud_compra_productos. */
export const productListRow = v.object({
  codigo_solicitud: v.string(), codigo_obra: optText(), codigo_orden_trabajo: optText(), codigo: v.string(), descripcion: v.string(),
  nombre_unidad: optText(), cantidad_solicitada_por_almacen_obra: num(), cantidad_en_almacen_central: num(),
  cantidad_solicitada_por_almacen_central: num(), estado_nombre: v.string(), numero_orden: optText(), precio: v.nullable(num()), moneda: optText(),
  id: rowId(), id_solicitud_compra: rowId(), estado: v.number(), objeto_estado: stateObject(),
  codigo_material: v.string(), id_material: ref(), id_material_tipo: ref(), id_unidad: ref(),
  cantidad_solicitada_por_tecnico: num(), cantidad_en_almacen_obra: num(), en_almacen_central: flag01(), observacion_almacen_central: v.string(),
  solicitud_material: flag01(), usar_stock_solicitud: flag01(), id_producto_solicitado_stock_solicitud: ref(), cantidad_stock_solicitud: num(),
  /** The code of the request whose stock the product takes (usar_stock_solicitud), else null. */
  stock_solicitud: optText(),
  /** Received at its site (the receipts), issued there to the OT line it carries (the issues), and those issues' vouchers. */
  recibido: num(), salio_almacen: num(), vale_salida: v.string(),
  fecha_requerimiento: v.nullable(day()),
  /** The functional-group element (its number) of the OT line the product carries, null without an OT. */
  codigo_grupo_funcional_elemento: optText(),
});

/** A row of GET /almacen_central_ots (requests from estado 3 on, compra and despacho). */
export const centralRow = v.object({
  codigo: v.string(), codigo_obra: optText(), codigo_orden_trabajo: optText(), tipo_nombre: v.string(), estado_nombre: v.string(),
  fecha_creado: instant(), fecha_requerimiento: v.nullable(day()), atendido_por_almacen_central: flag01(),
  id: rowId(), estado: v.number(), id_obra: ref(), version: rowId(),
});

export const centralFormReply = v.object({
  item: requestItem,
  unidades: v.array(v.object({ id: rowId(), nombre: v.string() })),
  conversion_unidades: v.array(unitConversion),
  puede_atender: v.boolean(),
  puede_observar: v.boolean(),
  puede_actualizar: v.boolean(),
});

export type RequestRow = ListRow<typeof requestRow> & { [K in keyof typeof requestRowRights]: boolean };
export type RequestItem = v.InferOutput<typeof requestItem>;
export type RequestProduct = v.InferOutput<typeof requestProduct>;
export type RequestFormReply = v.InferOutput<typeof requestFormReply>;
export type CentralRow = ListRow<typeof centralRow>;
export type CentralFormReply = v.InferOutput<typeof centralFormReply>;
export type ProductListRow = ListRow<typeof productListRow>;

/** One central entry's part that reached the product: the file, the albarán, the order, how much and when. */
export const productCentralEntry = v.object({
  id_entrada: v.nullable(rowId()), id_archivo: rowId(), nombre_archivo: optText(), albaran: optText(), numero_orden_compra: v.string(),
  codigo_recurso: optText(), cantidad: v.number(), fecha_movimiento: optText(), fecha_creado: v.string(),
});
/** A transfer with a waybill that sent the product to its site. */
export const productTransfer = v.object({ id_traslado: rowId(), numero_guia: v.string(), numero_orden: v.string(), cantidad: v.number(), fecha_creado: v.string(), usuario: optText() });
/** A receipt of the product at its site. */
export const productSiteReceipt = v.object({ id_entrada: rowId(), cantidad: v.number(), fecha_creado: v.string(), usuario: optText() });
/** An issue at site of a work-order line the product carries. */
export const productIssue = v.object({
  id_salida: rowId(), vale_salida: v.string(), codigo_orden_trabajo: v.string(), cantidad: v.number(), fecha_creado: v.string(), usuario: optText(),
});
export type ProductCentralEntry = v.InferOutput<typeof productCentralEntry>;
export type ProductTransfer = v.InferOutput<typeof productTransfer>;
export type ProductSiteReceipt = v.InferOutput<typeof productSiteReceipt>;
export type ProductIssue = v.InferOutput<typeof productIssue>;

/** GET /solicitud_compra_productos/obtenerEntradasDeAlmacen: what came in for one product. */
export const productEntriesReply = v.object({ items: v.array(productCentralEntry), traslados: v.array(productTransfer), entradas_obra: v.array(productSiteReceipt) });
export type ProductEntriesReply = v.InferOutput<typeof productEntriesReply>;

const requestId = v.object({ id_solicitud_compra: rowId() });
const productQuery = v.object({ id_producto_solicitado: v.optional(rowId()), id: v.optional(rowId()) });

/** The calls the web makes on purchase requests, their products and the central order (shared/contracts/endpoint.ts). */
export const purchaseRequestEndpoints = [
  getEndpoint('/solicitudes_compras/form', v.object({ id: v.optional(v.number()) }), requestFormReply),
  postEndpoint('/solicitudes_compras/aprobar', requestId, noPayload()),
  postEndpoint('/solicitudes_compras/rechazar', v.object({ ...requestId.entries, motivo_rechazo: v.optional(v.string()) }), noPayload()),
  postEndpoint('/solicitudes_compras/observar', v.object({ ...requestId.entries, motivo_observado: v.optional(v.string()) }), noPayload()),
  postEndpoint('/solicitudes_compras/enviarASicam', requestId, noPayload()),
  postEndpoint('/solicitudes_compras/anular_sicoe', requestId, noPayload()),
  postEndpoint('/solicitudes_compras/anular_sicoe_material', v.object({ id_gestion_ot: rowId() }), noPayload()),
  postEndpoint('/solicitudes_compras/eliminarElementoDeDetalle', v.object({ tabla: v.picklist(['productos_solicitados', 'documentos']), id: rowId() }), v.object({ version: v.optional(rowId()) })),
  postEndpoint('/solicitudes_compras/crearPreSolicitud', v.object({ id_orden_trabajo: rowId() }), fromWorkOrderReply),
  getEndpoint('/solicitud_compra_productos/obtenerEntradasDeAlmacen', productQuery, productEntriesReply),
  getEndpoint('/solicitud_compra_productos/obtenerHistorialSalidas', productQuery, v.object({ items: v.array(productIssue) })),
  getEndpoint('/almacen_central_ots/form', v.object({ id: rowId() }), centralFormReply),
  postEndpoint('/almacen_central_ots/actualizarEstados', requestId, noPayload()),
] as const;
