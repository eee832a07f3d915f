import { MSG_SAVED } from '@shared/messages';
import type { TransactionSql } from 'postgres';
import { ConcurrencyError } from '../../../events/errors';
import { execute, type CommandContext } from '../../../events/execute';
import { requestCode, type RequestKind } from '@shared/purchase-request-codes';
import { editable, MSG_REQUEST_NOT_FOUND, purchaseRequests } from '../../../events/purchase-request/decider';
import type { RequestForm } from '../../../events/purchase-request/request-form';
import type { NewRequestProduct } from '../../../events/purchase-request/types';
import type { EventMetadata } from '../../../events/types';
import { workOrders } from '../../../events/work-order/decider';
import { REQUEST_FIELD_COLUMNS } from '../../../projections/purchase-requests';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';
import { siteAllows, userSites } from '../platform/site-scope';
import { removeUpload } from '../platform/upload/removeUpload';
import { loadRequestItem } from './load-request';
import { storeRequestDocuments } from './request-documents';
import type { SaveInput } from './purchase-request-schemas';

export const MSG_REGISTERED = 'Registrado correctamente';
export const MSG_SENT = 'Solicitud enviada correctamente';

type Fields = Record<(typeof REQUEST_FIELD_COLUMNS)[number], unknown>;

/** The request's fields as the form sends them (their rules: `requestFormErrors`). An indirect
 * cost centre clears the functional group; the equipment stays only for a direct one (or when no
 * cost-centre type is chosen). */
export function requestFields(input: SaveInput): Fields {
  const fields = {} as Fields;
  for (const c of REQUEST_FIELD_COLUMNS) fields[c] = (input as Record<string, unknown>)[c] ?? null;
  if (input.id_centro_costo_tipo === 2) fields.id_grupo_funcional = null;
  if (input.id_centro_costo_tipo !== 1) fields.id_equipo = fields.id_centro_costo_tipo === null ? fields.id_equipo : null;
  return fields;
}

/** The next code of a kind at a site ('OB-LIM-01-SC-000042'), counted per site and kind inside
 * the command's transaction: a refused or failed save burns none. */
export async function nextRequestCode(tx: TransactionSql, idObra: number, kind: RequestKind): Promise<string> {
  const kindCode = kind === 'compra' ? 1 : kind === 'servicio' ? 2 : 3;
  const [o] = await tx<{ codigo: string }[]>`SELECT codigo FROM rm_obras WHERE id = ${idObra}`;
  const [c] = await tx<{ last: number }[]>`
    INSERT INTO request_code_counters (id_obra, tipo, last) VALUES (${idObra}, ${kindCode}, 1)
    ON CONFLICT (id_obra, tipo) DO UPDATE SET last = request_code_counters.last + 1 RETURNING last`;
  return requestCode(o?.codigo || `OB${idObra}`, kind, c.last);
}

const productOf = (p: SaveInput['productos_solicitados'][number], id: number): NewRequestProduct => ({
  id, id_material: p.id_material, cantidad: p.cantidad_solicitada_por_almacen_obra, codigo: p.codigo || null, descripcion: p.descripcion || null, id_unidad: p.id_unidad,
});

