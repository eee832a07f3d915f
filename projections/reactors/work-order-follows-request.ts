import { isEventOf } from '../../events/event-of';
import { aggregate } from '../../events/execute';
import { purchaseRequestCatalogue } from '../../events/purchase-request/catalogue';
import { RequestState, requestStateText } from '@shared/purchase-request-codes';
import type { PurchaseRequestEvent } from '../../events/purchase-request/types';
import { workOrderDecider } from '../../events/work-order/decider';
import { decideOn, defineReactor } from './define';

const workOrder = aggregate('work_order', workOrderDecider);

/** The purchase request's events that set the state its work order shows (seed 002's estados,
 * as text: `borrador`, `pendiente aprobación`…). A draft is borrador; every transition names the
 * state it reaches (`estado`). */
const FOLLOWED = [
  'PurchaseRequestDrafted',
  'PurchaseRequestSent',
  'PurchaseRequestAttendedByCentral',
  'PurchaseRequestObserved',
  'PurchaseRequestApproved',
  'PurchaseRequestRejected',
  'PurchaseRequestAnnulled',
  'PurchaseRequestFinalized',
] as const;

export function requestStateOf(event: Extract<PurchaseRequestEvent, { type: (typeof FOLLOWED)[number] }>): string {
  return requestStateText(event.type === 'PurchaseRequestDrafted' ? RequestState.borrador : event.data.estado);
}

/** The work order follows its request: when the request's state changes, the OT records it
 * (`WorkOrderRequestStateChanged`). A request drafted from a work order (the service request)
 * is linked as 'borrador' in the same transaction, so the command finds that state and decides
 * nothing. A request not raised from a work order needs no reaction. */
export const workOrderFollowsRequest = defineReactor({
  name: 'work_order_follows_request',
  canHandle: [...FOLLOWED],
  react(event) {
    if (!isEventOf<PurchaseRequestEvent>(purchaseRequestCatalogue, event)) return null;
    const id = event.data.id_orden_trabajo ?? 0;
    if (!id) return null;
    return decideOn(workOrder, id, { type: 'ChangeRequestState', estado: requestStateOf(event) });
  },
});
