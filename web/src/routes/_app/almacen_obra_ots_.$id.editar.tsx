import { createFileRoute } from '@tanstack/react-router';
import { SiteOrderPage } from '../../modules/site-warehouse/components/SiteOrderPage';

/** /almacen_obra_ots/{id}/editar (seed 002 §2): the site warehouse's Pedido of a work order
 * (keyed by the order's id). */
export const Route = createFileRoute('/_app/almacen_obra_ots_/$id/editar')({
  component: function SiteOrder() {
    const { id } = Route.useParams();
    return <SiteOrderPage key={id} id={Number(id)} />;
  },
});
