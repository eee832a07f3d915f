import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { GlobalPage } from '../../modules/traceability/components/GlobalPage';
import { traceabilitySearch } from '../../modules/traceability/traceabilitySearch';

/** /trazabilidad_global (seed 002 §2): lead times of the work orders through the 18 milestones. */
export const Route = createFileRoute('/_app/trazabilidad_global')({
  validateSearch: (search) => v.parse(traceabilitySearch, search),
  component: function TrazabilidadGlobal() {
    return <GlobalPage search={Route.useSearch()} />;
  },
});
