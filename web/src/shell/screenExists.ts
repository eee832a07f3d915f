/** The route id of the catch-all page ('Página no encontrada') inside the signed-in frame. */
export const CATCH_ALL_ROUTE = '/_app/$';

/** What this needs of the router: TanStack Router's own matcher over the generated route tree. */
export type RouteMatcher = { getMatchedRoutes(pathname: string): readonly [unknown, unknown, { id: string } | undefined] };

/** Whether the web app has a screen at `url` (a menu entry's address): the router's route tree
 * matches it with a route other than the catch-all. Decided at run time from the route tree, so a
 * screen that lands later turns its menu entry on by itself (issue 14 §9). */
export function screenExists(router: RouteMatcher, url: string | undefined | null): boolean {
  if (!url || !url.startsWith('/')) return false;
  const path = url.split(/[?#]/)[0];
  const found = router.getMatchedRoutes(path)[2];
  return found !== undefined && found.id !== CATCH_ALL_ROUTE;
}
