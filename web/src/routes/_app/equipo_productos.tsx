import { createFileRoute } from '@tanstack/react-router';
import { equipoProductos } from '../../modules/catalogues/catalogueResources';
import { equipoProductosCatalogue } from '../../modules/catalogues/equipoProductosCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /equipo_productos (seed 001 §2 master-data routes): the generic catalogue screen. */
export const Route = createFileRoute('/_app/equipo_productos')({
  ...listRoute(equipoProductos),
  component: function EquipoProductos() {
    return <CataloguePage config={equipoProductosCatalogue} search={Route.useSearch()} />;
  },
});
