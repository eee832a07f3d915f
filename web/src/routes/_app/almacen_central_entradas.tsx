import { createFileRoute } from '@tanstack/react-router';
import { centralEntries } from '../../modules/central-warehouse/centralWarehouse.resource';
import { EntriesPage } from '../../modules/central-warehouse/components/EntriesPage';
import { listRoute } from '../../ui/resource/listRoute';

/** /almacen_central_entradas (seed 002 §2): the central entries, by purchase-order number. */
export const Route = createFileRoute('/_app/almacen_central_entradas')({
  ...listRoute(centralEntries),
  component: function CentralEntries() {
    return <EntriesPage search={Route.useSearch()} />;
  },
});
