import { createFileRoute } from '@tanstack/react-router';
import { unidades } from '../../modules/catalogues/catalogueResources';
import { unidadesCatalogue } from '../../modules/catalogues/unidadesCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /unidades (seed 001 §2 master-data routes): the generic catalogue screen. */
export const Route = createFileRoute('/_app/unidades')({
  ...listRoute(unidades),
  component: function Unidades() {
    return <CataloguePage config={unidadesCatalogue} search={Route.useSearch()} />;
  },
});
