import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { WorkOrderFormPage } from '../../modules/work-orders/components/WorkOrderFormPage';

const searchSchema = v.object({ tab: v.fallback(v.optional(v.picklist(['formulario', 'linea_de_tiempo'])), undefined) });

/** /ordenes_trabajo/{id}/editar (seed 001 §2): the order with its tabs Formulario and Linea de
 * Tiempo (?tab=linea_de_tiempo). */
export const Route = createFileRoute('/_app/ordenes_trabajo_/$id/editar')({
  validateSearch: (s) => v.parse(searchSchema, s),
  component: EditWorkOrder,
});

function EditWorkOrder() {
  const { id } = Route.useParams();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <WorkOrderFormPage
      key={id}
      mode="edit"
      id={Number(id)}
      tab={tab ?? 'formulario'}
      onTab={(next) => void navigate({ search: { tab: next === 'formulario' ? undefined : next }, replace: true })}
    />
  );
}
