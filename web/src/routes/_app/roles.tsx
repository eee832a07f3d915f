import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { RolesPage } from '../../modules/admin-access/RolesPage';
import { listSearchSchema } from '../../ui/list/useListSearch';

/** /roles (seed 000 §2): profiles and their rights per module. */
export const Route = createFileRoute('/_app/roles')({
  validateSearch: (s) => v.parse(listSearchSchema, s),
  component: RolesPage,
});
