import { defineCatalogue } from '../catalogue';
import type { TransferRequestEvent } from './types';

/** Transfer requests (`transfer_request-{id}`): the list reads `transfer_request`. */
export const transferRequestCatalogue = defineCatalogue<TransferRequestEvent>()({
  TransferRequested: { label: 'Solicitud de traslado', name: 'solicitó el traslado a obra de', icon: 'swap_horiz', color: 'primary', milestone: 14 },
});
