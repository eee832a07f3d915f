import { MSG_FORBIDDEN, MSG_UPDATED } from '@shared/messages';
import type { Sql, TransactionSql } from 'postgres';
import { execute } from '../../../events/execute';
import { ProductState } from '@shared/purchase-request-codes';
import { MSG_DOCUMENT_NOT_FOUND, MSG_PRODUCT_NOT_FOUND, MSG_REQUEST_NOT_FOUND, purchaseRequests } from '../../../events/purchase-request/decider';
import type { EventMetadata, RecordedEvent } from '../../../events/types';
import { enqueueSicamPush, resendToSicam } from '../../app/jobs/sicam';
import { resendAndWait } from '../../app/jobs/sicam-push';
import { enqueueProductAnnulments } from '../../app/jobs/sicam-annul';
import { ApiError } from '../platform/api-error';
import { jobQueue, type ApiDeps } from '../platform/deps';
import { can, type Principal } from '../platform/principal';
import { siteAllows } from '../platform/site-scope';
import { SicamUnavailable } from '../../../events/errors';

export const MSG_APPROVED = 'Solicitud aprobada';
export const MSG_REJECTED = 'Solicitud rechazada';
export const MSG_OBSERVED = 'Solicitud observada';
export const MSG_ANNULLED = 'Solicitud anulada';
export const MSG_PRODUCT_ANNULLED = 'Producto anulado';
export const MSG_PRODUCT_REMOVED = 'Producto eliminado';
export const MSG_DOCUMENT_REMOVED = 'Documento eliminado';
/** Seed 002 L204: the reply to a resend that did not reach SICAM. */
export const MSG_SICAM_FAILED = 'Hubo problemas al enviar a SICAM';
export const MSG_SICAM_QUEUED = 'Se envió la solicitud a SICAM';

type Ctx = { deps: ApiDeps; principal: Principal; metadata: Partial<EventMetadata> };

/** 404 unless the request exists on one of the caller's sites. */
export async function assertRequestVisible(deps: Pick<ApiDeps, 'sql'>, principal: Principal, id: number) {
  const [row] = await deps.sql`SELECT 1 FROM rm_solicitudes_compras WHERE id = ${id}`;
  if (!row || !(await siteAllows(deps, principal, 'purchase_request', id))) throw new ApiError(404, MSG_REQUEST_NOT_FOUND);
}

async function canApprove(sql: Sql, principal: Principal): Promise<boolean> {
  if (principal.isRoot) return true;
  const [u] = await sql<{ can_approve_requests: number | null }[]>`SELECT can_approve_requests FROM rm_users WHERE id = ${principal.userId}`;
  return u?.can_approve_requests === 1;
}

/** What SICAM receives for a request (SEED-002-ANALYSIS §1.8), read in the approving transaction
 * after the inline projection ran: its header and the products still to buy. */
