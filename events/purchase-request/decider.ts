import { MSG_REQUIRED, MSG_VALIDATION } from '@shared/messages';
import { unreachable, type Decider } from '../decider';
import { CommandRejected } from '../errors';
import { aggregate } from '../execute';
import { refuseRequestForm } from './request-form';
import { ProductState, RequestState, type ProductStateCode, type RequestStateCode } from '@shared/purchase-request-codes';
import type { CentralOrderLine, CentralProductEntry, CentralProductLine, OrderProductPrice, PurchaseRequestCommand, PurchaseRequestEvent, PurchaseRequestState, RequestProduct, SentProduct, SicamStatusSeen } from './types';
import { roundQty } from '@shared/quantity';

export const MSG_REQUEST_EXISTS = 'La solicitud ya existe';
export const MSG_REQUEST_NOT_FOUND = 'La solicitud no existe';
export const MSG_NOT_EDITABLE = 'La solicitud ya no está en borrador: no se puede modificar';
export const MSG_KIND_LOCKED = 'El tipo de la solicitud no se puede cambiar una vez guardada';
export const MSG_TYPE_LOCKED = 'El tipo de solicitud no se puede cambiar una vez elegido y guardado';
export const MSG_PRODUCTS_LOCKED = 'Los productos de una compra generada desde una OT no se pueden modificar';
export const MSG_NO_PRODUCTS = 'Agregue al menos un producto a la solicitud';
export const MSG_NOT_PENDING_CENTRAL = 'La solicitud no está pendiente de atención del almacén central';
export const MSG_NOT_PENDING_APPROVAL = 'La solicitud no está pendiente de aprobación';
export const MSG_CANNOT_APPROVE = 'No tiene permiso para aprobar solicitudes';
export const MSG_NOT_ANNULLABLE = 'Solo se puede anular una solicitud solicitada que aún no se envió a SICAM';
export const MSG_PRODUCT_NOT_FOUND = 'El producto no pertenece a la solicitud';
export const MSG_DOCUMENT_NOT_FOUND = 'El documento no pertenece a la solicitud';
export const MSG_PRODUCT_NOT_ANNULLABLE = 'El producto ya no se puede anular';
export const MSG_NOT_REQUESTED = 'La solicitud no está en estado solicitado';
export const MSG_NOT_IN_SICAM = 'La solicitud no se envió a SICAM';
export const MSG_ALREADY_SENT = 'La solicitud ya fue enviada a SICAM';
export const MSG_PRODUCT_NOT_ANNULLED = 'El producto no está anulado';
export const MSG_NOT_IN_ORDER = 'El producto no está en una orden de compra aprobada';
export const MSG_WAYBILL_REQUIRED = 'El campo N° de guía es requerido';
export const MSG_NOT_TRANSFERABLE = 'El producto no se puede trasladar en su estado actual';
export const MSG_ENTRY_QUANTITY = 'La cantidad ingresada debe ser mayor a 0';
export const MSG_NOT_CENTRAL = 'La solicitud no pasa por el almacén central';
export const MSG_CENTRAL_EXCESS = 'No puede ser mayor a la cantidad solicitada';

export const MSG_FINALIZADO = 'La solicitud está finalizada';
export const MSG_NOT_ATTENDED_CENTRAL = 'El almacén central aún no atendió el pedido';
export const MSG_DESPACHO_NO_SICAM = 'Una solicitud de despacho no tiene orden de compra en SICAM: no hay estados que actualizar';
export const MSG_NO_SICAM_ORDER = 'La solicitud aún no tiene orden de compra en SICAM: no hay estados que actualizar';

/** The push of an approved request to SICAM, first or again: the request exists, is solicitado
 * and SICAM has not taken it (null: it may be pushed; otherwise the reason it may not). */
export function canPushToSicam(state: PurchaseRequestState): string | null {
  if (state.status === 'absent') return MSG_REQUEST_NOT_FOUND;
  if (state.enviadoSicam) return MSG_ALREADY_SENT;
  if (state.estado !== RequestState.solicitado) return MSG_NOT_REQUESTED;
  return null;
}

export const MSG_PUSH_IN_PROGRESS = 'El envío a SICAM ya está en curso';
export const MSG_NOTHING_TO_RESEND = 'La solicitud no tiene un envío a SICAM que reenviar';

/** The resend of a failed push (enviarASicam), with what the read model knows: `push`, the
 * approval's key and the body kept when the push was first queued (null: none was). Refused as
 * canPushToSicam (404 for a request that does not exist, else 409) or when there is no push to
 * resend; answers the push to queue again. */
export function refuseSicamResend<B>(state: PurchaseRequestState, push: { key: string; body: B } | null): { key: string; body: B } {
  const refusal = canPushToSicam(state);
  if (refusal) throw new CommandRejected(refusal, {}, state.status === 'absent' ? 404 : 409);
  if (!push) throw new CommandRejected(MSG_NOTHING_TO_RESEND, {}, 409);
  return push;
}

/** The resend's queueing: `jobId` null means a push of the request is queued or running (409). */
export function refuseSicamPushRunning(jobId: string | null): string {
  if (!jobId) throw new CommandRejected(MSG_PUSH_IN_PROGRESS, {}, 409);
  return jobId;
}

/** The status pull of one request: it exists (404) and SICAM took it (409); answers SICAM's id. */
export function refuseStatusPull(state: PurchaseRequestState): string {
  if (state.status === 'absent') throw new CommandRejected(MSG_REQUEST_NOT_FOUND, {}, 404);
  if (!state.enviadoSicam || !state.idSicam) throw new CommandRejected(MSG_NOT_IN_SICAM, {}, 409);
  return state.idSicam;
}

