import { createFileRoute } from '@tanstack/react-router';
import { materiales } from '../../modules/catalogues/catalogueResources';
import { materialesCatalogue } from '../../modules/catalogues/materialesCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /materiales (seed 001 §2 master-data routes): the generic catalogue screen. */
export const Route = createFileRoute('/_app/materiales')({
  ...listRoute(materiales),
  component: function Materiales() {
    return <CataloguePage config={materialesCatalogue} search={Route.useSearch()} />;
  },
});
