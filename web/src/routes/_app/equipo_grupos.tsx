import { createFileRoute } from '@tanstack/react-router';
import { equipoGrupos } from '../../modules/catalogues/catalogueResources';
import { equipoGruposCatalogue } from '../../modules/catalogues/equipoGruposCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /equipo_grupos (seed 001 §2 master-data routes): the generic catalogue screen. */
export const Route = createFileRoute('/_app/equipo_grupos')({
  ...listRoute(equipoGrupos),
  component: function EquipoGrupos() {
    return <CataloguePage config={equipoGruposCatalogue} search={Route.useSearch()} />;
  },
});
