import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { accounts } from '../session/accounts';
import { SessionExpiredWatcher } from '../session/SessionExpiredWatcher';
import { AppFrame } from '../shell/AppFrame';
import { DialogsProvider } from '../ui/dialogs/DialogsProvider';
import { ToastProvider } from '../ui/toast/ToastProvider';

/** Every signed-in screen: the route guard (seed 000 §2), the toasts and app-wide dialogs, the
 * session-expired watcher and the frame. Without a stored account the user goes to /login and the
 * wanted address is remembered. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => {
    if (!accounts.token()) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: () => (
    <ToastProvider>
      <DialogsProvider>
        <SessionExpiredWatcher />
        <AppFrame>
          <Outlet />
        </AppFrame>
      </DialogsProvider>
    </ToastProvider>
  ),
});
