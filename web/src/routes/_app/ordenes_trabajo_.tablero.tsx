import { createFileRoute } from '@tanstack/react-router';
import { BoardPage } from '../../modules/work-orders/components/BoardPage';
import { boardQuery, workOrderBoard } from '../../modules/work-orders/workOrders.resource';
import { listRoute } from '../../ui/resource/listRoute';

/** /ordenes_trabajo/tablero: the live board of open work orders per site. */
export const Route = createFileRoute('/_app/ordenes_trabajo_/tablero')({
  ...listRoute(workOrderBoard, boardQuery),
  component: function Board() {
    const navigate = Route.useNavigate();
    return <BoardPage search={Route.useSearch()} onSite={(next) => void navigate({ search: { id_obra: next }, replace: true })} />;
  },
});
