import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ObrasPage } from '../../modules/obras/ObrasPage';
import { listSearchSchema } from '../../ui/list/useListSearch';

/** /obras (seed 001 §2): the work sites, the total-amount dialog and the way to each site's
 * general expenses. */
export const Route = createFileRoute('/_app/obras')({
  validateSearch: (s) => v.parse(listSearchSchema, s),
  component: ObrasPage,
});
