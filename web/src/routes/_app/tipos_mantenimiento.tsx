import { createFileRoute } from '@tanstack/react-router';
import { tiposMantenimiento } from '../../modules/catalogues/catalogueResources';
import { tiposMantenimientoCatalogue } from '../../modules/catalogues/tiposMantenimientoCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /tipos_mantenimiento (issue 19): the generic catalogue screen of the maintenance types. */
export const Route = createFileRoute('/_app/tipos_mantenimiento')({
  ...listRoute(tiposMantenimiento),
  component: function TiposMantenimiento() {
    return <CataloguePage config={tiposMantenimientoCatalogue} search={Route.useSearch()} />;
  },
});
