import * as v from 'valibot';
import { logRowKeys } from './admin';
import { getEndpoint, postEndpoint } from './endpoint';
import type { ListRow } from './platform';
import { decimalText, flag01, instant, noPayload, optText, option, ref, rowId, wallClock } from './platform';

// The reply schemas of the work-order calls (seed 001 §4, §7) and the types the web reads. Dates
// are Lima wall-clock times to the minute.

/** Seed 001 §4: estado 1 abierto, 2 cancelado, 3 cerrado. */
export const estadoOt = () => v.picklist([1, 2, 3]);

/** One row of GET /ordenes_trabajo. */
export const workOrderRow = v.object({
  id: rowId(), codigo: v.string(), obra: v.string(), equipo_codigo: optText(), equipo_descripcion: optText(),
  fecha_apertura_ot: v.nullable(wallClock()), fecha_cierre_ot: v.nullable(wallClock()), supervisor: optText(), mecanico: optText(),
  estado: estadoOt(),
  /** Minutes. */
  tiempo_ejecucion: v.nullable(v.number()),
  id_obra: rowId(), id_equipo: ref(), id_solicitud_compra: ref(), solicitud_estado: optText(), sin_productos: v.number(),
  rechazado_id: ref(), id_replica: ref(), version: rowId(),
  /** Issue 19: 1 MP, 2 MC, 3 MCD and its catalogue sigla. */
  tipo_mantenimiento: optText(), id_tipo_mantenimiento: v.picklist([1, 2, 3]),
});

/** The extra fields of an option of /fil_datas/ordenesTrabajo. */
export const workOrderOption = { id_obra: rowId(), obra: v.string(), equipo_codigo: optText(), estado: estadoOt() };

/** What the caller may do with a list row, by the decider's rules (work-order-routes rowPermissions). */
export const workOrderRowRights = { can_cancel: v.boolean(), can_replicate: v.boolean(), can_create_service_request: v.boolean() };

const duration = v.object({ horas: v.number(), minutos: v.number() });

/** What the form may offer (load-work-order.ts permissionsOf). */
export const workOrderPermissions = v.object({
  locked: v.boolean(), parts_locked: v.boolean(), equipment_locked: v.boolean(), can_close_total: v.boolean(), can_cancel: v.boolean(),
  can_replicate: v.boolean(), can_create_service_request: v.boolean(), can_generate_purchase_request: v.boolean(),
});

/** The names GET /ordenes_trabajo/form resolves for a stored line's element and group
 * (load-work-order.ts loadLines; lines prefilled from a plan have none yet). */
const lineNames = { elemento: v.optional(v.string()), grupo_funcional: v.optional(v.string()) };

/** A diagnosis or intervention line of the form (shared/work-order.ts WorkLine) with its names. */
export const workLineItem = v.object({
  id: v.number(), id_grupo_funcional: ref(), id_grupo_funcional_elemento: ref(), descripcion: v.string(), horas: v.number(), minutos: v.number(),
  observacion: v.string(), ...lineNames,
});

/** A spare-part line of the form (shared/work-order.ts PartLine): the site warehouse's Pedido
 * fields only once it saved them; with its names, material, unit and its product state's name. */
export const partLineItem = v.object({
  id: v.number(), id_grupo_funcional: ref(), id_grupo_funcional_elemento: ref(), descripcion: v.string(), id_unidad: ref(), id_material: ref(),
  codigo_material: v.string(), id_material_tipo: ref(), solicitud_material: flag01(), cantidad_solicitada_por_tecnico: v.number(), estado: v.number(),
  vale_salida: v.optional(v.string()),
  cantidad_en_almacen_obra: v.optional(v.number()), usar_stock_solicitud: v.optional(flag01()), id_producto_solicitado_stock_solicitud: v.optional(ref()),
  cantidad_stock_solicitud: v.optional(v.number()), id_producto_solicitado: v.optional(ref()),
  cantidad_recibida: v.optional(v.number()), cantidad_salida: v.optional(v.number()),
  ...lineNames, material: v.optional(v.string()), unidad: v.optional(v.string()), estado_nombre: v.optional(v.string()),
});

