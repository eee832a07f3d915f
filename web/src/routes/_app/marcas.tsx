import { createFileRoute } from '@tanstack/react-router';
import { marcas } from '../../modules/catalogues/catalogueResources';
import { marcasCatalogue } from '../../modules/catalogues/marcasCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /marcas (seed 001 §2 master-data routes): the generic catalogue screen. */
export const Route = createFileRoute('/_app/marcas')({
  ...listRoute(marcas),
  component: function Marcas() {
    return <CataloguePage config={marcasCatalogue} search={Route.useSearch()} />;
  },
});
