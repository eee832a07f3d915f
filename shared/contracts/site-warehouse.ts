import * as v from 'valibot';
import { decimalText, optText, ref, rowId, type ListRow } from './platform';

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
