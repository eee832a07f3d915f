import { createFileRoute } from '@tanstack/react-router';
import { SiteOrdersPage } from '../../modules/site-warehouse/components/SiteOrdersPage';
import { siteOrders } from '../../modules/site-warehouse/siteWarehouse.resource';
import { listRoute } from '../../ui/resource/listRoute';

/** /almacen_obra_ots (seed 002 §2): the site warehouse's Pedidos; site and request filters typed
 * in the URL. */
export const Route = createFileRoute('/_app/almacen_obra_ots/')({
  ...listRoute(siteOrders),
  component: function SiteOrders() {
    return <SiteOrdersPage search={Route.useSearch()} />;
  },
});
