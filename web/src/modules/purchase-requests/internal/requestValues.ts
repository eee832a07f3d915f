import { REQUEST_KINDS, type RequestKind } from '@shared/purchase-request-codes';
import type { useFormState } from '../../../ui/dialogs/useFormState';
import type { DocumentRow } from '../../../ui/documents/DocumentsTable';
import type { FormItem, RequestItem, RequestProduct } from '../requestTypes';

// The editable state of the request form. Numbers typed by the user stay text until they are
// sent; every product line carries a client `key` so rows keep their identity while others are
// added or removed.

export type ProductLine = {
  key: string;
  /** 0: a new line. */
  id: number;
  id_material: number | null;
  /** The material's type: the units it allows (unit conversions). */
  id_material_tipo: number | null;
  codigo: string;
  descripcion: string;
  id_unidad: number | null;
  cantidad: string;
};

export type RequestValues = {
  id_obra: number | null;
  /** The site's front (issue 29), one of /fil_datas/frentes_obra?id_obra=. */
  id_frente_obra: number | null;
  id_orden_trabajo: number | null;
  id_solicitudes_tipo: number | null;
  id_solicitudes_movilizacion_recursos: number | null;
  fecha_requerimiento: string | null;
  fecha_recepcion_pedido: string | null;
  id_centro_costo_tipo: number | null;
  id_equipo: number | null;
  id_centro_costo_indirecto: number | null;
  id_centro_costo_indirecto_elemento: number | null;
  /** Not a field of the form: the group a request generated from its work order carries (its
   * parts' group), sent back as loaded so that a save keeps it (an indirect centre clears it). */
  id_grupo_funcional: number | null;
  id_solicitudes_movilizacion_terceros_tipocc: number | null;
  id_solicitudes_clasificacion: number | null;
  id_solicitudes_movilizacion_terceros_ter_recurso: string;
  descripcion_trabajo: string;
  productos_solicitados: ProductLine[];
  /** Saved documents (read-only) and new ones (a file and its observations). */
  documentos: DocumentRow[];
};

/** The form's state as the page's sections read and change it (values, set, errors, bind). */
export type RequestForm = ReturnType<typeof useFormState<RequestValues>>;

let counter = 0;
/** A client key for a new row (saved rows keep theirs: 'id-12'). */
export function newLineKey(): string {
  counter += 1;
  return `new-${counter}`;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Whether the form's item is a saved request (not a new one's initial values). */
export function isSaved(item: FormItem): item is RequestItem {
  return item.id > 0;
}

/** The request type locks once one was chosen and saved (seed 002 L117); a saved borrador without
 * one (generated from a work order) still takes it (issue 28). */
export function typeLocked(item: FormItem | null | undefined): boolean {
  return !!item && isSaved(item) && item.id_solicitudes_tipo !== null && item.id_solicitudes_tipo !== undefined;
}

function line(p: RequestProduct): ProductLine {
  return {
    key: `id-${p.id}`,
    id: p.id,
    id_material: p.id_material,
    id_material_tipo: p.id_material_tipo,
    codigo: p.codigo ?? '',
    descripcion: p.descripcion ?? '',
    id_unidad: p.id_unidad,
    cantidad: text(p.cantidad_solicitada_por_almacen_obra),
  };
}

/** A blank product row ('Agregar'): quantity 1. */
export function blankLine(): ProductLine {
  return { key: newLineKey(), id: 0, id_material: null, id_material_tipo: null, codigo: '', descripcion: '', id_unidad: null, cantidad: '1' };
}

/** The header fields a saved request carries as they are (ids and dates), null where it has none
 * (and everywhere on a new one). */
const SAVED_REFS = [
  'id_frente_obra',
  'id_orden_trabajo',
  'id_solicitudes_tipo',
  'id_solicitudes_movilizacion_recursos',
  'fecha_requerimiento',
  'fecha_recepcion_pedido',
  'id_centro_costo_tipo',
  'id_equipo',
  'id_centro_costo_indirecto',
  'id_centro_costo_indirecto_elemento',
  'id_grupo_funcional',
  'id_solicitudes_movilizacion_terceros_tipocc',
  'id_solicitudes_clasificacion',
] as const satisfies readonly (keyof RequestValues & keyof RequestItem)[];

function savedRefs(saved: RequestItem | null): Pick<RequestValues, (typeof SAVED_REFS)[number]> {
  return Object.fromEntries(SAVED_REFS.map((field) => [field, saved?.[field] ?? null])) as Pick<RequestValues, (typeof SAVED_REFS)[number]>;
}

/** The form's values from GET /solicitudes_compras/form's item (a new one: its site, if the user
 * has one, and nothing else). */
export function toRequestValues(item: FormItem): RequestValues {
  const saved = isSaved(item) ? item : null;
  return {
    id_obra: item.id_obra ?? null,
    ...savedRefs(saved),
    id_solicitudes_movilizacion_terceros_ter_recurso: saved?.id_solicitudes_movilizacion_terceros_ter_recurso ?? '',
    descripcion_trabajo: saved?.descripcion_trabajo ?? '',
    productos_solicitados: (item.productos_solicitados ?? []).map(line),
    documentos: (item.documentos ?? []).map((d) => ({ key: `doc-${d.id}`, id: d.id, observaciones: d.observaciones, file: null, url: d.url, nombre: d.nombre })),
  };
}

