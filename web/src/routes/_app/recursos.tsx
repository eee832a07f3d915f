import { createFileRoute } from '@tanstack/react-router';
import { recursos } from '../../modules/catalogues/catalogueResources';
import { recursosCatalogue } from '../../modules/catalogues/recursosCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /recursos (a purchase-request catalogue, seed 002 ambiguity 8): the generic catalogue screen. */
export const Route = createFileRoute('/_app/recursos')({
  ...listRoute(recursos),
  component: function Recursos() {
    return <CataloguePage config={recursosCatalogue} search={Route.useSearch()} />;
  },
});
