import { createFileRoute } from '@tanstack/react-router';
import { gruposFuncionales } from '../../modules/catalogues/catalogueResources';
import { gruposFuncionalesCatalogue } from '../../modules/catalogues/gruposFuncionalesCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /grupos_funcionales (seed 001 §2 master-data routes): the generic catalogue screen. */
export const Route = createFileRoute('/_app/grupos_funcionales')({
  ...listRoute(gruposFuncionales),
  component: function GruposFuncionales() {
    return <CataloguePage config={gruposFuncionalesCatalogue} search={Route.useSearch()} />;
  },
});
