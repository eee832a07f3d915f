import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { optionalId } from '../../ui/list/listSearch';
import { WorkOrderFormPage } from '../../modules/work-orders/components/WorkOrderFormPage';

/** A new OT opened from a due preventive-maintenance plan (issue 20): the machine and the plan
 * (0: the subgroup's), so the form starts pre-filled from it. */
const searchSchema = v.object({ id_equipo: optionalId, id_pm_plan: v.fallback(v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(0))), undefined) });

/** /ordenes_trabajo/nuevo (seed 001 §2): a new work order. */
export const Route = createFileRoute('/_app/ordenes_trabajo_/nuevo')({
  validateSearch: (search) => v.parse(searchSchema, search),
  component: function NewWorkOrder() {
    const { id_equipo, id_pm_plan } = Route.useSearch();
    return <WorkOrderFormPage mode="new" preventive={id_equipo && id_pm_plan !== undefined ? { id_equipo, id_pm_plan } : undefined} />;
  },
});
