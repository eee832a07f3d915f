import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { accounts } from '../session/accounts';
import { AppFrame } from '../shell/AppFrame';

/** Every signed-in screen: the route guard (seed 000 §2) and the frame. Without a stored account
 * the user goes to /login and the wanted address is remembered. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => {
    if (!accounts.token()) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: () => (
    <AppFrame>
      <Outlet />
    </AppFrame>
  ),
});
