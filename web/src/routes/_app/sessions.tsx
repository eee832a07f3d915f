import { createFileRoute } from '@tanstack/react-router';
import { sessions } from '../../modules/sessions/sessions.resource';
import { SessionsPage } from '../../modules/sessions/SessionsPage';
import { listRoute } from '../../ui/resource/listRoute';

/** /sessions (seed 000 §2): every session and its device; closing one. */
export const Route = createFileRoute('/_app/sessions')({
  ...listRoute(sessions),
  component: function Sessions() {
    return <SessionsPage search={Route.useSearch()} />;
  },
});
