import { MSG_WORK_ORDER_NOT_FOUND } from '@shared/messages';
import { fold } from '../../../events/decider';
import type { EventMetadata } from '../../../events/types';
import { workOrderDecider } from '../../../events/work-order/decider';
import type { Actor } from '../../../events/work-order/types';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';

export const MSG_SERVICE_REQUEST_CREATED = 'Se generó la solicitud de servicio';

/** Seed 001 §4: an order with sin_productos = 1 and no request generates a service request. The
 * request's own stream starts here as a draft (`purchase_request-{id}`, specified in seed 002);
 * the order records the link. Both appends in one transaction, each with its expected version. */
export async function createServiceRequest(deps: ApiDeps, opts: { idOrden: number; actor: Actor; metadata: Partial<EventMetadata> }) {
  const streamId = `work_order-${opts.idOrden}`;
  const history = await deps.store.readStream(streamId);
  if (!history.length) throw new ApiError(404, MSG_WORK_ORDER_NOT_FOUND);
  const state = fold(workOrderDecider, history as never);
  // Decide first (refusals cost no id), then allocate the request id and decide for real.
  workOrderDecider.decide({ type: 'LinkRequest', request: { id: 1, tipo: 'servicio', estado: 'borrador' }, actor: opts.actor, viaServiceRequest: true }, state);
  const idSolicitud = await deps.store.nextId('purchase_request');
  const request = { id: idSolicitud, tipo: 'servicio' as const, estado: 'borrador' };
  const events = workOrderDecider.decide({ type: 'LinkRequest', request, actor: opts.actor, viaServiceRequest: true }, state);
  await deps.store.transaction(async (t) => {
    await t.append(`purchase_request-${idSolicitud}`, [
      { type: 'PurchaseRequestDrafted', data: { id: idSolicitud, tipo: 'servicio', id_orden_trabajo: opts.idOrden, id_obra: state.header.id_obra, by: opts.actor.id } },
    ], { expectedVersion: 'no_stream', metadata: opts.metadata });
    await t.append(streamId, events, { expectedVersion: history[history.length - 1].version, metadata: opts.metadata });
  });
  return { msg: MSG_SERVICE_REQUEST_CREATED, id_solicitud_compra: idSolicitud };
}
