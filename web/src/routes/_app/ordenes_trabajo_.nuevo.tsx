import { createFileRoute } from '@tanstack/react-router';
import { WorkOrderFormPage } from '../../modules/work-orders/components/WorkOrderFormPage';

/** /ordenes_trabajo/nuevo (seed 001 §2): a new work order. */
export const Route = createFileRoute('/_app/ordenes_trabajo_/nuevo')({
  component: () => <WorkOrderFormPage mode="new" />,
});
