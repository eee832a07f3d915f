import { createFileRoute } from '@tanstack/react-router';
import { CentralOrdersPage } from '../../modules/purchase-requests/components/CentralOrdersPage';
import { centralOrders } from '../../modules/purchase-requests/purchaseRequests.resource';
import { listRoute } from '../../ui/resource/listRoute';

/** /almacen_central_ots (seed 002 §2): the central warehouse's Pedidos; site and attended filters
 * typed in the URL. */
export const Route = createFileRoute('/_app/almacen_central_ots/')({
  ...listRoute(centralOrders),
  component: function CentralOrders() {
    return <CentralOrdersPage search={Route.useSearch()} />;
  },
});
