import { createFileRoute } from '@tanstack/react-router';
import { roles } from '../../modules/admin-access/roles.resource';
import { RolesPage } from '../../modules/admin-access/components/RolesPage';
import { listRoute } from '../../ui/resource/listRoute';

/** /roles (seed 000 §2): profiles and their rights per module. */
export const Route = createFileRoute('/_app/roles')({
  ...listRoute(roles),
  component: function Roles() {
    return <RolesPage search={Route.useSearch()} />;
  },
});
