import { createFileRoute } from '@tanstack/react-router';
import { IssueHistoryPage } from '../../modules/site-warehouse/components/IssueHistoryPage';
import { issueHistory } from '../../modules/site-warehouse/siteMovements.resource';
import { listRoute } from '../../ui/resource/listRoute';

/** /almacen_obra_historico_salidas: every issue of the user's sites (seed 002 §7); site, OT, voucher and date filters typed in the URL. */
export const Route = createFileRoute('/_app/almacen_obra_historico_salidas')({
  ...listRoute(issueHistory),
  component: function IssueHistory() {
    return <IssueHistoryPage search={Route.useSearch()} />;
  },
});
