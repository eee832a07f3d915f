import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { SessionExpiredWatcher } from '../session/SessionExpiredWatcher';
import { DialogsProvider } from '../ui/dialogs/DialogsProvider';
import { ToastProvider } from '../ui/toast/ToastProvider';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => (
    <ToastProvider>
      <DialogsProvider>
        <SessionExpiredWatcher />
        <Outlet />
      </DialogsProvider>
    </ToastProvider>
  ),
});
