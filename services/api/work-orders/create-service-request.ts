import { MSG_WORK_ORDER_NOT_FOUND } from '@shared/messages';
import { execute } from '../../../events/execute';
import { purchaseRequests } from '../../../events/purchase-request/decider';
import type { EventMetadata } from '../../../events/types';
import { workOrders } from '../../../events/work-order/decider';
import type { Actor } from '../../../events/work-order/types';
import { ApiError } from '../platform/api-error';
import { generatedRequestFields } from '../purchase-requests/generated-request';
import { nextRequestCode } from '../purchase-requests/save-request';
import type { ApiDeps } from '../platform/deps';

export const MSG_SERVICE_REQUEST_CREATED = 'Se generó la solicitud de servicio';

/** Seed 001 §4: an order with sin_productos = 1 and no request generates a service request. The
 * request's own stream starts here as a draft (`purchase_request-{id}`, specified in seed 002);
 * the order records the link. The draft carries what the order and its site know
 * (generatedRequestFields, issue 28), so that it can be sent once the requester chose the rest.
 * One command: the request id is allocated inside it, and both streams are appended in one
 * transaction, so a refusal by the order burns no request id. */
export async function createServiceRequest(deps: ApiDeps, opts: { idOrden: number; actor: Actor; metadata: Partial<EventMetadata> }) {
  const { value: idSolicitud } = await execute(deps.store, async (c) => {
    const id = await c.nextId('purchase_request');
    // The request stream first, so its draft precedes the link in the log.
    const request = c.start(purchaseRequests, id);
    const order = await c.load(workOrders, opts.idOrden);
    if (!order.exists) throw new ApiError(404, MSG_WORK_ORDER_NOT_FOUND);
    order.decide({ type: 'LinkRequest', request: { id, tipo: 'servicio', estado: 'borrador' }, actor: opts.actor, viaServiceRequest: true });
    const idObra = order.state.header.id_obra;
    const codigo = idObra ? await nextRequestCode(c.tx, idObra, 'servicio') : undefined;
    const fields = await generatedRequestFields(c.tx, order.state, 'servicio');
    request.decide({ type: 'DraftServiceRequest', id, idOrdenTrabajo: opts.idOrden, idObra, codigo, fields, by: opts.actor.id });
    return id;
  }, { metadata: opts.metadata });
  return { msg: MSG_SERVICE_REQUEST_CREATED, id_solicitud_compra: idSolicitud };
}