/** An additional document of the form (shared/work-order.ts DocLine) and the address of its upload. */
export const documentItem = v.object({
  id: v.number(), pic: v.string(), observaciones: v.string(), nombre: v.optional(v.string()), url: v.optional(v.string()), ...lineNames,
});

/** The `item` of GET /ordenes_trabajo/form: the order's header row (load-work-order.ts formRow),
 * its derived times, its four tables, the parts labels and what the user may do. A new order
 * (id 0, a replica, or one prefilled from a plan) has no stored row, so it lacks the names and
 * the bookkeeping of one. */
export const workOrderItem = v.object({
  id: v.number(), codigo: v.string(), estado: estadoOt(), version: v.number(),
  id_obra: ref(), ob_codigo: v.optional(v.string()), obra: v.optional(v.string()),
  id_equipo: ref(), equipo_codigo: v.optional(v.string()), equipo_descripcion: v.optional(v.string()), placa_equipo: v.string(), serie_equipo: v.string(),
  fecha_parada: v.nullable(wallClock()), fecha_puesta_marcha: v.nullable(wallClock()), fecha_apertura_ot: v.nullable(wallClock()), fecha_cierre_ot: v.nullable(wallClock()),
  horometro_parada: v.nullable(v.number()), horometro_puesta_marcha: v.nullable(v.number()), horometro_apertura_ot: v.nullable(v.number()), horometro_cierre_ot: v.nullable(v.number()),
  kilometraje: v.nullable(v.number()), tercero_ruc: v.string(), tercero_razon_social: v.string(),
  id_operador: ref(), id_mecanico: ref(), id_supervisor: ref(), operador: v.optional(v.string()), mecanico: v.optional(v.string()), supervisor: v.optional(v.string()),
  firma_operador: flag01(), firma_mecanico: flag01(), firma_supervisor: flag01(), sin_productos: flag01(),
  /** Issue 19: 1 MP, 2 MC, 3 MCD. */
  id_tipo_mantenimiento: v.picklist([1, 2, 3]),
  atendido_por_almacen_obra: flag01(),
  /** 0 while no purchase request carries the order. */
  id_solicitud_compra: v.number(),
  /** The linked request's kind and state, as the order records them ('compra', 'borrador'). */
  solicitud_tipo: v.optional(optText()), solicitud_estado: v.optional(optText()),
  rechazado_id: ref(), id_replica: v.optional(ref()),
  /** Derived (shared/work-order-derive.ts deriveTimes). */
  tiempo_parada: duration, tiempo_ejecucion: duration, horometro_tiempo_parada: v.number(), horometro_tiempo_ejecucion: v.number(),
  diagnosticos: v.array(workLineItem), intervenciones: v.array(workLineItem), productos_solicitados: v.array(partLineItem), documentos: v.array(documentItem),
  labels: v.array(v.string()), permissions: workOrderPermissions,
  /** Issue 20: a new OT opened from this preventive-maintenance plan of the machine, and its name. */
  id_pm_plan: v.optional(v.number()), pm_plan: v.optional(v.string()),
  date_created: v.optional(instant()), date_updated: v.optional(instant()),
});

/** GET /ordenes_trabajo/form: the order, the sites, units and conversions for its selects. */
export const workOrderFormReply = v.object({
  item: workOrderItem,
  obras: v.array(option({ codigo: v.optional(v.string()) })),
  unidades: v.array(option({ decimales: v.optional(v.number()) })),
  conversion_unidades: v.unknown(),
});

export const workOrderSavedReply = v.object({ id: rowId(), codigo: v.string(), version: v.number(), is_new: v.boolean() });
export const versionReply = v.object({ version: v.number() });
/** The lines of one table (load-work-order.ts loadLines). */
export const detailReply = v.object({ items: v.array(v.union([workLineItem, partLineItem, documentItem])) });

