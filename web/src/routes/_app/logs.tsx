import { createFileRoute } from '@tanstack/react-router';
import { logs } from '../../modules/admin-content/logs.resource';
import { LogsPage } from '../../modules/admin-content/components/LogsPage';
import { listRoute } from '../../ui/resource/listRoute';

/** /logs (seed 000): the activity log; list state, log type, target and target id in the URL. */
export const Route = createFileRoute('/_app/logs')({
  ...listRoute(logs),
  component: function Logs() {
    return <LogsPage search={Route.useSearch()} />;
  },
});
