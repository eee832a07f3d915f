import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { BrandsPage } from '../../modules/example/BrandsPage';
import { listSearchSchema } from '../../ui/list/useListSearch';

/** /example (seed 000 §2: a sample item under Applications): the UI kit's demonstration list. */
export const Route = createFileRoute('/_app/example')({
  validateSearch: (s) => v.parse(listSearchSchema, s),
  component: BrandsPage,
});
