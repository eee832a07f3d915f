import { createFileRoute } from '@tanstack/react-router';
import { movilizacionTipos } from '../../modules/catalogues/catalogueResources';
import { movilizacionTiposCatalogue } from '../../modules/catalogues/movilizacionTiposCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /movilizacion_tipos (a purchase-request catalogue, seed 002 ambiguity 8): the generic catalogue screen. */
export const Route = createFileRoute('/_app/movilizacion_tipos')({
  ...listRoute(movilizacionTipos),
  component: function MovilizacionTipos() {
    return <CataloguePage config={movilizacionTiposCatalogue} search={Route.useSearch()} />;
  },
});
