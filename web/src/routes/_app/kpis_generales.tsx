import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { KpisGeneralesPage } from '../../modules/kpis/components/KpisGeneralesPage';
import { kpisSearch } from '../../modules/kpis/kpisSearch';

/** /kpis_generales (seed 002 §2, issue 19). */
export const Route = createFileRoute('/_app/kpis_generales')({
  validateSearch: (search) => v.parse(kpisSearch, search),
  component: function KpisGenerales() {
    return <KpisGeneralesPage search={Route.useSearch()} />;
  },
});
