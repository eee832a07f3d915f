import { createFileRoute } from '@tanstack/react-router';
import { modules, modulesTree } from '../../modules/admin-access/modules.resource';
import { ModulesPage } from '../../modules/admin-access/components/ModulesPage';
import { listRoute } from '../../ui/resource/listRoute';

/** /modules (seed 000 §2): the menu order per user type, by drag and drop. */
export const Route = createFileRoute('/_app/modules')({
  ...listRoute(modules, modulesTree),
  component: function Modules() {
    return <ModulesPage search={Route.useSearch()} />;
  },
});
