import type { Sql } from 'postgres';
import {
  PRODUCT_STATE_NAMES, PROTECTED_REQUEST_STATES, REQUEST_KINDS, REQUEST_STATE_NAMES, RequestState, productStateObject, requestStateObject, type RequestStateCode,
} from '@shared/purchase-request-codes';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';
import { siteAllows } from '../platform/site-scope';
import { MSG_REQUEST_NOT_FOUND } from '../../../events/purchase-request/decider';
import type { RequestItem } from '@shared/contracts/purchase-requests';

/** The request's columns as the form, the list's detail and the PDF read them, names joined (the
 * request catalogues' names too: services/api/catalogues, seed 002 ambiguity 8). */
export const REQUEST_SELECT = `
  r.id::int AS id, r.codigo, r.tipo::int AS tipo, r.estado::int AS estado,
  r.id_obra::int AS id_obra, o.codigo AS codigo_obra, o.nombre AS nombre_obra,
  r.id_orden_trabajo::int AS id_orden_trabajo, ot.codigo AS codigo_orden_trabajo, r.creado_desde_ot::int AS creado_desde_ot,
  ot.id_tipo_mantenimiento::int AS id_tipo_mantenimiento,
  (SELECT tm.sigla FROM rm_tipos_mantenimiento tm WHERE tm.id = ot.id_tipo_mantenimiento) AS tipo_mantenimiento,
  (SELECT tm.nombre FROM rm_tipos_mantenimiento tm WHERE tm.id = ot.id_tipo_mantenimiento) AS nombre_tipo_mantenimiento,
  r.id_frente_obra::int AS id_frente_obra, fo.codigo AS frente_obra_codigo, fo.nombre AS frente_obra_nombre,
  r.id_supervisor::int AS id_supervisor, su.name AS nombre_supervisor, su.surname AS apellido_supervisor,
  r.id_logistico::int AS id_logistico, nullif(trim(coalesce(lo.name, '') || ' ' || coalesce(lo.surname, '')), '') AS nombre_logistico,
  r.id_equipo::int AS id_equipo, e.codigo AS codigo_equipo, e.cc AS cc_equipo,
  r.id_centro_costo_tipo::int AS id_centro_costo_tipo,
  CASE r.id_centro_costo_tipo WHEN 1 THEN 'Directo (equipo)' WHEN 2 THEN 'Indirecto' END AS nombre_centro_costo_tipo,
  r.id_centro_costo_indirecto::int AS id_centro_costo_indirecto, r.id_centro_costo_indirecto_elemento::int AS id_centro_costo_indirecto_elemento,
  r.id_grupo_funcional::int AS id_grupo_funcional, gf.sigla AS sigla_grupo_funcional, gf.nombre AS nombre_grupo_funcional,
  cci.codigo AS centro_costo_indirecto_codigo, cci.nombre AS centro_costo_indirecto_nombre, ccie.codigo AS elemento_codigo, ccie.nombre AS elemento_nombre,
  r.id_solicitudes_tipo::int AS id_solicitudes_tipo, st.nombre AS solicitudes_tipo,
  r.id_solicitudes_clasificacion::int AS id_solicitudes_clasificacion, sc.nombre AS clasificacion_nombre,
  r.id_solicitudes_movilizacion_recursos::int AS id_solicitudes_movilizacion_recursos, rc.codigo AS recurso_codigo, rc.nombre AS recurso_nombre,
  r.id_solicitudes_movilizacion_terceros_tipocc::int AS id_solicitudes_movilizacion_terceros_tipocc, mt.nombre AS movilizacion_tipo_nombre,
  (SELECT tr.nombre FROM rm_recursos tr WHERE lower(tr.codigo) = lower(r.id_solicitudes_movilizacion_terceros_ter_recurso) ORDER BY tr.id LIMIT 1) AS ter_recurso_nombre,
  r.id_solicitudes_movilizacion_terceros_ter_recurso,
  r.descripcion_trabajo, to_char(r.fecha_requerimiento, 'YYYY-MM-DD') AS fecha_requerimiento,
  to_char(r.fecha_recepcion_pedido, 'YYYY-MM-DD') AS fecha_recepcion_pedido,
  to_char(r.fecha_creado AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS fecha_creado,
  r.motivo_observado, r.motivo_rechazo, r.atendido_por_almacen_central::int AS atendido_por_almacen_central,
  r.enviado_sicam::int AS enviado_sicam, r.sicam_estado, r.sicam_motivo, r.sicam_intentos::int AS sicam_intentos, r.numero_orden,
  EXISTS (SELECT 1 FROM rm_productos_solicitados p WHERE p.id_solicitud_compra = r.id AND p.estado = 6)::int AS material_rechazado,
  r.version::int AS version`;

export const REQUEST_FROM = `rm_solicitudes_compras r
  LEFT JOIN rm_obras o ON o.id = r.id_obra
  LEFT JOIN rm_ordenes_trabajo ot ON ot.id = r.id_orden_trabajo
  LEFT JOIN rm_users su ON su.id = r.id_supervisor
  LEFT JOIN rm_users lo ON lo.id = r.id_logistico
  LEFT JOIN rm_equipos e ON e.id = r.id_equipo
  LEFT JOIN rm_grupos_funcionales gf ON gf.id = r.id_grupo_funcional
  LEFT JOIN rm_centros_costo_indirectos cci ON cci.id = r.id_centro_costo_indirecto
  LEFT JOIN rm_centro_costo_indirecto_elementos ccie ON ccie.id = r.id_centro_costo_indirecto_elemento
  LEFT JOIN rm_solicitudes_tipos st ON st.id = r.id_solicitudes_tipo
  LEFT JOIN rm_solicitudes_clasificaciones sc ON sc.id = r.id_solicitudes_clasificacion
  LEFT JOIN rm_recursos rc ON rc.id = r.id_solicitudes_movilizacion_recursos
  LEFT JOIN rm_movilizacion_tipos mt ON mt.id = r.id_solicitudes_movilizacion_terceros_tipocc
  LEFT JOIN rm_frentes_obra fo ON fo.id = r.id_frente_obra`;

