import { defineCatalogue } from '../catalogue';
import type { PurchaseRequestEvent } from './types';

/** Purchase, service and dispatch requests (`purchase_request-{id}`): live topics are the record's
 * own. The traceability milestones come with the lead-time report. */
export const purchaseRequestCatalogue = defineCatalogue<PurchaseRequestEvent>()({
  PurchaseRequestDrafted: { label: 'Borrador de solicitud', name: 'generó el borrador de', icon: 'request_quote', color: 'primary' },
  PurchaseRequestCreated: { label: 'Creación de solicitud', name: 'creó', icon: 'request_quote', color: 'success' },
  PurchaseRequestEdited: { label: 'Edición de solicitud', name: 'editó', icon: 'edit', color: 'info' },
  PurchaseRequestCentralQuantitiesSaved: { label: 'Pedido del almacén central', name: 'guardó el pedido del almacén central de', icon: 'inventory', color: 'info' },
  PurchaseRequestSent: { label: 'Envío de solicitud', name: 'envió', icon: 'send', color: 'primary' },
  PurchaseRequestAttendedByCentral: { label: 'Atención del almacén central', name: 'atendió en almacén central', icon: 'inventory', color: 'success' },
  PurchaseRequestObserved: { label: 'Observación de solicitud', name: 'observó', icon: 'report', color: 'warning' },
  PurchaseRequestApproved: { label: 'Aprobación de solicitud', name: 'aprobó', icon: 'task_alt', color: 'success' },
  PurchaseRequestRejected: { label: 'Rechazo de solicitud', name: 'rechazó', icon: 'block', color: 'danger' },
  PurchaseRequestAnnulled: { label: 'Anulación de solicitud', name: 'anuló', icon: 'cancel', color: 'danger' },
  RequestedProductsSentToSite: { label: 'Traslado a obra', name: 'trasladó a obra con guía productos de', icon: 'local_shipping', color: 'primary', milestone: 15 },
  RequestedProductsReceivedAtSite: { label: 'Entrada en almacén de obra', name: 'registró una entrada en el almacén de obra de', icon: 'move_to_inbox', color: 'success' },
  RequestedProductsIssued: { label: 'Salida de productos', name: 'registró la salida de productos de', icon: 'outbox', color: 'success' },
  PurchaseRequestFinalized: { label: 'Solicitud finalizada', name: 'registró como finalizada', icon: 'task_alt', color: 'success' },
  RequestedProductStockReserved: { label: 'Stock tomado por una OT', name: 'tomó stock para una OT de', icon: 'move_down', color: 'info' },
  RequestedProductAnnulled: { label: 'Anulación de producto', name: 'anuló un producto de', icon: 'remove_shopping_cart', color: 'danger' },
  PurchaseRequestSentToSicam: { label: 'Envío a SICAM', name: 'registró el envío a SICAM de', icon: 'cloud_done', color: 'success', milestone: { compra: 7, servicio: 8 } },
  PurchaseRequestSicamFailed: { label: 'Falla de envío a SICAM', name: 'registró una falla de envío a SICAM de', icon: 'cloud_off', color: 'danger' },
  RequestedProductAnnulledInSicam: { label: 'SICAM informado de la anulación', name: 'informó a SICAM la anulación de un producto de', icon: 'cloud_done', color: 'info' },
  RequestedProductSicamAnnulFailed: { label: 'Falla al informar la anulación a SICAM', name: 'no pudo informar a SICAM la anulación de un producto de', icon: 'cloud_off', color: 'danger' },
  PurchaseOrderSentForApproval: { label: 'Orden enviada a aprobación', name: 'registró la orden enviada a aprobación en SICAM de', icon: 'pending_actions', color: 'info', milestone: { compra: 9, servicio: 10 } },
  PurchaseOrderApproved: { label: 'Aprobación de orden de compra', name: 'registró la aprobación en SICAM de la orden de', icon: 'verified', color: 'success', milestone: { compra: 11, servicio: 12 } },
  RequestedProductsEnteredCentral: { label: 'Ingreso al almacén central', name: 'registró el ingreso al almacén central de productos de', icon: 'warehouse', color: 'success', milestone: 13 },
  PurchaseOrderAnnulled: { label: 'Anulación de orden de compra', name: 'registró la anulación en SICAM de la orden de', icon: 'block', color: 'danger' },
});