/** A new document row ('Agregar documento'). */
export function blankDocument(): DocumentRow {
  return { key: newLineKey(), id: 0, observaciones: '', file: null, url: '', nombre: '' };
}

/** The server's error key of the document row shown at `index`: only new rows are sent, in the
 * order shown, so 'documentos.N' counts the new rows before it. */
export function documentErrorIndex(rows: DocumentRow[], index: number): number {
  return rows.slice(0, index).filter((r) => r.id === 0).length;
}

/** The request's kind from the route (`tipo=compra`) or the saved request (`tipo` 1, 2, 3). */
export function kindOf(item: FormItem, routeKind: RequestKind): RequestKind {
  return isSaved(item) ? REQUEST_KINDS[item.tipo] : routeKind;
}

/** The body of POST /solicitudes_compras/create and create_not_ot (services/api/purchase-requests
 * purchase-request-schemas.ts saveInputSchema): JSON, the products as an array in the order shown
 * (the server's line errors, 'productos_solicitados.0.id_unidad', point at the rows on screen);
 * `version` is the one loaded (a save over a newer version is refused with 409); `terminado=1`
 * sends the request on. Only a direct cost centre keeps its equipment, only an indirect one its
 * indirect cost centre, only a service its mobilisation fields. */
export function requestPayload(values: RequestValues, meta: { id: number; version: number; tipo: RequestKind; terminado: 0 | 1 }): Record<string, unknown> | FormData {
  const body = requestFields(values, meta);
  // New documents travel as multipart: each row names its file's field ('documento_{n}'); saved
  // ones are not sent (they stay; a saved document is removed with its own call).
  const files: [string, File][] = [];
  const documentos = values.documentos
    .filter((d) => d.id === 0)
    .map((d) => {
      if (!d.file) return { id: 0, observaciones: d.observaciones.trim() };
      const archivo = `documento_${files.length}`;
      files.push([archivo, d.file]);
      return { id: 0, observaciones: d.observaciones.trim(), archivo };
    });
  if (!files.length) return { ...body, documentos };
  const form = new FormData();
  for (const [k, value] of Object.entries({ ...body, documentos })) {
    if (value === null || value === undefined) continue;
    form.append(k, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  for (const [name, file] of files) form.append(name, file, file.name);
  return form;
}

function requestFields(values: RequestValues, meta: { id: number; version: number; tipo: RequestKind; terminado: 0 | 1 }) {
  const direct = values.id_centro_costo_tipo === 1;
  const indirect = values.id_centro_costo_tipo === 2;
  const service = meta.tipo === 'servicio';
  return {
    id: meta.id,
    version: meta.version,
    tipo: meta.tipo,
    terminado: meta.terminado,
    id_obra: values.id_obra,
    id_frente_obra: values.id_frente_obra,
    id_orden_trabajo: values.id_orden_trabajo,
    id_solicitudes_tipo: values.id_solicitudes_tipo,
    id_solicitudes_movilizacion_recursos: values.id_solicitudes_movilizacion_recursos,
    fecha_requerimiento: values.fecha_requerimiento || null,
    fecha_recepcion_pedido: values.fecha_recepcion_pedido || null,
    id_centro_costo_tipo: values.id_centro_costo_tipo,
    id_equipo: direct ? values.id_equipo : null,
    id_centro_costo_indirecto: indirect ? values.id_centro_costo_indirecto : null,
    id_centro_costo_indirecto_elemento: indirect ? values.id_centro_costo_indirecto_elemento : null,
    id_grupo_funcional: indirect ? null : values.id_grupo_funcional,
    id_solicitudes_movilizacion_terceros_tipocc: service ? values.id_solicitudes_movilizacion_terceros_tipocc : null,
    id_solicitudes_clasificacion: service ? values.id_solicitudes_clasificacion : null,
    id_solicitudes_movilizacion_terceros_ter_recurso: service ? values.id_solicitudes_movilizacion_terceros_ter_recurso.trim() || null : null,
    descripcion_trabajo: values.descripcion_trabajo.trim(),
    productos_solicitados: values.productos_solicitados.map((p) => ({
      id: p.id,
      id_material: p.id_material,
      codigo: p.id_material ? p.codigo : '',
      descripcion: p.descripcion.trim(),
      id_unidad: p.id_unidad,
      cantidad_solicitada_por_almacen_obra: p.cantidad.trim() === '' ? 0 : p.cantidad.trim(),
    })),
  };
}

/** Drops the errors of the product lines (their indexes shift when a row is removed). */
export function withoutLineErrors(errors: Record<string, string>, index?: number): Record<string, string> {
  const prefix = index === undefined ? 'productos_solicitados.' : `productos_solicitados.${index}.`;
  return Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith(prefix)));
}
