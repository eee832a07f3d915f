import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { empresasCatalogue } from '../../modules/obras/empresasCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { catalogueSearchSchema } from '../../ui/crud/catalogueSearchSchema';

/** The list state in the URL: the list protocol, estado. */
const searchSchema = catalogueSearchSchema([]);

/** /empresas (issue 13, item 22): the companies of the work sites on the generic catalogue screen. */
export const Route = createFileRoute('/_app/empresas')({
  validateSearch: (s) => v.parse(searchSchema, s),
  component: () => <CataloguePage config={empresasCatalogue} />,
});