/** Seed 002 §4 "Actualizar Estados": once the central warehouse attended the request, until it is
 * finalizado; nothing else (a despacho or a request not yet in SICAM is answered that SICAM has no
 * order for it: `refreshOutcome`). The central Pedido's button and the call follow this rule. */
export function canRefreshStates(r: { atendido_por_almacen_central: number; estado: number }): string | null {
  if (r.estado === RequestState.finalizado) return MSG_FINALIZADO;
  if (r.atendido_por_almacen_central !== 1) return MSG_NOT_ATTENDED_CENTRAL;
  return null;
}

/** What "Actualizar Estados" does for an allowed request: ask SICAM for its order, or say that
 * SICAM has none (a despacho never goes there; another kind not sent yet has no order). */
export function refreshOutcome(r: { tipo: number; enviado_sicam: number }): { pull: true } | { pull: false; msg: string } {
  if (r.tipo === 3) return { pull: false, msg: MSG_DESPACHO_NO_SICAM };
  if (r.enviado_sicam !== 1) return { pull: false, msg: MSG_NO_SICAM_ORDER };
  return { pull: true };
}

type Present = Extract<PurchaseRequestState, { status: 'present' }>;

/** The request's product a row of a site receipt or a transfer names (`{list}.{index}`); none,
 * after marking the row's `id_producto_solicitado` as not the request's. */
function rowProduct(s: Present, errors: Record<string, string>, list: 'entradas' | 'salidas', row: { index: number; id_producto: number }) {
  const product = s.productos.find((p) => p.id === row.id_producto);
  if (!product) errors[`${list}.${row.index}.id_producto_solicitado`] = MSG_PRODUCT_NOT_FOUND;
  return product;
}

/** What every move of a request's state records (sent, attended, observed, approved, rejected,
 * annulled): the request, its work order, the request's and its products' new state, and who. */
function stateMove(s: Present, estado: RequestStateCode, estado_productos: ProductStateCode, by: number) {
  return { id: s.id, id_orden_trabajo: s.idOrdenTrabajo, estado, estado_productos, by };
}

/** Products already cancelled or in an annulled order keep their state when the request moves. */
export const MSG_STOCK_NOT_AVAILABLE = 'El producto elegido ya no tiene stock disponible';
/** Requests and products whose quantity is not stock another order may take (issue 16). */
export const NOT_LENDING_REQUEST: ReadonlySet<number> = new Set([RequestState.borrador, RequestState.cancelado, RequestState.rechazado, RequestState.observado]);
export const NOT_LENDING_PRODUCT: ReadonlySet<number> = new Set([ProductState.borrador, ProductState.cancelado, ProductState.rechazado, ProductState.enOCAnulado, ProductState.observado]);
const AT_SITE: ReadonlySet<number> = new Set([ProductState.enAlmacenObra, ProductState.recibidoEnAlmacenObra, ProductState.salidaDeAlmacen]);
const settled = (p: RequestProduct) => p.estado === ProductState.cancelado || p.estado === ProductState.enOCAnulado;

function existing(state: PurchaseRequestState): Present {
  if (state.status === 'absent') throw new CommandRejected(MSG_REQUEST_NOT_FOUND, {}, 404);
  return state;
}

/** The request, while it may still be edited or sent (borrador or observado). */
export function editable(state: PurchaseRequestState): Present {
  const s = existing(state);
  if (s.estado !== RequestState.borrador && s.estado !== RequestState.observado) throw new CommandRejected(MSG_NOT_EDITABLE, {}, 409);
  return s;
}

/** A request an approver may decide on: 403 without `can_approve_requests`, 409 unless pending
 * approval. */
function awaitingApproval(state: PurchaseRequestState, canApprove: boolean): Present {
  const s = existing(state);
  if (!canApprove) throw new CommandRejected(MSG_CANNOT_APPROVE, {}, 403);
  if (s.estado !== RequestState.pendienteAprobacion) throw new CommandRejected(MSG_NOT_PENDING_APPROVAL, {}, 409);
  return s;
}

/** The products an approval or a rejection decides on: those waiting for approval (4). */
const awaitingProducts = (s: Present) => s.productos.filter((p) => p.estado === ProductState.pendienteAprobacion).map((p) => p.id);

/** The products a purchase order carries: requested (5), pending the order's approval (12) or in
 * it (7). Cancelled (2), annulled (13) and products already received or issued keep their state. */
const IN_ORDER = new Set<ProductStateCode>([ProductState.solicitado, ProductState.pendienteAprobacionOC, ProductState.enOC]);

/** What a status seen in SICAM changes, as events (none when the state already holds it). The
 * order only moves forward (sent for approval → approved) and an annulled one stays annulled; an
 * approved order is recorded again only when its number or a product's price or currency changed.
 * Products SICAM annulled on its own side keep their state here (Faena annuls through AnnulProduct). */
