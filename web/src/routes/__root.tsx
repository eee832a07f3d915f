import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';

/** The router context carries the QueryClient, so route loaders fill the same cache the pages
 * read (ui/resource/listRoute). The toasts, the app-wide dialogs and the session-expired watcher
 * belong to the signed-in frame (`_app`): the sign-in pages need none of them, and leaving them
 * out keeps their JavaScript (Headless UI's dialog among it) off the sign-in page. */
export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Outlet,
});
