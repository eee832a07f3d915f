import { createFileRoute } from '@tanstack/react-router';
import { obras } from '../../modules/sites/sites.resource';
import { ObrasPage } from '../../modules/sites/ObrasPage';
import { listRoute } from '../../ui/resource/listRoute';

/** /obras (seed 001 §2): the work sites, the total-amount dialog and the way to each site's
 * general expenses. */
export const Route = createFileRoute('/_app/obras')({
  ...listRoute(obras),
  component: function Obras() {
    return <ObrasPage search={Route.useSearch()} />;
  },
});
