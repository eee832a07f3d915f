import { createFileRoute } from '@tanstack/react-router';
import { tiposCambio, tiposCambioCatalogue } from '../../modules/admin-content/tiposCambioCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /settings/tipos_cambio (issue 19): the monthly currency rates, on the generic catalogue screen
 * under the settings' rights (the guard reads the first segment: /settings). */
export const Route = createFileRoute('/_app/settings_/tipos_cambio')({
  ...listRoute(tiposCambio),
  component: function TiposCambio() {
    return <CataloguePage config={tiposCambioCatalogue} search={Route.useSearch()} />;
  },
});