async function referenceErrors(deps: ApiDeps, principal: Principal, input: SaveInput): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  if (input.id_obra) {
    const [o] = await deps.sql<{ estado: number }[]>`SELECT estado FROM rm_obras WHERE id = ${input.id_obra}`;
    const sites = await userSites(deps, principal);
    if (!o || (sites !== 'all' && !sites.includes(input.id_obra))) errors.id_obra = 'La obra no existe';
    else if (o.estado !== 1) errors.id_obra = 'La obra está inactiva';
  }
  if (input.id_equipo) {
    const [e] = await deps.sql<{ id_obra: number }[]>`SELECT id_obra FROM rm_equipos WHERE id = ${input.id_equipo}`;
    if (!e) errors.id_equipo = 'El equipo no existe';
  }
  const materials = [...new Set(input.productos_solicitados.map((p) => p.id_material).filter((x): x is number => !!x))];
  const units = [...new Set(input.productos_solicitados.map((p) => p.id_unidad).filter((x): x is number => !!x))];
  const foundM = new Set(materials.length ? (await deps.sql<{ id: number }[]>`SELECT id::int FROM rm_materiales WHERE id IN ${deps.sql(materials)}`).map((r) => r.id) : []);
  const foundU = new Set(units.length ? (await deps.sql<{ id: number }[]>`SELECT id::int FROM rm_unidades WHERE id IN ${deps.sql(units)}`).map((r) => r.id) : []);
  input.productos_solicitados.forEach((p, i) => {
    if (p.id_material && !foundM.has(p.id_material)) errors[`productos_solicitados.${i}.id_material`] = 'El material no existe';
    if (p.id_unidad && !foundU.has(p.id_unidad)) errors[`productos_solicitados.${i}.id_unidad`] = 'La unidad no existe';
  });
  Object.assign(errors, await catalogueErrors(deps, input));
  return errors;
}

export const MSG_TIPO_INVALID = 'Seleccione un tipo de solicitud válido';
export const MSG_CLASIFICACION_INVALID = 'Seleccione una clasificación válida';
export const MSG_RECURSO_INVALID = 'Seleccione un recurso válido';
export const MSG_CENTRO_INVALID = 'Seleccione un centro de costo indirecto válido';
export const MSG_ELEMENTO_INVALID = 'Seleccione un elemento válido';
export const MSG_ELEMENTO_OTHER_CENTRE = 'El elemento no pertenece al centro de costo indirecto elegido';
export const MSG_FRENTE_INVALID = 'Seleccione un frente de obra válido';
export const MSG_FRENTE_OTHER_SITE = 'El frente no pertenece a la obra de la solicitud';
export const MSG_MOVILIZACION_INVALID = 'Seleccione un tipo de centro de costo de terceros válido';
export const msgFixedResource = (codigo: string) => `El recurso de terceros de este tipo es ${codigo}`;

/** The request's catalogue references (services/api/catalogues: request types, classifications,
 * resources, indirect cost centres and their elements, mobilisation types, the site's fronts):
 * each must name an active row; the element belongs to the chosen centre, the front to the
 * request's site; a mobilisation type with a fixed resource
 * code keeps that code as the third-party resource when one is given. The rules that hang on ids
 * (type 1, mobilisation type 2) are the decider's (requestFormErrors), keyed by id whatever the names. */
async function catalogueErrors(deps: ApiDeps, input: SaveInput): Promise<Record<string, string>> {
  const { sql } = deps;
  const errors: Record<string, string> = {};
  const active = async (table: string, field: keyof SaveInput, message: string) => {
    const id = input[field] as number | null | undefined;
    if (!id) return null;
    const [row] = await sql`SELECT * FROM ${sql(table)} WHERE id = ${id} AND estado = 1`;
    if (!row) errors[field] = message;
    return row ?? null;
  };
  await active('rm_solicitudes_tipos', 'id_solicitudes_tipo', MSG_TIPO_INVALID);
  await active('rm_solicitudes_clasificaciones', 'id_solicitudes_clasificacion', MSG_CLASIFICACION_INVALID);
  await active('rm_recursos', 'id_solicitudes_movilizacion_recursos', MSG_RECURSO_INVALID);
  const centre = await active('rm_centros_costo_indirectos', 'id_centro_costo_indirecto', MSG_CENTRO_INVALID);
  const element = await active('rm_centro_costo_indirecto_elementos', 'id_centro_costo_indirecto_elemento', MSG_ELEMENTO_INVALID);
  if (centre && element && Number(element.id_centro_costo_indirecto) !== Number(centre.id)) errors.id_centro_costo_indirecto_elemento = MSG_ELEMENTO_OTHER_CENTRE;
  const front = await active('rm_frentes_obra', 'id_frente_obra', MSG_FRENTE_INVALID);
  if (front && input.id_obra && Number(front.id_obra) !== input.id_obra) errors.id_frente_obra = MSG_FRENTE_OTHER_SITE;
  const mobilisation = await active('rm_movilizacion_tipos', 'id_solicitudes_movilizacion_terceros_tipocc', MSG_MOVILIZACION_INVALID);
  const fixed = String(mobilisation?.codigo_recurso ?? '');
  const given = input.id_solicitudes_movilizacion_terceros_ter_recurso;
  if (fixed && given && given.toLowerCase() !== fixed.toLowerCase()) errors.id_solicitudes_movilizacion_terceros_ter_recurso = msgFixedResource(fixed);
  return errors;
}

