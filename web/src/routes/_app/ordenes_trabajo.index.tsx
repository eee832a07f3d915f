import { createFileRoute } from '@tanstack/react-router';
import { workOrders } from '../../modules/work-orders/workOrders.resource';
import { WorkOrdersPage } from '../../modules/work-orders/components/WorkOrdersPage';
import { listRoute } from '../../ui/resource/listRoute';

/** /ordenes_trabajo (seed 001 §2): the work-order list; its site and state filters are typed. */
export const Route = createFileRoute('/_app/ordenes_trabajo/')({
  ...listRoute(workOrders),
  component: function WorkOrders() {
    return <WorkOrdersPage search={Route.useSearch()} />;
  },
});
