import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { UsersPage } from '../../modules/admin-access/UsersPage';
import { listSearchSchema } from '../../ui/list/useListSearch';

/** /users (seed 000 §2): users and workers, their sites, and 'login as'. */
export const Route = createFileRoute('/_app/users')({
  validateSearch: (s) => v.parse(listSearchSchema, s),
  component: UsersPage,
});
