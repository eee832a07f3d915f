import * as v from 'valibot';
import { flag, id, int, isoDate, positiveId, text } from '../platform/fields';
import { documentLineSchema } from '../platform/upload/documentRows';
import { listOf, optionalId } from '../work-orders/work-order-schemas';

// Schemas of the purchase-request calls (seed 002 §7 "Purchase requests"). Multipart fields arrive
// as text: `productos_solicitados` travels as a JSON string (or an array in a JSON body). The
// form's rules (required fields by type, seed 002 L143) live in read-request.ts, so every field's
// problem is reported at once in Spanish.

const MSG_NUMBER = 'Debe ser un número';

/** A day (yyyy-MM-dd, or the first 10 characters of a date-time) or empty → null. */
export const optionalDay = () =>
  v.pipe(
    v.optional(v.nullable(v.string('Fecha inválida')), null),
    v.transform((s) => (s === null || s === undefined || s.trim() === '' ? null : s.trim().slice(0, 10))),
    v.check((s) => s === null || v.is(isoDate(), s), 'Fecha inválida'),
  );

/** A quantity: a non-negative decimal from a number or numeric text (seed 002 §1.4 rule 1). */
export const quantity = (max = 1_000_000) =>
  v.pipe(
    v.optional(v.union([v.number(MSG_NUMBER), v.string(MSG_NUMBER)], MSG_NUMBER), 0),
    v.transform((x) => (typeof x === 'string' && x.trim() === '' ? 0 : Number(x))),
    v.check((x) => Number.isFinite(x) && x >= 0, 'La cantidad debe ser un número mayor o igual a 0'),
    v.check((x) => x <= max, `La cantidad no puede ser mayor a ${max}`),
  );

/** The request kind: `compra`, `servicio`, `despacho` or their codes 1, 2, 3. */
export const kindSchema = v.pipe(
  v.union([v.picklist(['compra', 'servicio', 'despacho', '1', '2', '3'], 'Tipo de solicitud no válido'), v.picklist([1, 2, 3], 'Tipo de solicitud no válido')], 'Tipo de solicitud no válido'),
  v.transform((x) => (({ 1: 'compra', 2: 'servicio', 3: 'despacho' }) as const)[x as 1] ?? (x as 'compra' | 'servicio' | 'despacho')),
);

export const productLineSchema = v.object({
  id: v.optional(id(), 0),
  id_material: optionalId(),
  codigo: v.optional(v.nullable(text(100)), ''),
  descripcion: v.optional(v.nullable(text(500)), ''),
  id_unidad: optionalId(),
  cantidad_solicitada_por_almacen_obra: quantity(),
});

/** Documents one save may attach. */
export const MAX_REQUEST_DOCUMENTS = 10;

export const saveInputSchema = v.object({
  id: v.optional(id(), 0),
  /** The version the form was loaded at (409 when the request moved on since). */
  version: v.optional(v.pipe(int(), v.minValue(0)), 0),
  tipo: v.optional(kindSchema),
  id_obra: optionalId(),
  id_orden_trabajo: optionalId(),
  id_equipo: optionalId(),
  id_centro_costo_tipo: optionalId(),
  id_centro_costo_indirecto: optionalId(),
  id_centro_costo_indirecto_elemento: optionalId(),
  id_grupo_funcional: optionalId(),
  /** The work-site front (issue 29): one of the request's site's fronts, or empty. */
  id_frente_obra: optionalId(),
  id_solicitudes_tipo: optionalId(),
  id_solicitudes_clasificacion: optionalId(),
  id_solicitudes_movilizacion_recursos: optionalId(),
  id_solicitudes_movilizacion_terceros_tipocc: optionalId(),
  id_solicitudes_movilizacion_terceros_ter_recurso: v.optional(v.nullable(text(50)), null),
  descripcion_trabajo: v.optional(v.nullable(text(500)), ''),
  fecha_requerimiento: optionalDay(),
  fecha_recepcion_pedido: optionalDay(),
  productos_solicitados: listOf(productLineSchema),
  /** New documents (id 0, each naming its file's multipart field `documento_{n}`); saved ones are
   * not sent and stay as they are (removed with eliminarElementoDeDetalle, tabla=documentos). */
  documentos: listOf(documentLineSchema, MAX_REQUEST_DOCUMENTS),
  /** 1: save and send into the workflow (after the form's confirmation). */
  terminado: v.optional(flag(), 0),
});
export type SaveInput = v.InferOutput<typeof saveInputSchema>;

export const formInputSchema = v.object({ id: v.optional(id(), 0) });
export const requestIdSchema = v.object({ id_solicitud_compra: positiveId() });
export const rejectInputSchema = v.object({ id_solicitud_compra: positiveId(), motivo_rechazo: v.optional(text(500), '') });
export const observeInputSchema = v.object({ id_solicitud_compra: positiveId(), motivo_observado: v.optional(text(500), '') });
/** `id_gestion_ot`: the requested product (seed 002 ambiguity 16). */
export const annulProductSchema = v.object({ id_gestion_ot: positiveId() });
export const productIdSchema = v.object({ id: positiveId() });
export const detailTableSchema = v.picklist(['productos_solicitados'], 'Tabla no válida');
export const removeDetailSchema = v.object({ tabla: v.picklist(['productos_solicitados', 'documentos'], 'Tabla no válida'), id: positiveId() });
export const detailInputSchema = v.object({ tabla: v.optional(detailTableSchema, 'productos_solicitados'), id_solicitud_compra: positiveId() });
export const fromWorkOrderSchema = v.object({ id_orden_trabajo: positiveId() });

/** The central Pedido's save (seed 002 L179). */
export const centralLineSchema = v.object({
  id: positiveId(),
  cantidad_en_almacen_central: quantity(),
  cantidad_solicitada_por_almacen_central: v.optional(quantity()),
  en_almacen_central: v.optional(flag()),
  observacion_almacen_central: v.optional(v.nullable(text(500)), ''),
});
export const centralSaveSchema = v.object({
  id: positiveId(),
  productos_solicitados: listOf(centralLineSchema),
  terminado: v.optional(flag(), 0),
});
export const centralFormSchema = v.object({ id: positiveId() });
