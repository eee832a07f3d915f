import { createFileRoute } from '@tanstack/react-router';
import { materialTipos } from '../../modules/catalogues/catalogueResources';
import { materialTiposCatalogue } from '../../modules/catalogues/materialTiposCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /material_tipos (seed 001 §2 master-data routes): the generic catalogue screen. */
export const Route = createFileRoute('/_app/material_tipos')({
  ...listRoute(materialTipos),
  component: function MaterialTipos() {
    return <CataloguePage config={materialTiposCatalogue} search={Route.useSearch()} />;
  },
});