export const PRODUCT_SELECT = `
  p.id::int AS id, p.id_solicitud_compra::int AS id_solicitud_compra, p.orden::int AS orden, p.id_material::int AS id_material,
  coalesce(nullif(p.codigo, ''), m.codigo, '') AS codigo, coalesce(nullif(p.descripcion, ''), m.nombre, '') AS descripcion,
  m.id_material_tipo::int AS id_material_tipo, p.id_unidad::int AS id_unidad, u.nombre AS nombre_unidad,
  p.cantidad_solicitada_por_tecnico::float8 AS cantidad_solicitada_por_tecnico,
  p.cantidad_solicitada_por_almacen_obra::float8 AS cantidad_solicitada_por_almacen_obra,
  p.cantidad_en_almacen_central::float8 AS cantidad_en_almacen_central,
  p.cantidad_solicitada_por_almacen_central::float8 AS cantidad_solicitada_por_almacen_central,
  p.en_almacen_central::int AS en_almacen_central, p.observacion_almacen_central, p.estado::int AS estado,
  p.numero_orden, p.precio::float8 AS precio, p.moneda`;

export const PRODUCT_FROM = `rm_productos_solicitados p
  LEFT JOIN rm_materiales m ON m.id = p.id_material
  LEFT JOIN rm_unidades u ON u.id = p.id_unidad`;

export type RequestRow = Record<string, unknown> & { id: number; codigo: string; atendido_por_almacen_central: number; tipo: 1 | 2 | 3; estado: number; id_obra: number | null; enviado_sicam: number; version: number };
export type ProductRow = Record<string, unknown> & { id: number; estado: number; cantidad_solicitada_por_almacen_obra: number };

/** A product may be annulled before its purchase order is received (seed 002 ambiguity 16). */
export const productCanAnnul = (estado: number) => [1, 3, 4, 5, 7, 12, 14].includes(estado);

export function describeProduct(p: ProductRow) {
  return { ...p, estado_nombre: PRODUCT_STATE_NAMES[p.estado as 1] ?? '', objeto_estado: productStateObject(p.estado), puede_anular: productCanAnnul(p.estado) ? 1 : 0 };
}

export function describeRequest(r: RequestRow) {
  return {
    ...r,
    tipo_nombre: REQUEST_KINDS[r.tipo],
    estado_nombre: REQUEST_STATE_NAMES[r.estado as 1] ?? '',
    // Seed 002 §3: the state as an object (code, name, tone) and whether the request is finished
    // (no more actions, the list's `protected`).
    objeto_estado: requestStateObject(r.estado),
    protected: PROTECTED_REQUEST_STATES.includes(r.estado as RequestStateCode) ? 1 : 0,
    editable: r.estado === RequestState.borrador || r.estado === RequestState.observado ? 1 : 0,
    puede_anular: r.estado === RequestState.solicitado && r.enviado_sicam === 0 ? 1 : 0,
  };
}

export async function loadProducts(sql: Sql, idSolicitud: number) {
  const rows = await sql.unsafe<ProductRow[]>(`SELECT ${PRODUCT_SELECT} FROM ${PRODUCT_FROM} WHERE p.id_solicitud_compra = $1 ORDER BY p.orden, p.id`, [idSolicitud]);
  return rows.map(describeProduct);
}

export async function loadRequestRow(sql: Sql, id: number): Promise<RequestRow | null> {
  const [row] = await sql.unsafe<RequestRow[]>(`SELECT ${REQUEST_SELECT} FROM ${REQUEST_FROM} WHERE r.id = $1`, [id]);
  return row ?? null;
}

/** The request with its products, or 404 when it does not exist or is on a site the caller does
 * not work on (its existence is not revealed either). */
export async function loadRequestItem(deps: Pick<ApiDeps, 'sql'>, principal: Principal, id: number): Promise<RequestItem> {
  const row = await loadRequestRow(deps.sql, id);
  if (!row || !(await siteAllows(deps, principal, 'purchase_request', id))) throw new ApiError(404, MSG_REQUEST_NOT_FOUND);
  // The SELECT above is the reply schema's shape (checked against requestItem in development and tests).
  return { ...describeRequest(row), productos_solicitados: await loadProducts(deps.sql, id), documentos: await loadDocuments(deps.sql, id) } as unknown as RequestItem;
}

/** The request's documents, oldest first. */
export async function loadDocuments(sql: Sql, id: number) {
  return sql<{ id: number; nombre: string; observaciones: string; url: string; fecha_creado: string }[]>`
    SELECT id::int, nombre, observaciones, CASE WHEN pic = '' THEN '' ELSE '/uploads/' || pic END AS url,
      to_char(date_created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS fecha_creado
    FROM rm_solicitud_compra_documentos WHERE id_solicitud_compra = ${id} ORDER BY id`;
}
