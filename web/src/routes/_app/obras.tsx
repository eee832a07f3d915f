import { createFileRoute } from '@tanstack/react-router';
import { obras } from '../../modules/obras/obras.resource';
import { ObrasPage } from '../../modules/obras/ObrasPage';
import { listRoute } from '../../ui/resource/listRoute';

/** /obras (seed 001 §2): the work sites, the total-amount dialog and the way to each site's
 * general expenses. */
export const Route = createFileRoute('/_app/obras')({
  ...listRoute(obras),
  component: function Obras() {
    return <ObrasPage search={Route.useSearch()} />;
  },
});
