import { createFileRoute } from '@tanstack/react-router';
import { SiteReceiptsPage } from '../../modules/site-warehouse/components/SiteReceiptsPage';
import { siteReceipts } from '../../modules/site-warehouse/siteMovements.resource';
import { listRoute } from '../../ui/resource/listRoute';

/** /almacen_obra_entradas: what the site has to receive (seed 002 §7); site, OT, request and order-number filters typed in the URL. */
export const Route = createFileRoute('/_app/almacen_obra_entradas')({
  ...listRoute(siteReceipts),
  component: function SiteReceipts() {
    return <SiteReceiptsPage search={Route.useSearch()} />;
  },
});
