import { createFileRoute } from '@tanstack/react-router';
import { TransferRequestsPage } from '../../modules/transfer-requests/components/TransferRequestsPage';
import { transferRequests } from '../../modules/transfer-requests/transferRequests.resource';
import { listRoute } from '../../ui/resource/listRoute';

/** /traslado_materiales (seed 002 §7): the transfer request of processed central entries. */
export const Route = createFileRoute('/_app/traslado_materiales')({
  ...listRoute(transferRequests),
  component: function TransferRequests() {
    return <TransferRequestsPage search={Route.useSearch()} />;
  },
});
