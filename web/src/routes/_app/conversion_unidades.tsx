import { createFileRoute } from '@tanstack/react-router';
import { conversionUnidades } from '../../modules/catalogues/catalogueResources';
import { conversionUnidadesCatalogue } from '../../modules/catalogues/conversionUnidadesCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /conversion_unidades (seed 001 §2 master-data routes): the generic catalogue screen. */
export const Route = createFileRoute('/_app/conversion_unidades')({
  ...listRoute(conversionUnidades),
  component: function ConversionUnidades() {
    return <CataloguePage config={conversionUnidadesCatalogue} search={Route.useSearch()} />;
  },
});
