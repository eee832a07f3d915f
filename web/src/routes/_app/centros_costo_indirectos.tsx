import { createFileRoute } from '@tanstack/react-router';
import { centrosCostoIndirectos } from '../../modules/catalogues/catalogueResources';
import { centrosCostoIndirectosCatalogue } from '../../modules/catalogues/centrosCostoIndirectosCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /centros_costo_indirectos (a purchase-request catalogue, seed 002 ambiguity 8): the generic catalogue screen. */
export const Route = createFileRoute('/_app/centros_costo_indirectos')({
  ...listRoute(centrosCostoIndirectos),
  component: function CentrosCostoIndirectos() {
    return <CataloguePage config={centrosCostoIndirectosCatalogue} search={Route.useSearch()} />;
  },
});
