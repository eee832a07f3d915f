import { createFileRoute } from '@tanstack/react-router';
import { ExpiriesPage } from '../../modules/equipment/expiries/ExpiriesPage';
import { vencimientos } from '../../modules/equipment/expiries/expiries.resource';
import { listRoute } from '../../ui/resource/listRoute';

/** /vencimientos: machine documents expiring within 30 days or expired (issue 20). */
export const Route = createFileRoute('/_app/vencimientos')({
  ...listRoute(vencimientos),
  component: function Vencimientos() {
    return <ExpiriesPage search={Route.useSearch()} />;
  },
});
