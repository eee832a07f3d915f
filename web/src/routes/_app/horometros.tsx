import { createFileRoute } from '@tanstack/react-router';
import { horometros } from '../../modules/horometros/horometros.resource';
import { HorometrosPage } from '../../modules/horometros/HorometrosPage';
import { listRoute } from '../../ui/resource/listRoute';

/** /horometros (seed 001 §2): the hour-meter log list and form. */
export const Route = createFileRoute('/_app/horometros')({
  ...listRoute(horometros),
  component: function Horometros() {
    return <HorometrosPage search={Route.useSearch()} />;
  },
});
