import { createFileRoute } from '@tanstack/react-router';
import { solicitudesClasificaciones } from '../../modules/catalogues/catalogueResources';
import { solicitudesClasificacionesCatalogue } from '../../modules/catalogues/solicitudesClasificacionesCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /solicitudes_clasificaciones (a purchase-request catalogue, seed 002 ambiguity 8): the generic catalogue screen. */
export const Route = createFileRoute('/_app/solicitudes_clasificaciones')({
  ...listRoute(solicitudesClasificaciones),
  component: function SolicitudesClasificaciones() {
    return <CataloguePage config={solicitudesClasificacionesCatalogue} search={Route.useSearch()} />;
  },
});
