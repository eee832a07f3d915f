import { createFileRoute } from '@tanstack/react-router';
import { users } from '../../modules/admin-access/users.resource';
import { UsersPage } from '../../modules/admin-access/components/UsersPage';
import { listRoute } from '../../ui/resource/listRoute';

/** /users (seed 000 §2): users and workers, their sites, and 'login as'. */
export const Route = createFileRoute('/_app/users')({
  ...listRoute(users),
  component: function Users() {
    return <UsersPage search={Route.useSearch()} />;
  },
});
