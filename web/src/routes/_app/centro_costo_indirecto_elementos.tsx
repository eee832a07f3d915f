import { createFileRoute } from '@tanstack/react-router';
import { centroCostoIndirectoElementos } from '../../modules/catalogues/catalogueResources';
import { centroCostoIndirectoElementosCatalogue } from '../../modules/catalogues/centroCostoIndirectoElementosCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /centro_costo_indirecto_elementos (a purchase-request catalogue, seed 002 ambiguity 8): the generic catalogue screen. */
export const Route = createFileRoute('/_app/centro_costo_indirecto_elementos')({
  ...listRoute(centroCostoIndirectoElementos),
  component: function CentroCostoIndirectoElementos() {
    return <CataloguePage config={centroCostoIndirectoElementosCatalogue} search={Route.useSearch()} />;
  },
});
