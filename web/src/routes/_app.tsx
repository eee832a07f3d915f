import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { accounts } from '../session/accounts';
import { mayOpen, MSG_SCREEN_FORBIDDEN, screenModule, setPendingNotice } from '../session/screenGuard';
import { SessionExpiredWatcher } from '../session/SessionExpiredWatcher';
import { meQuery } from '../session/me';
import { AppFrame } from '../shell/AppFrame';
import { DialogsProvider } from '../ui/dialogs/DialogsProvider';
import { ToastProvider } from '../ui/toast/ToastProvider';

/** Every signed-in screen: the route guard (seed 000 §2), the toasts and app-wide dialogs, the
 * session-expired watcher and the frame. Without a stored account the user goes to /login and the
 * wanted address is remembered. A screen whose module the user may not see (typed or bookmarked
 * address) sends them home with a notice instead of showing the screen with an error; the rights
 * are those of the menu `/me` already loads. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location, matches, context, preload }) => {
    const account = accounts.current();
    if (!account) throw redirect({ to: '/login', search: { redirect: location.href } });
    const module = screenModule(location.pathname, matches.map((m) => m.routeId));
    if (module === null) return;
    let me;
    try {
      me = await context.queryClient.ensureQueryData(meQuery(account.id));
    } catch {
      return; // an expired session or a network failure: the screen's own calls report it
    }
    if (!mayOpen(me, module)) {
      if (!preload) setPendingNotice(MSG_SCREEN_FORBIDDEN);
      throw redirect({ to: '/', replace: true });
    }
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
