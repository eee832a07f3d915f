import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { RequestFormPage } from '../../modules/purchase-requests/components/RequestFormPage';

const searchSchema = v.object({ tipo: v.fallback(v.optional(v.picklist(['compra', 'servicio', 'despacho']), 'compra'), 'compra') });

/** /solicitudes_compras/nuevo?tipo=compra|servicio|despacho (seed 002 §2): a new request of that
 * kind (compra when the URL names none). */
export const Route = createFileRoute('/_app/solicitudes_compras_/nuevo')({
  validateSearch: (s) => v.parse(searchSchema, s),
  component: function NewRequest() {
    const { tipo } = Route.useSearch();
    return <RequestFormPage key={tipo} id={0} tipo={tipo} />;
  },
});
