import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { unidadesCatalogue } from '../../modules/catalogues/unidadesCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { catalogueSearchSchema } from '../../ui/crud/catalogueSearchSchema';

/** The list state in the URL: the list protocol, estado. */
const searchSchema = catalogueSearchSchema([]);

/** /unidades (seed 001 §2 master-data routes): the generic catalogue screen. */
export const Route = createFileRoute('/_app/unidades')({
  validateSearch: (s) => v.parse(searchSchema, s),
  component: () => <CataloguePage config={unidadesCatalogue} />,
});
