import { createFileRoute } from '@tanstack/react-router';
import { modelos } from '../../modules/catalogues/catalogueResources';
import { modelosCatalogue } from '../../modules/catalogues/modelosCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /modelos (seed 001 §2 master-data routes): the generic catalogue screen. */
export const Route = createFileRoute('/_app/modelos')({
  ...listRoute(modelos),
  component: function Modelos() {
    return <CataloguePage config={modelosCatalogue} search={Route.useSearch()} />;
  },
});
