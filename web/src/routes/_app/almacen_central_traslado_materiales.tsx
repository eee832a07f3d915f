import { createFileRoute } from '@tanstack/react-router';
import { transferGroups } from '../../modules/central-warehouse/centralWarehouse.resource';
import { TransfersPage } from '../../modules/central-warehouse/components/TransfersPage';
import { listRoute } from '../../ui/resource/listRoute';

/** /almacen_central_traslado_materiales (seed 002 §7): central transfers with a waybill. */
export const Route = createFileRoute('/_app/almacen_central_traslado_materiales')({
  ...listRoute(transferGroups),
  component: function CentralTransfers() {
    return <TransfersPage search={Route.useSearch()} />;
  },
});
