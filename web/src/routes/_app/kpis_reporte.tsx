import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { KpisReportePage } from '../../modules/kpis/components/KpisReportePage';
import { kpisSearch } from '../../modules/kpis/kpisSearch';

/** /kpis_reporte (seed 002 §2, issue 19). */
export const Route = createFileRoute('/_app/kpis_reporte')({
  validateSearch: (search) => v.parse(kpisSearch, search),
  component: function KpisReporte() {
    return <KpisReportePage search={Route.useSearch()} />;
  },
});
