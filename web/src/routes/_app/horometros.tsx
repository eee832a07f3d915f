import { createFileRoute } from '@tanstack/react-router';
import { horometros } from '../../modules/hour-meters/hour-meters.resource';
import { HorometrosPage } from '../../modules/hour-meters/HorometrosPage';
import { listRoute } from '../../ui/resource/listRoute';

/** /horometros (seed 001 §2): the hour-meter log list and form. */
export const Route = createFileRoute('/_app/horometros')({
  ...listRoute(horometros),
  component: function Horometros() {
    return <HorometrosPage search={Route.useSearch()} />;
  },
});
