import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { OrderPage } from '../../modules/traceability/components/OrderPage';
import { traceabilitySearch } from '../../modules/traceability/traceabilitySearch';

/** /trazabilidad_ot (seed 002 §2): one work order's milestones on a timeline. */
export const Route = createFileRoute('/_app/trazabilidad_ot')({
  validateSearch: (search) => v.parse(traceabilitySearch, search),
  component: function TrazabilidadOt() {
    return <OrderPage search={Route.useSearch()} />;
  },
});