function changedFields(current: Record<string, unknown>, next: Fields): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(next)) {
    const was = current[k] ?? null;
    if (String(was ?? '') !== String(v ?? '')) out[k] = v;
  }
  return out;
}

export type SaveOptions = {
  input: SaveInput;
  /** The multipart files, by field name (`documento_{n}`). */
  files?: Record<string, File>;
  principal: Principal;
  metadata: Partial<EventMetadata>;
  /** `create` (the request carries a work order) or `create_not_ot` (it does not). */
  withWorkOrder: boolean;
};

/** Seed 002 `create` / `create_not_ot`: registers a request (id 0) or saves a borrador or
 * observado one; with `terminado=1` it is also sent into the workflow in the same transaction. */
export async function saveRequest(deps: ApiDeps, opts: SaveOptions) {
  const { input, principal } = opts;
  const isNew = input.id === 0;
  let current: Record<string, unknown> | null = null;
  let kind: RequestKind | null = isNew ? (input.tipo ?? null) : null;
  if (!isNew) {
    const [row] = await deps.sql`SELECT * FROM rm_solicitudes_compras WHERE id = ${input.id}`;
    if (!row || !(await siteAllows(deps, principal, 'purchase_request', input.id))) throw new ApiError(404, MSG_REQUEST_NOT_FOUND);
    current = row;
    kind = ({ 1: 'compra', 2: 'servicio', 3: 'despacho' } as const)[Number(row.tipo) as 1];
    if (input.id_obra === null && row.id_obra) input.id_obra = Number(row.id_obra);
    if (input.id_orden_trabajo === null && row.id_orden_trabajo) input.id_orden_trabajo = Number(row.id_orden_trabajo);
  }
  const fields = requestFields(input);
  // The form as the decider checks it (CheckRequestForm), with what the catalogues say of it.
  const form: RequestForm = {
    tipo: kind,
    idObra: input.id_obra ?? null,
    fields,
    productos: input.productos_solicitados.map((p) => ({ id_unidad: p.id_unidad ?? null, id_material: p.id_material ?? null, descripcion: p.descripcion ?? null, cantidad: p.cantidad_solicitada_por_almacen_obra })),
    missingWorkOrder: isNew && opts.withWorkOrder && !input.id_orden_trabajo,
    references: await referenceErrors(deps, principal, input),
  };

  const idOt = opts.withWorkOrder || !isNew ? input.id_orden_trabajo : null;
  // New documents are checked by content and stored inside the transaction, once everything else
  // is valid; a refused or failed save removes the files it stored.
  const stored: string[] = [];
  const newDocuments = (c: CommandContext) => storeRequestDocuments(deps, c, input, opts.files ?? {}, stored);
  const result = await execute(deps.store, async (c: CommandContext) => {
    const by = principal.userId;
    if (isNew) {
      const id = await c.nextId('purchase_request');
      const request = c.start(purchaseRequests, id);
      const order = idOt ? await c.load(workOrders, idOt) : null;
      const ordenTrabajo = order && idOt
        ? { found: order.exists && (await siteAllows(deps, principal, 'work_order', idOt)), idObra: order.exists ? order.state.header.id_obra : null }
        : undefined;
      request.decide({ type: 'CheckRequestForm', form: { ...form, ...(ordenTrabajo ? { ordenTrabajo } : {}) } });
      const tipo: RequestKind = kind!;
      const productIds = input.productos_solicitados.length ? await c.nextIds('requested_product', input.productos_solicitados.length) : [];
      const codigo = await nextRequestCode(c.tx, input.id_obra!, tipo);
      if (order && idOt) {
        request.decide({
          type: 'CreateRequest', id, codigo, tipo, idObra: input.id_obra!, idOrdenTrabajo: idOt, fields,
          productos: input.productos_solicitados.map((p, i) => productOf(p, productIds[i])), documentos: await newDocuments(c), by,
        });
        const linkKind = (tipo as RequestKind) === 'servicio' ? 'servicio' : 'compra';
        order.decide({ type: 'LinkRequest', request: { id, tipo: linkKind, estado: 'borrador' }, actor: { id: by, roleId: principal.roleId, canCreateRequest: true }, viaServiceRequest: false });
      } else {
        request.decide({
          type: 'CreateRequest', id, codigo, tipo, idObra: input.id_obra!, idOrdenTrabajo: null, fields,
          productos: input.productos_solicitados.map((p, i) => productOf(p, productIds[i])), documentos: await newDocuments(c), by,
        });
      }
      if (input.terminado) request.decide({ type: 'SendRequest', id, by });
      return { id, codigo };
    }
    const id = input.id;
    const request = await c.load(purchaseRequests, id);
    request.decide({ type: 'CheckRequestForm', form });
    // The version the form was loaded at, once the form passed: a request saved since is a conflict.
    if (input.version && input.version !== request.version) throw new ConcurrencyError(request.streamId, String(input.version), request.version);
    // Refused before the products are compared: a request no longer editable answers 409 first.
    editable(request.state);
    const existing = await c.tx<{ id: number; id_material: number | null; codigo: string; descripcion: string; id_unidad: number | null; cantidad: number }[]>`
      SELECT id::int, id_material::int, codigo, descripcion, id_unidad::int, cantidad_solicitada_por_almacen_obra::float8 AS cantidad
      FROM rm_productos_solicitados WHERE id_solicitud_compra = ${id}`;
    const byId = new Map(existing.map((p) => [p.id, p]));
    const kept = new Set(input.productos_solicitados.filter((p) => p.id > 0).map((p) => p.id));
    const fresh = input.productos_solicitados.filter((p) => p.id === 0);
    const freshIds = fresh.length ? await c.nextIds('requested_product', fresh.length) : [];
    const edited = input.productos_solicitados
      .filter((p) => p.id > 0 && byId.has(p.id))
      .map((p) => productOf(p, p.id))
      .filter((p) => {
        const was = byId.get(p.id)!;
        return was.id_material !== p.id_material || was.id_unidad !== p.id_unidad || was.cantidad !== p.cantidad
          || (was.codigo || null) !== (p.codigo || null) || (was.descripcion || null) !== (p.descripcion || null);
      });
    const changes = changedFields(current!, fields);
    // The kind and the request type lock are the decider's (EditRequest).
    if (input.tipo && input.tipo !== kind) changes.tipo = input.tipo;
    let codigo = String(current!.codigo ?? '');
    if (!codigo) {
      codigo = await nextRequestCode(c.tx, input.id_obra!, kind!);
      changes.codigo = codigo;
    }
    request.decide({
      type: 'EditRequest', id, fields: changes, by, productosConservados: [...kept],
      productosAgregados: fresh.map((p, i) => productOf(p, freshIds[i])),
      productosQuitados: existing.filter((p) => !kept.has(p.id)).map((p) => p.id),
      productosEditados: edited,
      documentosAgregados: await newDocuments(c),
    });
    if (input.terminado) request.decide({ type: 'SendRequest', id, by });
    return { id, codigo };
  }, { metadata: opts.metadata }).catch(async (e: unknown) => {
    await Promise.all(stored.map((name) => removeUpload(deps.config.uploadsDir, name).catch(() => undefined)));
    throw e;
  });
  const { id, codigo } = result.value ?? { id: input.id, codigo: '' };
  const item = await loadRequestItem(deps, principal, id);
  return { msg: input.terminado ? MSG_SENT : isNew ? MSG_REGISTERED : MSG_SAVED, is_new: isNew, id, codigo: codigo || item.codigo, version: item.version, item };
}
