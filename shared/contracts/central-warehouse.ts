import * as v from 'valibot';
import { getEndpoint, postEndpoint } from './endpoint';
import type { ListRow } from './platform';
import { flag01, instant, optText, rowId } from './platform';

// The reply schemas of the central warehouse's entries (seed 002 §7 "Central warehouse") and the
// types the web reads.

const cell = () => v.nullable(v.union([v.string(), v.number()]));

/** An Excel row refused by the import: its sheet row, the reason and its cells (seed 002 L71). */
export const invalidEntryRow = v.object({
  fila: rowId(), motivo: v.string(),
  numero: cell(), codigo_obra: cell(), descripcion_obra: cell(), moneda: cell(), fecha_desde: cell(), fecha_hasta: cell(), procedencia: cell(),
  fecha_movimiento: cell(), codigo_recurso: cell(), descripcion_recurso: cell(), unidad: cell(), albaran: cell(), cantidad: cell(), importe: cell(),
  numero_orden_compra: cell(),
});

/** The upload's reply (L181): `validos` rows (new or already entered), the entries created
 * (`nuevos`), the ones already entered (`repetidos`) and each invalid row with its reason. */
export const importReply = v.object({
  id_archivo: v.nullable(rowId()), validos: rowId(), nuevos: rowId(), repetidos: rowId(), invalidos: v.array(invalidEntryRow),
});

/** A row of GET /almacen_central_entradas_archivos (L73). */
export const entryFileRow = v.object({
  id: rowId(), nombre: v.string(), fecha_creado: instant(), objeto_procesado: flag01(), validos: rowId(), nuevos: rowId(), invalidos: rowId(),
  nombre_usuario: optText(), pic: v.string(),
});

/** A row of GET /almacen_central_entradas (L69). */
export const entryRow = v.object({
  id: rowId(), numero_orden_compra: v.string(), codigo_obra: v.string(), codigo_recurso: v.string(), descripcion_recurso: v.string(), unidad: v.string(),
  moneda: v.string(), cantidad: v.number(), importe: v.nullable(v.number()), albaran: v.string(), fecha_movimiento: optText(), fecha_creado: instant(),
  id_archivo: rowId(), nombre_archivo: optText(),
});

/** A requested product an entry brings in (GET /almacen_central_entradas/obtenerProductosSolicitados). */
export const entryProduct = v.object({
  id: rowId(), id_solicitud_compra: rowId(), codigo_solicitud: v.string(), codigo_obra: optText(), codigo_orden_trabajo: optText(), codigo: v.string(),
  descripcion: v.string(), numero_orden: optText(), cantidad_solicitada_por_almacen_obra: v.number(), cantidad_solicitada_por_almacen_central: v.number(),
  cantidad_en_almacen_central_entrada: v.number(), estado: v.number(), estado_nombre: v.string(),
});
export const entryProductsReply = v.object({ items: v.array(entryProduct) });

export type ImportReply = v.InferOutput<typeof importReply>;
export type InvalidEntryRow = v.InferOutput<typeof invalidEntryRow>;
export type EntryFileRow = ListRow<typeof entryFileRow>;
export type EntryRow = ListRow<typeof entryRow>;
export type EntryProduct = v.InferOutput<typeof entryProduct>;

export const transferGroupRow = v.object({
  id: v.string(), codigo_recurso: v.string(), descripcion_recurso: v.string(), numero_orden_compra: v.string(),
  cantidad_entrada: v.number(), cantidad_salida: v.number(), cantidad_disponible: v.number(), fecha_ingreso: v.nullable(instant()),
});
export const transferProduct = v.object({
  id: rowId(), id_solicitud_compra: rowId(), codigo_solicitud: v.string(), codigo_orden_trabajo: optText(), codigo_obra: optText(),
  codigo: v.string(), descripcion: v.string(), numero_orden: optText(),
  cantidad_solicitada: v.number(), cantidad_trasladada: v.number(), cantidad_disponible: v.number(), cantidad_a_salir: v.number(),
});
export type TransferGroupRow = ListRow<typeof transferGroupRow>;
export type TransferProduct = v.InferOutput<typeof transferProduct>;

export const transferRequestRow = v.object({
  codigo_recurso: v.string(), descripcion_recurso: v.string(), numero_orden_compra: v.string(), cantidad_entrada: v.number(),
  cantidad_trasladada: v.number(), traslado_solicitado: flag01(), fecha_ingreso: instant(),
});
export const transferRequestProduct = v.object({
  id: rowId(), id_solicitud_compra: rowId(), codigo_solicitud: v.string(), codigo_orden_trabajo: optText(), codigo_obra: optText(),
  codigo: v.string(), descripcion: v.string(), numero_orden: optText(), cantidad_solicitada: v.number(), cantidad_entrada: v.number(),
  cantidad_trasladada: v.number(), estado: v.number(), estado_nombre: v.string(),
});
/** A row of GET /traslado_materiales and one of its nested products, as the screen reads them. */
export type TransferRequestRow = ListRow<typeof transferRequestRow>;
export type TransferRequestProduct = v.InferOutput<typeof transferRequestProduct>;

/** GET /almacen_central_traslado_materiales/obtenerProductosSolicitados. */
export const transferProductsReply = v.object({ items: v.array(transferProduct) });

const code = () => v.string();

/** The calls the web makes on the central warehouse's entries and transfers (shared/contracts/endpoint.ts). */
export const centralWarehouseEndpoints = [
  getEndpoint('/almacen_central_entradas/obtenerProductosSolicitados', v.object({ id: v.optional(rowId()), codigo_recurso: v.optional(code()), numero_orden_compra: v.optional(code()) }), entryProductsReply),
  getEndpoint('/almacen_central_traslado_materiales/obtenerProductosSolicitados', v.object({ codigo_recurso: code(), numero_orden_compra: v.optional(code()) }), transferProductsReply),
  postEndpoint(
    '/almacen_central_traslado_materiales/create',
    v.object({
      numero_guia: v.nullish(v.string()),
      salidas: v.array(v.object({ id_producto_solicitado: rowId(), cantidad_a_salir: v.number(), numero_orden_compra: v.optional(v.string()) })),
    }),
    v.object({ id_traslado: rowId() }),
  ),
] as const;
