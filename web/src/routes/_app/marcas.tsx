import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { marcasCatalogue } from '../../modules/catalogues/marcasCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { catalogueSearchSchema } from '../../ui/crud/catalogueSearchSchema';

/** The list state in the URL: the list protocol, estado. */
const searchSchema = catalogueSearchSchema([]);

/** /marcas (seed 001 §2 master-data routes): the generic catalogue screen. */
export const Route = createFileRoute('/_app/marcas')({
  validateSearch: (s) => v.parse(searchSchema, s),
  component: () => <CataloguePage config={marcasCatalogue} />,
});
