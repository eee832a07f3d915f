import { createFileRoute } from '@tanstack/react-router';
import { RequestProductsPage } from '../../modules/purchase-requests/components/RequestProductsPage';
import { requestProducts } from '../../modules/purchase-requests/purchaseRequests.resource';
import { listRoute } from '../../ui/resource/listRoute';

/** /solicitud_compra_productos (seed 002 §2): every requested product; site, OT, request and
 * order-number filters typed in the URL. */
export const Route = createFileRoute('/_app/solicitud_compra_productos')({
  ...listRoute(requestProducts),
  component: function RequestProducts() {
    return <RequestProductsPage search={Route.useSearch()} />;
  },
});
