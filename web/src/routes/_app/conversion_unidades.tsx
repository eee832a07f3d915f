import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { conversionUnidadesCatalogue } from '../../modules/catalogues/conversionUnidadesCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { catalogueSearchSchema } from '../../ui/crud/catalogueSearchSchema';

/** The list state in the URL: the list protocol, estado and the parent filters. */
const searchSchema = catalogueSearchSchema(['id_material_tipo', 'id_unidad']);

/** /conversion_unidades (seed 001 §2 master-data routes): the generic catalogue screen. */
export const Route = createFileRoute('/_app/conversion_unidades')({
  validateSearch: (s) => v.parse(searchSchema, s),
  component: () => <CataloguePage config={conversionUnidadesCatalogue} />,
});
