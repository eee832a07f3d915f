import { createFileRoute } from '@tanstack/react-router';
import { pmBoard } from '../../modules/preventive-maintenance/pm.resource';
import { PmBoardPage } from '../../modules/preventive-maintenance/PmBoardPage';
import { listRoute } from '../../ui/resource/listRoute';

/** /mantenimiento_preventivo (issue 20): the preventive-maintenance board. */
export const Route = createFileRoute('/_app/mantenimiento_preventivo')({
  ...listRoute(pmBoard),
  component: function MantenimientoPreventivo() {
    return <PmBoardPage search={Route.useSearch()} />;
  },
});
