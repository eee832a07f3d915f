import * as v from 'valibot';
import { instant, optText, rowId } from './platform';

// The replies of the traceability calls (seed 002 §3 "Traceability", §7 "Profitability and
// traceability"), shared with the web (web/src/modules/traceability/): the 18 milestones, the
// global statistics per milestone and one OT's timeline. Durations are whole minutes rounded up
// (shared/lead-time.ts); the statistics are hours with 2 decimals.

/** The 18 milestones, in order (seed 002 §3; codes in the spec's style, ARCHITECTURE.md). */
export const MILESTONES = [
  { n: 1, id: 'CREO_ORDEN_DE_TRABAJO', nombre: 'Creó la orden de trabajo' },
  { n: 2, id: 'ATENDIO_ORDEN_DE_TRABAJO', nombre: 'Atendió la orden de trabajo' },
  { n: 3, id: 'ENVIO_SOLICITUD_CREACION_MATERIAL', nombre: 'Envió la solicitud de creación de material' },
  { n: 4, id: 'CREO_MATERIAL_SOLICITADO', nombre: 'Creó el material solicitado' },
  { n: 5, id: 'CREO_SOLICITUD_DE_COMPRA', nombre: 'Creó la solicitud de compra' },
  { n: 6, id: 'CREO_SOLICITUD_DE_SERVICIO', nombre: 'Creó la solicitud de servicio' },
  { n: 7, id: 'ENVIO_SOLICITUD_DE_COMPRA_A_SICAM', nombre: 'Envió la solicitud de compra a SICAM' },
  { n: 8, id: 'ENVIO_SOLICITUD_DE_SERVICIO_A_SICAM', nombre: 'Envió la solicitud de servicio a SICAM' },
  { n: 9, id: 'ENVIO_ORDEN_DE_COMPRA_A_APROBACION', nombre: 'Envió la orden de compra a aprobación' },
  { n: 10, id: 'ENVIO_ORDEN_DE_SERVICIO_A_APROBACION', nombre: 'Envió la orden de servicio a aprobación' },
  { n: 11, id: 'APROBO_ORDEN_DE_COMPRA', nombre: 'Aprobó la orden de compra' },
  { n: 12, id: 'APROBO_ORDEN_DE_SERVICIO', nombre: 'Aprobó la orden de servicio' },
  { n: 13, id: 'INGRESO_STOCK_REPUESTOS', nombre: 'Ingresó stock de los repuestos' },
  { n: 14, id: 'SOLICITO_TRASLADO_REPUESTOS', nombre: 'Solicitó el traslado de repuestos' },
  { n: 15, id: 'CONFIRMO_TRASLADO_REPUESTOS', nombre: 'Confirmó el traslado de repuestos' },
  { n: 16, id: 'RECIBIO_REPUESTOS_ALMACEN_OBRA', nombre: 'Recibió los repuestos en almacén de obra' },
  { n: 17, id: 'ENTREGO_REPUESTOS_TECNICO', nombre: 'Entregó los repuestos al técnico' },
  { n: 18, id: 'CERRO_ORDEN_DE_TRABAJO', nombre: 'Cerró la orden de trabajo' },
] as const;
export type MilestoneCode = (typeof MILESTONES)[number]['id'];

const option = v.object({ id: rowId(), nombre: v.string() });

/** A work order of the report (seed: id, id_obra, estado_ot, codigo, nombre_obra, gf). */
export const traceOrder = v.object({
  id: rowId(), id_obra: v.nullable(v.number()), estado_ot: v.number(), codigo: v.string(), nombre_obra: optText(), gf: v.array(v.number()),
});

/** GET /trazabilidad: the filters' options and, with all_ots, the orders in the range. */
export const traceabilityReply = v.object({ obras: v.array(option), gf: v.array(option), items: v.array(traceOrder) });

/** One milestone over the filtered orders (POST /trazabilidad/getInfoLTAll): hours, 2 decimals. */
export const milestoneStats = v.object({
  id: v.string(), n: v.number(), nombre: v.string(),
  data: v.object({ min: v.number(), promedio: v.number(), max: v.number(), mediana: v.number(), p90: v.number() }),
  /** Orders that reached it. */
  conteo: v.number(),
});
export const globalReply = v.object({
  items: v.array(milestoneStats),
  /** Orders matching the filters. */
  conteo: v.number(),
  /** The milestone with the largest average (where most time is lost), null without data. */
  cuello: v.nullable(v.string()),
});

/** One milestone of an order (GET /trazabilidad/getInfoLT): when it was first reached, the
 * previous reached one, the duration between them in minutes and as text, its days and months. */
export const orderMilestone = v.object({
  id: v.string(), n: v.number(), nombre: v.string(),
  fecha: v.nullable(instant()), fecha_anterior: v.nullable(instant()), ultima: v.nullable(instant()), veces: v.number(),
  duration: v.number(), duration_show: v.string(), dias: v.number(), meses: v.number(),
});
export const interval = v.object({ anios: v.number(), meses: v.number(), dias: v.number(), horas: v.number(), minutos: v.number(), segundos: v.number() });
export const orderReply = v.object({
  item: v.array(orderMilestone),
  orden_trabajo: v.object({
    id: rowId(), codigo: v.string(), id_obra: v.nullable(v.number()), nombre_obra: optText(), gf: v.array(option), estado_ot: v.number(), estado_nombre: v.string(),
    fecha_apertura_ot: optText(), fecha_cierre_ot: optText(), tipo_solicitud: optText(),
    /** Minutes from milestone 1 to 18, or to now while open. */
    total: v.number(), total_show: v.string(),
  }),
  apertura_cierre: v.array(v.object({ fecha: v.nullable(v.string()), intervalo: interval })),
});

/** GET /fil_datas/ordenTrabajoLT: the orders matching the panel's filters, and how many. */
export const orderLookupReply = v.object({
  items: v.array(v.object({ value: rowId(), label: v.string(), id_obra: v.nullable(v.number()), nombre_obra: optText(), estado_ot: v.number() })),
  conteo: v.number(),
});

export type TraceabilityReply = v.InferOutput<typeof traceabilityReply>;
export type GlobalReply = v.InferOutput<typeof globalReply>;
export type MilestoneStats = v.InferOutput<typeof milestoneStats>;
export type OrderReply = v.InferOutput<typeof orderReply>;
export type OrderMilestone = v.InferOutput<typeof orderMilestone>;
export type OrderLookupReply = v.InferOutput<typeof orderLookupReply>;
