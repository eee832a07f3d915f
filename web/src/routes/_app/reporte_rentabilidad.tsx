import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ProfitabilityPage } from '../../modules/profitability/components/ProfitabilityPage';
import { profitabilitySearch } from '../../modules/profitability/profitabilitySearch';

/** /reporte_rentabilidad (seed 002 §2 "Profitability report screen", §4, §9; issue 19). */
export const Route = createFileRoute('/_app/reporte_rentabilidad')({
  validateSearch: (search) => v.parse(profitabilitySearch, search),
  component: function ReporteRentabilidad() {
    return <ProfitabilityPage search={Route.useSearch()} />;
  },
});