export async function sicamBody(tx: TransactionSql | Sql, id: number): Promise<Record<string, unknown>> {
  const [r] = await tx`
    SELECT r.codigo, r.tipo::int AS tipo, o.codigo AS obra, r.id_centro_costo_tipo::int AS id_centro_costo_tipo, e.cc AS cc_equipo,
           r.id_centro_costo_indirecto::int AS id_centro_costo_indirecto, r.id_centro_costo_indirecto_elemento::int AS id_centro_costo_indirecto_elemento,
           r.id_solicitudes_movilizacion_recursos::int AS id_recurso, r.id_solicitudes_movilizacion_terceros_tipocc::int AS id_movilizacion_tipocc,
           r.id_solicitudes_movilizacion_terceros_ter_recurso AS movilizacion_recurso,
           to_char(r.fecha_requerimiento, 'YYYY-MM-DD') AS fecha_requerimiento, to_char(r.fecha_recepcion_pedido, 'YYYY-MM-DD') AS fecha_recepcion_pedido,
           r.descripcion_trabajo
      FROM rm_solicitudes_compras r LEFT JOIN rm_obras o ON o.id = r.id_obra LEFT JOIN rm_equipos e ON e.id = r.id_equipo
     WHERE r.id = ${id}`;
  const products = await tx`
    SELECT p.id::int AS id_producto_solicitado, coalesce(nullif(p.codigo, ''), m.codigo, '') AS codigo_material,
           coalesce(nullif(p.descripcion, ''), m.nombre, '') AS descripcion, coalesce(u.nombre, '') AS unidad,
           (CASE WHEN ${r?.tipo ?? 1} = 1 THEN p.cantidad_solicitada_por_almacen_central ELSE p.cantidad_solicitada_por_almacen_obra END)::float8 AS cantidad
      FROM rm_productos_solicitados p LEFT JOIN rm_materiales m ON m.id = p.id_material LEFT JOIN rm_unidades u ON u.id = p.id_unidad
     WHERE p.id_solicitud_compra = ${id} AND p.estado NOT IN (${ProductState.cancelado}, ${ProductState.enOCAnulado})
     ORDER BY p.orden, p.id`;
  return { ...r, tipo: r?.tipo === 2 ? 'servicio' : 'compra', productos: products.filter((p) => Number(p.cantidad) > 0 || r?.tipo === 2) };
}

/** aprobar: 4 → 5; the SICAM push is queued in the same transaction, keyed by the approval
 * event's id (retries and resends reuse it until a success is recorded). */
export async function approveRequest({ deps, principal, metadata }: Ctx, id: number) {
  await assertRequestVisible(deps, principal, id);
  const approver = await canApprove(deps.sql, principal);
  await execute(deps.store, async (c) => {
    const request = await c.load(purchaseRequests, id);
    request.decide({ type: 'ApproveRequest', id, canApprove: approver, by: principal.userId });
  }, {
    metadata,
    within: async (tx: TransactionSql, events: RecordedEvent[]) => {
      const approved = events.find((e) => e.type === 'PurchaseRequestApproved');
      if (approved) await enqueueSicamPush(jobQueue(deps), { id_solicitud_compra: id, key: approved.id, body: await sicamBody(tx, id) }, tx);
    },
  });
  return { msg: MSG_APPROVED };
}

export async function rejectRequest({ deps, principal, metadata }: Ctx, id: number, motivo: string) {
  await assertRequestVisible(deps, principal, id);
  const approver = await canApprove(deps.sql, principal);
  await execute(deps.store, async (c) => {
    const request = await c.load(purchaseRequests, id);
    request.decide({ type: 'RejectRequest', id, motivo, canApprove: approver, by: principal.userId });
  }, { metadata });
  return { msg: MSG_REJECTED };
}

/** Observar: the central warehouse (or the purchasing module's editors) sends the request back. */
export async function observeRequest({ deps, principal, metadata }: Ctx, id: number, motivo: string) {
  if (!can(principal, '/almacen_central_ots', 'edit') && !can(principal, '/solicitudes_compras', 'edit')) throw new ApiError(403, MSG_FORBIDDEN);
  await assertRequestVisible(deps, principal, id);
  await execute(deps.store, async (c) => {
    const request = await c.load(purchaseRequests, id);
    request.decide({ type: 'ObserveRequest', id, motivo, by: principal.userId });
  }, { metadata });
  return { msg: MSG_OBSERVED };
}

export async function annulRequest({ deps, principal, metadata }: Ctx, id: number) {
  await assertRequestVisible(deps, principal, id);
  await execute(deps.store, async (c) => {
    const request = await c.load(purchaseRequests, id);
    request.decide({ type: 'AnnulRequest', id, by: principal.userId });
  }, { metadata });
  return { msg: MSG_ANNULLED };
}

