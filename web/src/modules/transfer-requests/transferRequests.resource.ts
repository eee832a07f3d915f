import { listSearch, optionalCode, optionalKey } from '../../ui/list/listSearch';
import { defineResource } from '../../ui/resource/defineResource';
import type { TransferRequestListRow } from './transferRequestTypes';

/** The transfer request (seed 002 §7 /traslado_materiales, milestone 14): the processed central
 * entries per purchase order and resource code, whether a transfer to site was requested, and what
 * was transferred. Filters: order number and requested or not. Live: an import, a request or a
 * transfer anywhere refreshes it. */
export const transferRequests = defineResource<TransferRequestListRow>()({
  path: '/traslado_materiales',
  topics: ['central_entry_file', 'transfer_request', 'purchase_request'],
  live: 'auto',
  search: listSearch({ numero_orden_compra: optionalKey, traslado_solicitado: optionalCode([0, 1]) }),
});
