import { createFileRoute } from '@tanstack/react-router';
import { RequestFormPage } from '../../modules/purchase-requests/components/RequestFormPage';

/** /solicitudes_compras/{id}/editar (seed 002 §2): a request's form, editable while borrador or
 * observado. */
export const Route = createFileRoute('/_app/solicitudes_compras_/$id/editar')({
  component: function EditRequest() {
    const { id } = Route.useParams();
    return <RequestFormPage key={id} id={Number(id)} />;
  },
});
