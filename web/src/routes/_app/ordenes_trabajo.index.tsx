import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { WorkOrdersPage } from '../../modules/work-orders/WorkOrdersPage';
import { listSearchSchema } from '../../ui/list/useListSearch';

/** /ordenes_trabajo (seed 001 §2): the work-order list; filters id_obra and estado pass through the
 * list schema. */
export const Route = createFileRoute('/_app/ordenes_trabajo/')({
  validateSearch: (s) => v.parse(listSearchSchema, s),
  component: WorkOrdersPage,
});
