import { createFileRoute } from '@tanstack/react-router';
import { solicitudesTipos } from '../../modules/catalogues/catalogueResources';
import { solicitudesTiposCatalogue } from '../../modules/catalogues/solicitudesTiposCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /solicitudes_tipos (a purchase-request catalogue, seed 002 ambiguity 8): the generic catalogue screen. */
export const Route = createFileRoute('/_app/solicitudes_tipos')({
  ...listRoute(solicitudesTipos),
  component: function SolicitudesTipos() {
    return <CataloguePage config={solicitudesTiposCatalogue} search={Route.useSearch()} />;
  },
});
