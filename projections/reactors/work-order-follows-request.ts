import { aggregate } from '../../events/execute';
import { workOrderDecider } from '../../events/work-order/decider';
import { decideOn, defineReactor } from './define';

const workOrder = aggregate('work_order', workOrderDecider);

/** The purchase request's events that set the state its work order shows (seed 002's estados),
 * by event type. The request's own transitions join this map as they are written. */
export const REQUEST_STATE_OF = {
  PurchaseRequestDrafted: 'borrador',
} as const;

/** The work order follows its request: when the request's state changes, the OT records it
 * (`WorkOrderRequestStateChanged`). A request drafted from a work order (the service request)
 * is linked as 'borrador' in the same transaction, so the command finds that state and decides
 * nothing. A request not raised from a work order needs no reaction. */
export const workOrderFollowsRequest = defineReactor({
  name: 'work_order_follows_request',
  canHandle: Object.keys(REQUEST_STATE_OF) as (keyof typeof REQUEST_STATE_OF)[],
  react(event) {
    const id = Number(event.data.id_orden_trabajo ?? 0);
    if (!id) return null;
    return decideOn(workOrder, id, { type: 'ChangeRequestState', estado: REQUEST_STATE_OF[event.type] });
  },
});
