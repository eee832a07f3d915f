import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ModulesPage } from '../../modules/admin-access/ModulesPage';
import { listSearchSchema } from '../../ui/list/useListSearch';

/** /modules (seed 000 §2): the menu order per user type, by drag and drop. */
export const Route = createFileRoute('/_app/modules')({
  validateSearch: (s) => v.parse(listSearchSchema, s),
  component: ModulesPage,
});
