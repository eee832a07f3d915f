import type { Event } from '../types';

/** A purchase or service request (seed 002): `purchase_request-{id}`. Only the draft a work order
 * generates exists so far; the purchase-request module adds the rest of its life. */
export type PurchaseRequestEvent = Event<
  'PurchaseRequestDrafted',
  { id: number; tipo: 'servicio'; id_orden_trabajo: number; id_obra: number | null; by: number }
>;

export type PurchaseRequestCommand = {
  type: 'DraftServiceRequest';
  id: number;
  idOrdenTrabajo: number;
  idObra: number | null;
  by: number;
};

export type PurchaseRequestState =
  | { status: 'absent' }
  | { status: 'borrador'; id: number; tipo: 'servicio'; idOrdenTrabajo: number; idObra: number | null };
