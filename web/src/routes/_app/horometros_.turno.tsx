import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ShiftGridPage } from '../../modules/hour-meters/ShiftGridPage';
import { optionalCode, optionalId } from '../../ui/list/listSearch';

const searchSchema = v.object({
  id_obra: optionalId,
  fecha: v.fallback(v.optional(v.pipe(v.string(), v.isoDate())), undefined),
  id_tipo_turno: optionalCode([1, 2]),
});

/** /horometros/turno: one shift's hour-meter readings for every machine of a site (the
 * /horometros module's rights). `horometros_` keeps it out of the list's layout. */
export const Route = createFileRoute('/_app/horometros_/turno')({
  validateSearch: (s) => v.parse(searchSchema, s),
  component: function ShiftGrid() {
    const navigate = Route.useNavigate();
    return <ShiftGridPage search={Route.useSearch()} onSearch={(next) => void navigate({ search: next as ReturnType<typeof Route.useSearch>, replace: true })} />;
  },
});