function orderProgress(s: Present, seen: SicamStatusSeen): PurchaseRequestEvent[] {
  const current = s.orden?.estado ?? null;
  if (current === 'anulada' || seen.estado === 'recibida') return [];
  const idSicam = s.idSicam ?? '';
  const numero = seen.numero_orden ?? s.orden?.numero ?? null;
  const annulledInSicam = new Set(seen.productos.filter((p) => p.anulado).map((p) => p.id_producto_solicitado));
  const inOrder = s.productos.filter((p) => IN_ORDER.has(p.estado) && !annulledInSicam.has(p.id));
  switch (seen.estado) {
    case 'enviada_aprobacion': {
      if (current) return [];
      const productos = inOrder.filter((p) => p.estado === ProductState.solicitado).map((p) => p.id);
      return [{ type: 'PurchaseOrderSentForApproval', data: { id: s.id, id_sicam: idSicam, numero_orden: numero, estado_productos: ProductState.pendienteAprobacionOC, productos } }];
    }
    case 'aprobada': {
      const productos: OrderProductPrice[] = inOrder.map((p) => {
        const priced = seen.productos.find((q) => q.id_producto_solicitado === p.id);
        return { id_producto: p.id, precio: priced?.precio ?? null, moneda: priced?.moneda ?? null };
      });
      const unchanged = current === 'aprobada' && numero === s.orden?.numero && productos.every((o) => {
        const p = s.productos.find((q) => q.id === o.id_producto);
        return p?.estado === ProductState.enOC && (p.precio ?? null) === o.precio && (p.moneda ?? null) === o.moneda;
      });
      if (unchanged) return [];
      return [{ type: 'PurchaseOrderApproved', data: { id: s.id, id_sicam: idSicam, numero_orden: numero, estado_productos: ProductState.enOC, productos } }];
    }
    case 'anulada':
      return [{ type: 'PurchaseOrderAnnulled', data: { id: s.id, id_sicam: idSicam, numero_orden: numero, estado_productos: ProductState.enOCAnulado, productos: inOrder.map((p) => p.id) } }];
    default:
      return unreachable(seen.estado, 'SICAM state');
  }
}

/** What a product in a purchase order waits for: what the central warehouse left to buy, or the
 * whole quantity when its Pedido recorded none. */
export function toBuy(p: RequestProduct): number {
  return p.porComprar && p.porComprar > 0 ? p.porComprar : (p.cantidad ?? 0);
}

/** The Pedido's lines as the save sends them, checked against the request's products: central
 * stock at most what the site asked for; the rest to buy is computed, and `en_almacen_central`
 * becomes 1 by itself when nothing is left to buy (seed 002 L127). */
export function centralLines(
  sent: CentralOrderLine[],
  products: { id: number; cantidad_solicitada_por_almacen_obra: number }[],
): { lines: CentralProductLine[]; errors: Record<string, string> } {
  const byId = new Map(products.map((p) => [p.id, p]));
  const errors: Record<string, string> = {};
  const lines: CentralProductLine[] = [];
  sent.forEach((l, i) => {
    const p = byId.get(l.id);
    if (!p) {
      errors[`productos_solicitados.${i}.id`] = MSG_PRODUCT_NOT_FOUND;
      return;
    }
    if (l.cantidad_en_almacen_central > p.cantidad_solicitada_por_almacen_obra) {
      errors[`productos_solicitados.${i}.cantidad_en_almacen_central`] = MSG_CENTRAL_EXCESS;
      return;
    }
    const rest = roundQty(p.cantidad_solicitada_por_almacen_obra - l.cantidad_en_almacen_central);
    lines.push({
      id: l.id,
      cantidad_en_almacen_central: l.cantidad_en_almacen_central,
      cantidad_solicitada_por_almacen_central: rest,
      en_almacen_central: rest === 0 ? 1 : 0,
      observacion_almacen_central: l.observacion_almacen_central ?? '',
    });
  });
  return { lines, errors };
}

/** The request type a save's fields carry (null when none). */
function typeOf(fields: Record<string, unknown> | undefined): number | null {
  const t = fields?.id_solicitudes_tipo;
  return t === null || t === undefined || t === '' ? null : Number(t);
}

function reason(field: string, text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw new CommandRejected(MSG_VALIDATION, { [field]: MSG_REQUIRED }, 422);
  return trimmed;
}

/**
 * The purchase request's rules (seed 002 §2; the flow decided in issue 15, docs/DECISIONS.md):
 *
 *     1 borrador ──send──▶ 3 pendiente atención almacén central (compra, despacho)
 *                └─send──▶ 4 pendiente aprobación (servicio)
 *     3 ──Atendido──▶ 4 (compra with something left to buy) or 5 (nothing left; despacho always);
 *                     in a compra going to 4, a product with nothing left to buy goes to 8 at once
 *     3 ──Observar──▶ 8 observado ──edit and send──▶ 3
 *     4 ──aprobar──▶ 5 solicitado        4 ──rechazar──▶ 6 rechazado
 *     5, not yet in SICAM ──anular──▶ 2 cancelado
 *     5, in SICAM: its order (status pull) moves the products 5 ──▶ 12 sent for approval
 *                  ──▶ 7 approved (priced), or ──▶ 13 annulled; the request stays 5
 *
 * Editing only while borrador or observado; the kind never changes once saved, nor the request
 * type once one was chosen and saved; a compra created from a work order keeps the work order's
 * products.
 */
