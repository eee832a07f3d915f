import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { LogsPage } from '../../modules/admin-content/LogsPage';
import { logsSearchSchema } from '../../modules/admin-content/logsSearch';

/** /logs (seed 000): the activity log; list state, log type, target and target id in the URL. */
export const Route = createFileRoute('/_app/logs')({
  validateSearch: (s) => v.parse(logsSearchSchema, s),
  component: LogsPage,
});
