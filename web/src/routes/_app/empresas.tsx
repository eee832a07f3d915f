import { createFileRoute } from '@tanstack/react-router';
import { empresasCatalogue } from '../../modules/sites/empresasCatalogue';
import { empresas } from '../../modules/sites/empresasResource';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /empresas (issue 13, item 22): the companies of the work sites on the generic catalogue screen. */
export const Route = createFileRoute('/_app/empresas')({
  ...listRoute(empresas),
  component: function Empresas() {
    return <CataloguePage config={empresasCatalogue} search={Route.useSearch()} />;
  },
});
