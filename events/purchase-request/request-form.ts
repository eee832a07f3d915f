import { MSG_REQUIRED, MSG_VALIDATION, MSG_WORK_ORDER_NOT_FOUND } from '@shared/messages';
import type { RequestKind } from '@shared/purchase-request-codes';
import { CommandRejected } from '../errors';

export const MSG_SITE_LOCKED = 'La obra no se puede cambiar una vez guardada la solicitud';
export const MSG_OT_REQUIRED = 'Seleccione la orden de trabajo';
export const MSG_OT_OTHER_SITE = 'La orden de trabajo no pertenece a la obra elegida';
export const MSG_UNIT_REQUIRED = 'Seleccione la unidad';
export const MSG_PRODUCT_TEXT = 'Ingrese el material o la descripción';
export const MSG_QUANTITY_POSITIVE = 'La cantidad debe ser mayor a 0';
export const MSG_DOCUMENT_FILE_REQUIRED = 'Adjunte el archivo del documento';

/** A request form's save as the purchase-request rules see it (seed 002 `create` /
 * `create_not_ot`): the kind (chosen for a new request, the saved one otherwise), the site, the
 * fields and product rows as sent, and what the API read for them: the references that do not
 * name an active row (`references`, by field) and, for a new request raised on a work order,
 * whether the caller sees that order and its site. */
export type RequestForm = {
  tipo: RequestKind | null;
  idObra: number | null;
  fields: Record<string, unknown>;
  productos: { id_unidad: number | null; id_material: number | null; descripcion: string | null; cantidad: number }[];
  /** A new request saved through `create` (it carries a work order) names none. */
  missingWorkOrder: boolean;
  references: Record<string, string>;
  ordenTrabajo?: { found: boolean; idObra: number | null };
};

const absent = (x: unknown) => x === null || x === undefined || x === '';

/** The form's rules (seed 002 L143), every problem at once: site, type, need date, description
 * and the unit of each row always; the cost-centre type for type 1; the equipment and resource for
 * a direct cost centre, the indirect cost centre and its element for an indirect one;
 * classification, cost centre and resource for mobilisation type 2; material or description, and a
 * quantity above 0 unless a servicio. */
export function requestFormErrors(form: Pick<RequestForm, 'tipo' | 'idObra' | 'fields' | 'productos' | 'missingWorkOrder'>): Record<string, string> {
  const f = form.fields;
  const errors: Record<string, string> = {};
  const required = (field: string, present: unknown) => {
    if (absent(present)) errors[field] = MSG_REQUIRED;
  };
  required('id_obra', form.idObra);
  for (const c of ['id_solicitudes_tipo', 'fecha_requerimiento', 'descripcion_trabajo']) required(c, f[c]);
  if (f.id_solicitudes_tipo === 1) required('id_centro_costo_tipo', f.id_centro_costo_tipo);
  if (f.id_centro_costo_tipo === 1) for (const c of ['id_equipo', 'id_solicitudes_movilizacion_recursos']) required(c, f[c]);
  if (f.id_centro_costo_tipo === 2) for (const c of ['id_centro_costo_indirecto', 'id_centro_costo_indirecto_elemento']) required(c, f[c]);
  if (f.id_solicitudes_movilizacion_terceros_tipocc === 2) {
    for (const c of ['id_solicitudes_clasificacion', 'id_centro_costo_tipo', 'id_solicitudes_movilizacion_recursos']) required(c, f[c]);
  }
  form.productos.forEach((p, i) => {
    if (!p.id_unidad) errors[`productos_solicitados.${i}.id_unidad`] = MSG_UNIT_REQUIRED;
    if (!p.id_material && !p.descripcion) errors[`productos_solicitados.${i}.descripcion`] = MSG_PRODUCT_TEXT;
    if (form.tipo !== 'servicio' && !(p.cantidad > 0)) errors[`productos_solicitados.${i}.cantidad_solicitada_por_almacen_obra`] = MSG_QUANTITY_POSITIVE;
  });
  if (form.missingWorkOrder) errors.id_orden_trabajo = MSG_OT_REQUIRED;
  return errors;
}

/** Refuses a form's save, in this order: a new request without a kind; a site other than the one
 * saved (`savedSite`: null while none, or for a new request); the form's and the references'
 * problems at once (a reference's message on a field both name); the work order not found, or of
 * another site. */
export function refuseRequestForm(form: RequestForm, savedSite: number | null): void {
  if (!form.tipo) throw new CommandRejected(MSG_VALIDATION, { tipo: MSG_REQUIRED }, 422);
  if (savedSite !== null && form.idObra !== savedSite) throw new CommandRejected(MSG_VALIDATION, { id_obra: MSG_SITE_LOCKED }, 422);
  const errors = { ...requestFormErrors(form), ...form.references };
  if (Object.keys(errors).length) throw new CommandRejected(MSG_VALIDATION, errors, 422);
  const order = form.ordenTrabajo;
  if (order && !order.found) throw new CommandRejected(MSG_VALIDATION, { id_orden_trabajo: MSG_WORK_ORDER_NOT_FOUND }, 422);
  if (order && order.idObra !== form.idObra) throw new CommandRejected(MSG_VALIDATION, { id_orden_trabajo: MSG_OT_OTHER_SITE }, 422);
}

/** A save's document rows (seed 002 §3 `documentos`): each new row (id 0) carries its file, before
 * any file is stored; every row without one at once (`documentos.{n}.pic`). */
export function refuseDocumentsWithoutFile(rows: { id: number; withFile: boolean }[]): void {
  const errors: Record<string, string> = {};
  rows.forEach((d, i) => {
    if (d.id === 0 && !d.withFile) errors[`documentos.${i}.pic`] = MSG_DOCUMENT_FILE_REQUIRED;
  });
  if (Object.keys(errors).length) throw new CommandRejected(MSG_DOCUMENT_FILE_REQUIRED, errors, 422);
}
