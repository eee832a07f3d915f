import { createFileRoute } from '@tanstack/react-router';
import { equipoSubgrupos } from '../../modules/catalogues/catalogueResources';
import { equipoSubgruposCatalogue } from '../../modules/catalogues/equipoSubgruposCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /equipo_subgrupos (seed 001 §2 master-data routes): the generic catalogue screen. */
export const Route = createFileRoute('/_app/equipo_subgrupos')({
  ...listRoute(equipoSubgrupos),
  component: function EquipoSubgrupos() {
    return <CataloguePage config={equipoSubgruposCatalogue} search={Route.useSearch()} />;
  },
});
