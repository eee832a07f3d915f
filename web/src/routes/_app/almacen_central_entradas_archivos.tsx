import { createFileRoute } from '@tanstack/react-router';
import { entryFiles } from '../../modules/central-warehouse/centralWarehouse.resource';
import { EntryFilesPage } from '../../modules/central-warehouse/components/EntryFilesPage';
import { listRoute } from '../../ui/resource/listRoute';

/** /almacen_central_entradas_archivos (seed 002 §2): the imported Excel files of central entries
 * and the 'Importar' dialog. */
export const Route = createFileRoute('/_app/almacen_central_entradas_archivos')({
  ...listRoute(entryFiles),
  component: function EntryFiles() {
    return <EntryFilesPage search={Route.useSearch()} />;
  },
});
