import { purchaseRequests } from '../../events/purchase-request/decider';
import { decideOn, defineReactor } from './define';

/** Issue 17: when a request's products are issued at the site, or one is cancelled or annulled,
 * the request checks whether every product is done (11 issued, 2 cancelled, 13 annulled in its
 * order) and, if so, becomes 7 finalizado (`PurchaseRequestFinalized`); otherwise nothing. */
export const finalizeRequest = defineReactor({
  name: 'finalize_request',
  canHandle: ['RequestedProductsIssued', 'RequestedProductAnnulled', 'PurchaseOrderAnnulled'],
  react(event) {
    const id = Number(event.data.id ?? 0);
    if (!id) return null;
    return decideOn(purchaseRequests, id, { type: 'FinalizeRequest', id });
  },
});
