import { createFileRoute } from '@tanstack/react-router';
import { LogsPage } from '../../modules/admin-content/components/LogsPage';
import { requestLogs } from '../../modules/purchase-requests/purchaseRequests.resource';
import { listRoute } from '../../ui/resource/listRoute';

const TARGETS = [
  { value: 'purchase_request', label: 'Solicitudes' },
  { value: 'work_order', label: 'Órdenes de trabajo' },
];

/** /solicitud_compra_logs (seed 002 §2): the activity of the requests and their work orders, 15 a
 * page; the request list's 'Ver actividad' sets target and id_target. */
export const Route = createFileRoute('/_app/solicitud_compra_logs')({
  ...listRoute(requestLogs),
  component: function RequestLogs() {
    // A request's history opens from here; a work order's has its own timeline (GET /history refuses it).
    return <LogsPage resource={requestLogs} search={Route.useSearch()} title="Historial de solicitudes" targets={TARGETS} withHistory={['purchase_request']} />;
  },
});
