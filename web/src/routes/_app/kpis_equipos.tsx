import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { KpisEquiposPage } from '../../modules/kpis/components/KpisEquiposPage';
import { kpisSearch } from '../../modules/kpis/kpisSearch';

/** /kpis_equipos (seed 002 §2, issue 19). */
export const Route = createFileRoute('/_app/kpis_equipos')({
  validateSearch: (search) => v.parse(kpisSearch, search),
  component: function KpisEquipos() {
    return <KpisEquiposPage search={Route.useSearch()} />;
  },
});
