import { listSearch, optionalCode, optionalId } from '../../ui/list/listSearch';
import { defineResource } from '../../ui/resource/defineResource';
import { purchaseRequests } from '../purchase-requests/purchaseRequests.resource';
import { workOrders } from '../work-orders/workOrders.resource';
import type { SiteOrderRow } from './siteWarehouseTypes';
import type { GetCallOf } from '../../api/typed';

/** The site warehouse's Pedidos (seed 002 §2 /almacen_obra_ots, keyed by the work order's id):
 * the work orders of the user's sites with spare parts; filters site, attended and purchase request. The
 * storekeeper watches orders arrive and the supervisor's changes, so the list refreshes in place
 * (`auto`) on every work-order push. */
export const siteOrders = defineResource<SiteOrderRow>()({
  path: '/almacen_obra_ots',
  topics: ['work_order'],
  live: 'auto',
  search: listSearch({ id_obra: optionalId, atendido: optionalCode([0, 1]), id_solicitud_compra: optionalId }),
  retain: ['id_obra'],
  form: (id) => ({ method: 'GET', path: '/almacen_obra_ots/form', query: { id } }) satisfies GetCallOf<'/almacen_obra_ots/form'>,
  // A Pedido's save changes its work order, and generating the request adds one: both lists follow.
  alsoInvalidates: [workOrders.keys.all, purchaseRequests.keys.all],
});