export const purchaseRequestDecider: Decider<PurchaseRequestState, PurchaseRequestCommand, PurchaseRequestEvent> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'DraftServiceRequest':
        if (state.status !== 'absent') throw new CommandRejected(MSG_REQUEST_EXISTS, {}, 409);
        return [{
          type: 'PurchaseRequestDrafted',
          data: {
            id: command.id, tipo: 'servicio', id_orden_trabajo: command.idOrdenTrabajo, id_obra: command.idObra,
            ...(command.codigo ? { codigo: command.codigo } : {}), ...(command.fields ? { fields: command.fields } : {}), by: command.by,
          },
        }];

      case 'CreateRequest':
        if (state.status !== 'absent') throw new CommandRejected(MSG_REQUEST_EXISTS, {}, 409);
        return [{
          type: 'PurchaseRequestCreated',
          data: {
            id: command.id,
            codigo: command.codigo,
            tipo: command.tipo,
            id_obra: command.idObra,
            id_orden_trabajo: command.idOrdenTrabajo,
            creado_desde_ot: command.creadoDesdeOt ?? false,
            fields: command.fields,
            productos: command.productos,
            ...(command.documentos?.length ? { documentos: command.documentos } : {}),
            by: command.by,
          },
        }];

      case 'EditRequest': {
        const s = editable(state);
        for (const id of command.productosConservados ?? []) {
          if (!s.productos.some((p) => p.id === id)) throw new CommandRejected(MSG_VALIDATION, { productos_solicitados: MSG_PRODUCT_NOT_FOUND }, 422);
        }
        if ('tipo' in command.fields && command.fields.tipo !== s.tipo) throw new CommandRejected(MSG_VALIDATION, { tipo: MSG_KIND_LOCKED }, 422);
        // The request type locks once one was chosen and saved; a request saved without one (as
        // generated from a work order) still takes it (issue 28).
        const typeSaved = s.idSolicitudesTipo ?? null;
        if ('id_solicitudes_tipo' in command.fields && typeSaved !== null && (command.fields.id_solicitudes_tipo ?? null) !== typeSaved) {
          throw new CommandRejected(MSG_VALIDATION, { id_solicitudes_tipo: MSG_TYPE_LOCKED }, 422);
        }
        const added = command.productosAgregados ?? [];
        const removed = command.productosQuitados ?? [];
        const edited = command.productosEditados ?? [];
        if ((added.length || removed.length || edited.length) && s.tipo === 'compra' && s.creadoDesdeOt) throw new CommandRejected(MSG_PRODUCTS_LOCKED, {}, 409);
        for (const id of [...removed, ...edited.map((p) => p.id)]) if (!s.productos.some((p) => p.id === id)) throw new CommandRejected(MSG_PRODUCT_NOT_FOUND, {}, 404);
        // Documents may be attached and removed while the request is editable, also when its
        // products are locked (a purchase raised from an OT).
        const docsAdded = command.documentosAgregados ?? [];
        const docsRemoved = command.documentosQuitados ?? [];
        for (const id of docsRemoved) if (!s.documentos.includes(id)) throw new CommandRejected(MSG_DOCUMENT_NOT_FOUND, {}, 404);
        if (!Object.keys(command.fields).length && !added.length && !removed.length && !edited.length && !docsAdded.length && !docsRemoved.length) return [];
        return [{
          type: 'PurchaseRequestEdited',
          data: {
            id: s.id, fields: command.fields, productos_agregados: added, productos_quitados: removed, ...(edited.length ? { productos_editados: edited } : {}),
            ...(docsAdded.length ? { documentos_agregados: docsAdded } : {}), ...(docsRemoved.length ? { documentos_quitados: docsRemoved } : {}), by: command.by,
          },
        }];
      }

      case 'SaveCentralQuantities': {
        const s = existing(state);
        if (s.estado !== RequestState.pendienteAtencionAlmacenCentral || s.atendido) throw new CommandRejected(MSG_NOT_PENDING_CENTRAL, {}, 409);
        for (const line of command.productos) if (!s.productos.some((p) => p.id === line.id)) throw new CommandRejected(MSG_PRODUCT_NOT_FOUND, {}, 404);
        if (!command.productos.length) return [];
        return [{ type: 'PurchaseRequestCentralQuantitiesSaved', data: { id: s.id, productos: command.productos, by: command.by } }];
      }

      case 'SaveCentralOrder': {
        // Seed 002 §4, the central Pedido of a compra or despacho (a servicio never goes there),
        // while it waits for the central warehouse; "Atendido" settles every line: one the Pedido
        // never recorded is entirely to buy.
        const s = existing(state);
        if (s.tipo === 'servicio') throw new CommandRejected(MSG_NOT_CENTRAL, {}, 409);
        if (s.estado !== RequestState.pendienteAtencionAlmacenCentral || s.atendido) throw new CommandRejected(MSG_NOT_PENDING_CENTRAL, {}, 409);
        const sent = [...command.lineas];
        if (command.terminado) {
          const named = new Set(sent.map((l) => l.id));
          for (const p of command.productos) {
            if (!named.has(p.id) && p.cantidad_en_almacen_central === 0 && p.cantidad_solicitada_por_almacen_central === 0) sent.push({ id: p.id, cantidad_en_almacen_central: 0 });
          }
        }
        const { lines, errors } = centralLines(sent, command.productos);
        if (Object.keys(errors).length) throw new CommandRejected(MSG_VALIDATION, errors, 422);
        const saved = lines.length ? purchaseRequestDecider.decide({ type: 'SaveCentralQuantities', id: s.id, productos: lines, by: command.by }, state) : [];
        if (!command.terminado) return saved;
        const rest = new Map(command.productos.map((p) => [p.id, p.cantidad_solicitada_por_almacen_central]));
        for (const l of lines) rest.set(l.id, l.cantidad_solicitada_por_almacen_central);
        const after = saved.reduce((st, e) => purchaseRequestDecider.evolve(st, e), state);
        const attended = purchaseRequestDecider.decide({ type: 'AttendByCentral', id: s.id, leftToBuy: [...rest.values()].some((q) => q > 0), by: command.by }, after);
        return [...saved, ...attended];
      }

      case 'CheckRequestForm':
        refuseRequestForm(command.form, state.status === 'present' ? state.idObra : null);
        return [];

      case 'RefreshStates': {
        const s = existing(state);
        const refused = canRefreshStates({ atendido_por_almacen_central: s.atendido ? 1 : 0, estado: s.estado });
        if (refused) throw new CommandRejected(refused, {}, 409);
        return [];
      }

      case 'SendRequest': {
        const s = editable(state);
        if (s.tipo !== 'servicio' && !s.productos.some((p) => !settled(p))) {
          throw new CommandRejected(MSG_VALIDATION, { productos_solicitados: MSG_NO_PRODUCTS }, 422);
        }
        const toCentral = s.tipo !== 'servicio';
        return [{
          type: 'PurchaseRequestSent',
          data: toCentral
            ? stateMove(s, RequestState.pendienteAtencionAlmacenCentral, ProductState.pendienteAtencionAlmacen, command.by)
            : stateMove(s, RequestState.pendienteAprobacion, ProductState.pendienteAprobacion, command.by),
        }];
      }

      case 'AttendByCentral': {
        const s = existing(state);
        if (s.estado !== RequestState.pendienteAtencionAlmacenCentral || s.atendido) throw new CommandRejected(MSG_NOT_PENDING_CENTRAL, {}, 409);
        // A despacho is served from central stock; a compra with nothing left to buy is too. In a
        // compra that goes on to approval, a product the Pedido covered entirely from central stock
        // (nothing left to buy) is served at once: 8 en almacén central, transferable as 'STOCK',
        // outside the approval, the SICAM push and the purchase order (issue 28).
        const toApproval = s.tipo === 'compra' && command.leftToBuy;
        const served = toApproval ? s.productos.filter((p) => !settled(p) && p.porComprar === 0).map((p) => p.id) : [];
        return [{
          type: 'PurchaseRequestAttendedByCentral',
          data: {
            ...(toApproval
              ? stateMove(s, RequestState.pendienteAprobacion, ProductState.pendienteAprobacion, command.by)
              : stateMove(s, RequestState.solicitado, ProductState.enAlmacenCentral, command.by)),
            ...(served.length ? { en_almacen_central: served } : {}),
          },
        }];
      }

      case 'ObserveRequest': {
        const s = existing(state);
        if (s.estado !== RequestState.pendienteAtencionAlmacenCentral || s.atendido) throw new CommandRejected(MSG_NOT_PENDING_CENTRAL, {}, 409);
        const motivo = reason('motivo_observado', command.motivo);
        return [{ type: 'PurchaseRequestObserved', data: { ...stateMove(s, RequestState.observado, ProductState.observado, command.by), motivo_observado: motivo } }];
      }

      case 'ApproveRequest': {
        // Only the products waiting for approval move; those the central warehouse served (8 and
        // on) keep their state (issue 28).
        const s = awaitingApproval(state, command.canApprove);
        return [{ type: 'PurchaseRequestApproved', data: { ...stateMove(s, RequestState.solicitado, ProductState.solicitado, command.by), productos: awaitingProducts(s) } }];
      }

      case 'RejectRequest': {
        const s = awaitingApproval(state, command.canApprove);
        const motivo = reason('motivo_rechazo', command.motivo);
        return [{ type: 'PurchaseRequestRejected', data: { ...stateMove(s, RequestState.rechazado, ProductState.rechazado, command.by), motivo_rechazo: motivo, productos: awaitingProducts(s) } }];
      }

      case 'AnnulRequest': {
        const s = existing(state);
        if (s.estado !== RequestState.solicitado || s.enviadoSicam) throw new CommandRejected(MSG_NOT_ANNULLABLE, {}, 409);
        return [{ type: 'PurchaseRequestAnnulled', data: stateMove(s, RequestState.cancelado, ProductState.cancelado, command.by) }];
      }

      case 'ReserveStock': {
        // Issue 16: a stock request's product (raised without an OT, sent and live) lends its
        // quantity to work orders of its site; at most what other orders have not taken.
        const s = existing(state);
        const product = s.productos.find((p) => p.id === command.idProducto);
        if (!product) throw new CommandRejected(MSG_PRODUCT_NOT_FOUND, {}, 404);
        const lends = !s.creadoDesdeOt && !NOT_LENDING_REQUEST.has(s.estado) && !NOT_LENDING_PRODUCT.has(product.estado);
        const available = roundQty((product.cantidad ?? 0) - (product.reservado ?? 0));
        if (!lends || !(command.cantidad > 0) || command.cantidad > available) throw new CommandRejected(MSG_STOCK_NOT_AVAILABLE, {}, 409);
        return [{
          type: 'RequestedProductStockReserved',
          data: { id: s.id, id_producto: product.id, cantidad: command.cantidad, id_orden_trabajo: command.idOrdenTrabajo, line_id: command.lineId, by: command.by },
        }];
      }
      case 'AnnulProduct': {
        const s = existing(state);
        const product = s.productos.find((p) => p.id === command.idProducto);
        if (!product) throw new CommandRejected(MSG_PRODUCT_NOT_FOUND, {}, 404);
        // Before a purchase order: cancelled; in one (pending its approval or approved): annulled
        // in the order. Either way SICAM is told when the request is there (the annulment's job,
        // services/worker/sicam-annul.ts). Received or issued products stay.
        const inOrder = product.estado === ProductState.enOC || product.estado === ProductState.pendienteAprobacionOC;
        const before = product.estado < ProductState.enOC && product.estado !== ProductState.cancelado && product.estado !== ProductState.rechazado;
        if (!inOrder && !before) throw new CommandRejected(MSG_PRODUCT_NOT_ANNULLABLE, {}, 409);
        return [{ type: 'RequestedProductAnnulled', data: { id: s.id, id_producto: product.id, estado: inOrder ? ProductState.enOCAnulado : ProductState.cancelado, by: command.by } }];
      }

      case 'RecordSicamSent': {
        const s = existing(state);
        if (s.enviadoSicam) return []; // a retry that SICAM answered again: recorded once
        if (s.estado !== RequestState.solicitado) throw new CommandRejected(MSG_NOT_REQUESTED, {}, 409);
        return [{ type: 'PurchaseRequestSentToSicam', data: { id: s.id, id_sicam: command.idSicam } }];
      }

      case 'RecordProductsIssued': {
        const s = existing(state);
        for (const p of command.productos) if (!s.productos.some((q) => q.id === p.id_producto)) throw new CommandRejected(MSG_PRODUCT_NOT_FOUND, {}, 404);
        return [{ type: 'RequestedProductsIssued', data: { id: s.id, id_salida: command.idSalida, productos: command.productos, completos: command.completos, by: command.by } }];
      }

      case 'FinalizeRequest': {
        // Issue 17: a request whose every product was issued (11), cancelled (2) or annulled in its
        // order (13), with at least one issued, is finished.
        if (state.status !== 'present' || state.estado === RequestState.finalizado || state.estado === RequestState.cancelado) return [];
        const done = state.productos.length > 0 && state.productos.every((p) => p.estado === ProductState.salidaDeAlmacen || settled(p));
        if (!done || !state.productos.some((p) => p.estado === ProductState.salidaDeAlmacen)) return [];
        return [{ type: 'PurchaseRequestFinalized', data: { id: state.id, id_orden_trabajo: state.idOrdenTrabajo, estado: RequestState.finalizado } }];
      }

      case 'ReceiveAtSite': {
        // Seed 002 §5: what comes in is at most what was sent and not yet received.
        const s = existing(state);
        const errors: Record<string, string> = {};
        const got = new Map<number, number>();
        for (const e of command.entradas) {
          const key = `entradas.${e.index}.cantidad_entrante`;
          const product = rowProduct(s, errors, 'entradas', e);
          if (!product) continue;
          const pending = roundQty((product.enviado ?? 0) - (product.recibido ?? 0) - (got.get(product.id) ?? 0));
          if (!(e.cantidad > 0)) errors[key] = 'La cantidad entrante debe ser mayor que 0';
          else if (e.cantidad > pending) errors[key] = `No puede ser mayor a lo enviado pendiente de recibir (${pending})`;
          else got.set(product.id, (got.get(product.id) ?? 0) + e.cantidad);
        }
        if (Object.keys(errors).length) throw new CommandRejected('Revise los campos marcados', errors, 422);
        const entradas = [...got].map(([id_producto, cantidad]) => ({ id_producto, cantidad }));
        const completos = entradas
          .filter((e) => {
            const p = s.productos.find((q) => q.id === e.id_producto)!;
            return (p.recibido ?? 0) + e.cantidad >= (p.cantidad ?? 0);
          })
          .map((e) => e.id_producto);
        return [{ type: 'RequestedProductsReceivedAtSite', data: { id: s.id, id_entrada: command.idEntrada, entradas, completos, by: command.by } }];
      }

      case 'SendToSite': {
        // Seed 002 §5 transfer caps, the product's half: what leaves is at most what the site still
        // needs (what it asked for less what was sent). The group's half (what the order's entries
        // or the central stock still hold) is the caller's, under its locks.
        const s = existing(state);
        const numeroGuia = command.numeroGuia.trim();
        if (!numeroGuia) throw new CommandRejected(MSG_VALIDATION, { numero_guia: MSG_WAYBILL_REQUIRED }, 422);
        const errors: Record<string, string> = {};
        const sent = new Map<number, number>();
        const salidas: SentProduct[] = [];
        for (const e of command.salidas) {
          const key = `salidas.${e.index}.cantidad_a_salir`;
          const product = rowProduct(s, errors, 'salidas', e);
          if (!product) continue;
          if (NOT_LENDING_PRODUCT.has(product.estado)) {
            errors[`salidas.${e.index}.id_producto_solicitado`] = MSG_NOT_TRANSFERABLE;
            continue;
          }
          const pending = roundQty((product.cantidad ?? 0) - (product.enviado ?? 0) - (sent.get(product.id) ?? 0));
          if (!(e.cantidad > 0)) errors[key] = 'La cantidad a salir debe ser mayor que 0';
          else if (e.cantidad > pending) errors[key] = `No puede ser mayor a lo que la obra aún necesita (${Math.max(pending, 0)})`;
          else {
            sent.set(product.id, (sent.get(product.id) ?? 0) + e.cantidad);
            const same = salidas.find((x) => x.id_producto === e.id_producto && x.numero_orden === e.numero_orden && x.codigo === e.codigo);
            if (same) same.cantidad = roundQty(same.cantidad + e.cantidad);
            else salidas.push({ id_producto: e.id_producto, cantidad: e.cantidad, numero_orden: e.numero_orden, codigo: e.codigo });
          }
        }
        if (Object.keys(errors).length) throw new CommandRejected(MSG_VALIDATION, errors, 422);
        if (!salidas.length) return [];
        const completos = [...sent]
          .filter(([id, cantidad]) => {
            const p = s.productos.find((q) => q.id === id)!;
            return (p.enviado ?? 0) + cantidad >= (p.cantidad ?? 0) && !AT_SITE.has(p.estado);
          })
          .map(([id]) => id);
        return [{ type: 'RequestedProductsSentToSite', data: { id: s.id, id_traslado: command.idTraslado, numero_guia: numeroGuia, salidas, completos, by: command.by } }];
      }

      case 'RecordSicamFailed': {
        const s = existing(state);
        if (s.enviadoSicam) return [];
        if (s.estado !== RequestState.solicitado) throw new CommandRejected(MSG_NOT_REQUESTED, {}, 409);
        return [{ type: 'PurchaseRequestSicamFailed', data: { id: s.id, reason: command.reason, attempts: command.attempts } }];
      }

      case 'RecordProductAnnulledInSicam':
      case 'RecordProductSicamAnnulFailed': {
        // The outcome of telling SICAM about a product annulled here: only for a product annulled
        // (2 or 13) in a request SICAM knows.
        const s = existing(state);
        if (!s.enviadoSicam || !s.idSicam) throw new CommandRejected(MSG_NOT_IN_SICAM, {}, 409);
        const product = s.productos.find((p) => p.id === command.idProducto);
        if (!product) throw new CommandRejected(MSG_PRODUCT_NOT_FOUND, {}, 404);
        if (!settled(product)) throw new CommandRejected(MSG_PRODUCT_NOT_ANNULLED, {}, 409);
        return command.type === 'RecordProductAnnulledInSicam'
          ? [{ type: 'RequestedProductAnnulledInSicam', data: { id: s.id, id_producto: product.id, id_sicam: s.idSicam } }]
          : [{ type: 'RequestedProductSicamAnnulFailed', data: { id: s.id, id_producto: product.id, reason: command.reason, attempts: command.attempts } }];
      }

      case 'RecordSicamStatus': {
        const s = existing(state);
        if (!s.enviadoSicam) throw new CommandRejected(MSG_NOT_IN_SICAM, {}, 409);
        return orderProgress(s, command.status);
      }

      case 'EnterInCentral': {
        // Issue 17: central entries of the product's purchase order (7 en OC). The product moves
        // to 8 once what came in reaches what the central warehouse had to buy.
        const s = existing(state);
        const totals = new Map<number, number>();
        const productos: CentralProductEntry[] = [];
        for (const e of command.entradas) {
          const product = s.productos.find((p) => p.id === e.idProducto);
          if (!product) throw new CommandRejected(MSG_PRODUCT_NOT_FOUND, {}, 404);
          if (product.estado !== ProductState.enOC) throw new CommandRejected(MSG_NOT_IN_ORDER, {}, 409);
          if (!(e.cantidad > 0)) throw new CommandRejected(MSG_ENTRY_QUANTITY, {}, 422);
          const total = roundQty((totals.get(product.id) ?? product.entrada ?? 0) + e.cantidad);
          totals.set(product.id, total);
          productos.push({ id_producto: product.id, cantidad: e.cantidad, cantidad_entrada: total, estado: total >= toBuy(product) ? ProductState.enAlmacenCentral : ProductState.enOC });
        }
        if (!productos.length) return [];
        return [{ type: 'RequestedProductsEnteredCentral', data: { id: s.id, id_archivo: command.idArchivo, numero_orden: command.numeroOrden, productos, by: command.by } }];
      }

      default:
        return unreachable(command, 'command');
    }
  },

  evolve(state, event) {
    const moved = (s: PurchaseRequestState, estado: RequestStateCode, products: ProductStateCode, extra: Partial<Present> = {}): PurchaseRequestState => {
      if (s.status === 'absent') return s;
      return { ...s, ...extra, estado, productos: s.productos.map((p) => (settled(p) ? p : { ...p, estado: products })) };
    };
    switch (event.type) {
      case 'PurchaseRequestDrafted':
        return {
          status: 'present', id: event.data.id, tipo: 'servicio', estado: RequestState.borrador, idOrdenTrabajo: event.data.id_orden_trabajo,
          idObra: event.data.id_obra, creadoDesdeOt: true, atendido: false, enviadoSicam: false, idSicam: null, orden: null, productos: [], documentos: [],
          idSolicitudesTipo: typeOf(event.data.fields),
        };
      case 'PurchaseRequestCreated':
        return {
          status: 'present', id: event.data.id, tipo: event.data.tipo, estado: RequestState.borrador, idOrdenTrabajo: event.data.id_orden_trabajo,
          idObra: event.data.id_obra, creadoDesdeOt: event.data.creado_desde_ot, atendido: false, enviadoSicam: false, idSicam: null, orden: null,
          productos: event.data.productos.map((p) => ({ id: p.id, estado: ProductState.borrador, cantidad: p.cantidad, reservado: 0 })),
          documentos: (event.data.documentos ?? []).map((d) => d.id),
          idSolicitudesTipo: typeOf(event.data.fields),
        };
      case 'PurchaseRequestEdited': {
        if (state.status === 'absent') return state;
        const removed = new Set(event.data.productos_quitados);
        const docsRemoved = new Set(event.data.documentos_quitados ?? []);
        return {
          ...state,
          ...('id_solicitudes_tipo' in event.data.fields ? { idSolicitudesTipo: typeOf(event.data.fields) } : {}),
          documentos: [...state.documentos.filter((d) => !docsRemoved.has(d)), ...(event.data.documentos_agregados ?? []).map((d) => d.id)],
          productos: [
            ...state.productos.filter((p) => !removed.has(p.id)).map((p) => {
              const edited = event.data.productos_editados?.find((q) => q.id === p.id);
              return edited ? { ...p, cantidad: edited.cantidad } : p;
            }),
            ...event.data.productos_agregados.map((p) => ({ id: p.id, estado: state.estado === RequestState.observado ? ProductState.observado : ProductState.borrador, cantidad: p.cantidad, reservado: 0 })),
          ],
        };
      }
      case 'PurchaseRequestSent':
      case 'PurchaseRequestAnnulled':
      case 'PurchaseRequestObserved':
        return moved(state, event.data.estado, event.data.estado_productos);
      case 'PurchaseRequestApproved':
      case 'PurchaseRequestRejected': {
        if (state.status === 'absent' || !event.data.productos) return moved(state, event.data.estado, event.data.estado_productos);
        const moving = new Set(event.data.productos);
        return { ...state, estado: event.data.estado, productos: state.productos.map((p) => (moving.has(p.id) ? { ...p, estado: event.data.estado_productos } : p)) };
      }
      case 'PurchaseRequestAttendedByCentral': {
        const next = moved(state, event.data.estado, event.data.estado_productos, { atendido: true });
        const served = new Set(event.data.en_almacen_central ?? []);
        if (next.status === 'absent' || !served.size) return next;
        return { ...next, productos: next.productos.map((p) => (served.has(p.id) ? { ...p, estado: ProductState.enAlmacenCentral } : p)) };
      }
      case 'PurchaseRequestCentralQuantitiesSaved': {
        if (state.status === 'absent') return state;
        const lines = new Map(event.data.productos.map((l) => [l.id, l.cantidad_solicitada_por_almacen_central]));
        return { ...state, productos: state.productos.map((p) => (lines.has(p.id) ? { ...p, porComprar: lines.get(p.id) } : p)) };
      }
      case 'RequestedProductsEnteredCentral': {
        if (state.status === 'absent') return state;
        const entered = new Map(event.data.productos.map((p) => [p.id_producto, p]));
        return {
          ...state,
          productos: state.productos.map((p) => {
            const e = entered.get(p.id);
            return e ? { ...p, estado: e.estado, entrada: e.cantidad_entrada } : p;
          }),
        };
      }
      case 'RequestedProductsIssued': {
        if (state.status === 'absent') return state;
        const done = new Set(event.data.completos);
        return { ...state, productos: state.productos.map((p) => (done.has(p.id) ? { ...p, estado: ProductState.salidaDeAlmacen } : p)) };
      }
      case 'PurchaseRequestFinalized':
        return state.status === 'absent' ? state : { ...state, estado: event.data.estado };
      case 'RequestedProductsSentToSite': {
        if (state.status === 'absent') return state;
        const sent = new Map<number, number>();
        for (const e of event.data.salidas) sent.set(e.id_producto, (sent.get(e.id_producto) ?? 0) + e.cantidad);
        const complete = new Set(event.data.completos ?? []);
        return {
          ...state,
          productos: state.productos.map((p) => (sent.has(p.id)
            ? { ...p, enviado: roundQty((p.enviado ?? 0) + sent.get(p.id)!), estado: complete.has(p.id) ? ProductState.enAlmacenObra : p.estado }
            : p)),
        };
      }
      case 'RequestedProductsReceivedAtSite': {
        if (state.status === 'absent') return state;
        const got = new Map(event.data.entradas.map((e) => [e.id_producto, e.cantidad]));
        const complete = new Set(event.data.completos);
        return {
          ...state,
          productos: state.productos.map((p) => (got.has(p.id)
            ? { ...p, recibido: (p.recibido ?? 0) + got.get(p.id)!, estado: complete.has(p.id) ? ProductState.recibidoEnAlmacenObra : p.estado }
            : p)),
        };
      }
      case 'RequestedProductStockReserved':
        if (state.status === 'absent') return state;
        return { ...state, productos: state.productos.map((p) => (p.id === event.data.id_producto ? { ...p, reservado: (p.reservado ?? 0) + event.data.cantidad } : p)) };
      case 'RequestedProductAnnulled':
        if (state.status === 'absent') return state;
        return { ...state, productos: state.productos.map((p) => (p.id === event.data.id_producto ? { ...p, estado: event.data.estado } : p)) };
      case 'PurchaseRequestSentToSicam':
        return state.status === 'absent' ? state : { ...state, enviadoSicam: true, idSicam: event.data.id_sicam };
      case 'PurchaseRequestSicamFailed':
      case 'RequestedProductAnnulledInSicam':
      case 'RequestedProductSicamAnnulFailed':
        return state;
      case 'PurchaseOrderSentForApproval':
      case 'PurchaseOrderAnnulled': {
        if (state.status === 'absent') return state;
        const moving = new Set(event.data.productos);
        const estado = event.type === 'PurchaseOrderSentForApproval' ? 'enviada_aprobacion' : 'anulada';
        return {
          ...state,
          orden: { estado, numero: event.data.numero_orden },
          productos: state.productos.map((p) => (moving.has(p.id) ? { ...p, estado: event.data.estado_productos } : p)),
        };
      }
      case 'PurchaseOrderApproved': {
        if (state.status === 'absent') return state;
        const prices = new Map(event.data.productos.map((p) => [p.id_producto, p]));
        return {
          ...state,
          orden: { estado: 'aprobada', numero: event.data.numero_orden },
          productos: state.productos.map((p) => {
            const priced = prices.get(p.id);
            return priced ? { ...p, estado: event.data.estado_productos, precio: priced.precio, moneda: priced.moneda } : p;
          }),
        };
      }
      default:
        return unreachable(event, 'event');
    }
  },
};

export const purchaseRequests = aggregate('purchase_request', purchaseRequestDecider);
