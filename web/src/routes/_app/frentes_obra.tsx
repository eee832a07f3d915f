import { createFileRoute } from '@tanstack/react-router';
import { frentesObra } from '../../modules/catalogues/catalogueResources';
import { frentesObraCatalogue } from '../../modules/catalogues/frentesObraCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { listRoute } from '../../ui/resource/listRoute';

/** /frentes_obra (issue 29: the fronts of a work site a request names): the generic catalogue screen. */
export const Route = createFileRoute('/_app/frentes_obra')({
  ...listRoute(frentesObra),
  component: function FrentesObra() {
    return <CataloguePage config={frentesObraCatalogue} search={Route.useSearch()} />;
  },
});