async function productRequest(sql: Sql, idProducto: number): Promise<number> {
  const [p] = await sql<{ id_solicitud_compra: number }[]>`SELECT id_solicitud_compra::int FROM rm_productos_solicitados WHERE id = ${idProducto}`;
  if (!p) throw new ApiError(404, MSG_PRODUCT_NOT_FOUND);
  return p.id_solicitud_compra;
}

/** anular_sicoe_material: one product, cancelled before a purchase order or annulled in it. A
 * request SICAM has accepted gets, in the same transaction, the job that tells SICAM
 * (services/worker/sicam-annul.ts). */
export async function annulProduct({ deps, principal, metadata }: Ctx, idProducto: number) {
  const id = await productRequest(deps.sql, idProducto);
  await assertRequestVisible(deps, principal, id);
  await execute(deps.store, async (c) => {
    const request = await c.load(purchaseRequests, id);
    request.decide({ type: 'AnnulProduct', id, idProducto, by: principal.userId });
  }, {
    metadata,
    within: async (tx: TransactionSql, events: RecordedEvent[]) => {
      const [push] = await tx`SELECT 1 FROM sicam_pushes WHERE id_solicitud_compra = ${id} AND id_sicam IS NOT NULL`;
      if (push) await enqueueProductAnnulments(jobQueue(deps), tx, events);
    },
  });
  return { msg: MSG_PRODUCT_ANNULLED };
}

/** eliminarProducto / eliminarElementoDeDetalle: removes a line of a borrador or observado request. */
export async function removeProduct({ deps, principal, metadata }: Ctx, idProducto: number) {
  const id = await productRequest(deps.sql, idProducto);
  await assertRequestVisible(deps, principal, id);
  await execute(deps.store, async (c) => {
    const request = await c.load(purchaseRequests, id);
    request.decide({ type: 'EditRequest', id, fields: {}, productosQuitados: [idProducto], by: principal.userId });
  }, { metadata });
  return { msg: MSG_PRODUCT_REMOVED };
}

/** eliminarElementoDeDetalle with tabla=documentos: removes a document of a borrador or observado
 * request. The stored file stays: the request's history (its events) still names it. */
export async function removeDocument({ deps, principal, metadata }: Ctx, idDocumento: number) {
  const [d] = await deps.sql<{ id_solicitud_compra: number }[]>`SELECT id_solicitud_compra::int FROM rm_solicitud_compra_documentos WHERE id = ${idDocumento}`;
  if (!d) throw new ApiError(404, MSG_DOCUMENT_NOT_FOUND);
  const id = d.id_solicitud_compra;
  await assertRequestVisible(deps, principal, id);
  const r = await execute(deps.store, async (c) => {
    const request = await c.load(purchaseRequests, id);
    request.decide({ type: 'EditRequest', id, fields: {}, documentosQuitados: [idDocumento], by: principal.userId });
  }, { metadata });
  // The request's new version: an open form goes on saving from it.
  return { msg: MSG_DOCUMENT_REMOVED, version: r.versions[`purchase_request-${id}`] };
}

/** enviarASicam: queues the push again with the approval's key (services/app/jobs/sicam.ts), then
 * waits a few seconds for its outcome (SEED-002-ANALYSIS ambiguity 32), woken by the outcome's
 * NOTIFY (resendAndWait): sent → ok; failed or still pending → 'Hubo problemas al enviar a SICAM'
 * (the retries go on in the background). */
export async function resendRequest({ deps, principal }: Ctx, id: number, waitMs = 10_000) {
  await assertRequestVisible(deps, principal, id);
  const outcome = await resendAndWait(deps.sql, `purchase_request-${id}`, { sent: 'PurchaseRequestSentToSicam', failed: 'PurchaseRequestSicamFailed' }, () => resendToSicam({ store: deps.store, boss: jobQueue(deps) }, id), waitMs);
  if (outcome === 'sent') return { msg: MSG_SICAM_QUEUED };
  throw new SicamUnavailable(MSG_SICAM_FAILED, 409);
}

export { MSG_UPDATED };
