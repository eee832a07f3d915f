import { createFileRoute } from '@tanstack/react-router';
import { grupoFuncionalElementos } from '../../modules/catalogues/catalogueResources';
import { grupoFuncionalElementosCatalogue } from '../../modules/catalogues/grupoFuncionalElementosCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /grupo_funcional_elementos (seed 001 §2 master-data routes): the generic catalogue screen. */
export const Route = createFileRoute('/_app/grupo_funcional_elementos')({
  ...listRoute(grupoFuncionalElementos),
  component: function GrupoFuncionalElementos() {
    return <CataloguePage config={grupoFuncionalElementosCatalogue} search={Route.useSearch()} />;
  },
});