export const timelineReply = v.object({
  apertura_cierre: v.object({
    codigo: v.string(), estado: estadoOt(), registrada: v.string(), registrada_por: v.string(), finalizada: optText(), finalizada_por: optText(),
    duracion_sistema: v.string(), fecha_apertura_ot: v.nullable(wallClock()), fecha_cierre_ot: v.nullable(wallClock()), tiempo_ejecucion: v.string(), pasos: v.number(),
  }),
  flujo_total: v.array(
    v.object({
      id: v.string(), paso: v.number(), tipo: v.string(), titulo: v.string(),
      cambios: v.array(v.object({ campo: v.string(), antes: v.string(), despues: v.string() })),
      user_name: v.string(), user_link: optText(), date_created: v.union([instant(), wallClock()]), desde_anterior: v.string(),
      ...logRowKeys,
    }),
  ),
});

export const serviceRequestReply = v.object({ is_new: v.boolean(), id_solicitud_compra: rowId() });
export const rucReply = v.object({ item: v.nullable(v.object({ ruc: v.string(), nombre: v.string() })) });

export const boardReply = v.object({
  items: v.array(
    v.object({
      id_obra: rowId(), obra: v.string(), ob_codigo: v.string(), abiertas: v.number(),
      ordenes: v.array(
        v.object({
          id: rowId(), codigo: v.string(), equipo_codigo: optText(), equipo_descripcion: optText(), supervisor: optText(), mecanico: optText(),
          fecha_apertura_ot: v.nullable(wallClock()), edad_minutos: v.number(), situacion: v.string(),
        }),
      ),
    }),
  ),
  total: v.number(),
  ahora: wallClock(),
});

export const unidadOption = { decimales: v.number() };
export const conversionValue = decimalText;

export type WorkOrderRow = ListRow<typeof workOrderRow> & v.InferOutput<v.ObjectSchema<typeof workOrderRowRights, undefined>>;
export type WorkOrderFormPayload = v.InferOutput<typeof workOrderFormReply>;
export type WorkOrderItem = v.InferOutput<typeof workOrderItem>;
export type WorkLineItem = v.InferOutput<typeof workLineItem>;
export type PartLineItem = v.InferOutput<typeof partLineItem>;
export type DocumentItem = v.InferOutput<typeof documentItem>;
export type WorkOrderPermissions = v.InferOutput<typeof workOrderPermissions>;
export type TimelineReply = v.InferOutput<typeof timelineReply>;
export type TimelineStep = TimelineReply['flujo_total'][number];
export type TimelineSummary = TimelineReply['apertura_cierre'];
export type BoardReply = v.InferOutput<typeof boardReply>;
export type BoardSite = BoardReply['items'][number];
export type BoardOrder = BoardSite['ordenes'][number];

const orderId = v.object({ id_orden_trabajo: rowId() });
const detailTable = () => v.picklist(['diagnosticos', 'intervenciones', 'productos_solicitados', 'documentos']);

/** The calls the web makes on work orders (shared/contracts/endpoint.ts). */
export const workOrderEndpoints = [
  getEndpoint(
    '/ordenes_trabajo/form',
    v.object({ id: v.number(), replicar: v.optional(v.picklist(['true', 'false'])), id_equipo: v.optional(rowId()), id_pm_plan: v.optional(v.number()) }),
    workOrderFormReply,
  ),
  postEndpoint('/ordenes_trabajo/eliminarElementoDeDetalle', v.object({ tabla: detailTable(), id: rowId(), version: v.optional(v.number()) }), versionReply),
  postEndpoint('/ordenes_trabajo/eliminarDocumento', v.object({ id: rowId(), version: v.optional(v.number()) }), versionReply),
  postEndpoint('/ordenes_trabajo/disable', v.object({ id: rowId() }), noPayload()),
  getEndpoint('/ordenes_trabajo/obtenerLineaDeTiempo', orderId, timelineReply),
  postEndpoint('/ordenes_trabajo/crearPreSolicitudServicio', orderId, serviceRequestReply),
  getEndpoint('/ordenes_trabajo/consultarRuc', v.object({ ruc: v.string() }), rucReply),
  getEndpoint('/ordenes_trabajo/tablero', v.object({ id_obra: v.optional(rowId()) }), boardReply),
] as const;
