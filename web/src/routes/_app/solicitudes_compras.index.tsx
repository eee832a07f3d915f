import { createFileRoute } from '@tanstack/react-router';
import { RequestsPage } from '../../modules/purchase-requests/components/RequestsPage';
import { purchaseRequests } from '../../modules/purchase-requests/purchaseRequests.resource';
import { listRoute } from '../../ui/resource/listRoute';

/** /solicitudes_compras (seed 002 §2): the purchase, service and dispatch requests; site and OT
 * filters typed in the URL. */
export const Route = createFileRoute('/_app/solicitudes_compras/')({
  ...listRoute(purchaseRequests),
  component: function Requests() {
    return <RequestsPage search={Route.useSearch()} />;
  },
});
