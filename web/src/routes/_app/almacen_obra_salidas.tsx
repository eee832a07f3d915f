import { createFileRoute } from '@tanstack/react-router';
import { SiteIssuesPage } from '../../modules/site-warehouse/components/SiteIssuesPage';
import { siteIssues } from '../../modules/site-warehouse/siteMovements.resource';
import { listRoute } from '../../ui/resource/listRoute';

/** /almacen_obra_salidas: the site warehouse's issues (seed 002 §7); its filters typed in the URL, nothing listed until one is set. */
export const Route = createFileRoute('/_app/almacen_obra_salidas')({
  ...listRoute(siteIssues),
  component: function SiteIssues() {
    return <SiteIssuesPage search={Route.useSearch()} />;
  },
});
