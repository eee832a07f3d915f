import { createFileRoute } from '@tanstack/react-router';
import { CentralOrderPage } from '../../modules/purchase-requests/components/CentralOrderPage';

/** /almacen_central_ots/{id}/editar (seed 002 §2): the central warehouse's Pedido of a request
 * (keyed by the request's id, SEED-002-ANALYSIS ambiguity 9). */
export const Route = createFileRoute('/_app/almacen_central_ots_/$id/editar')({
  component: function CentralOrder() {
    const { id } = Route.useParams();
    return <CentralOrderPage key={id} id={Number(id)} />;
  },
});
