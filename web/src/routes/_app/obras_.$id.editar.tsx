import { createFileRoute } from '@tanstack/react-router';
import { GastosGeneralesPage } from '../../modules/sites/GastosGeneralesPage';

/** /obras/{id}/editar (seed 001 §2): one site's general expenses. `obras_` keeps it out of the
 * /obras list's layout: it is a page of its own, not rendered inside the list. */
export const Route = createFileRoute('/_app/obras_/$id/editar')({
  component: GastosGeneralesRoute,
});

function GastosGeneralesRoute() {
  const { id } = Route.useParams();
  return <GastosGeneralesPage key={id} id={Number(id)} />;
}
