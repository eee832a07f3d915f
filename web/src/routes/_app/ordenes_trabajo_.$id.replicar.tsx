import { createFileRoute } from '@tanstack/react-router';
import { WorkOrderFormPage } from '../../modules/work-orders/components/WorkOrderFormPage';

/** /ordenes_trabajo/{id}/replicar (seed 001 §2, §4): a new order copied from a closed one. */
export const Route = createFileRoute('/_app/ordenes_trabajo_/$id/replicar')({
  component: ReplicateWorkOrder,
});

function ReplicateWorkOrder() {
  const { id } = Route.useParams();
  return <WorkOrderFormPage key={id} mode="replicate" id={Number(id)} />;
}
