import { createFileRoute } from '@tanstack/react-router';
import { equipos } from '../../modules/equipment/equipment.resource';
import { EquiposPage } from '../../modules/equipment/EquiposPage';
import { listRoute } from '../../ui/resource/listRoute';

/** /equipos (seed 001 §2): the equipment register with its amortization, documents, movement
 * history and insurance monthly cost. */
export const Route = createFileRoute('/_app/equipos')({
  ...listRoute(equipos),
  component: function Equipos() {
    return <EquiposPage search={Route.useSearch()} />;
  },
});
