import { defineCatalogue } from '../catalogue';
import type { PurchaseRequestEvent } from './types';

/** Purchase and service requests (`purchase_request-{id}`): live topics are the record's own. */
export const purchaseRequestCatalogue = defineCatalogue<PurchaseRequestEvent>()({
  PurchaseRequestDrafted: { label: 'Borrador de solicitud', name: 'generó el borrador de', icon: 'request_quote', color: 'primary' },
});
