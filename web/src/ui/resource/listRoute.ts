import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { retainSearchParams } from '@tanstack/react-router';
import type { ListSearch } from '../list/listSearch';
import type { Resource } from './defineResource';

/** What a loader reads: TanStack Query options (a resource's `listQuery`, a module's tree). */
type Readable = { queryKey: QueryKey };
type Cause = 'preload' | 'enter' | 'stay';

/** A route loader's read of one query (TanStack's ensureQueryData through the router context).
 * Entering the route waits for it, so the page opens with its rows; a search change on the page
 * does not wait (the previous rows stay under a progress bar). A refusal is left to the page to
 * show (its message and 'Reintentar'), not to the router's error screen. */
export async function loadQuery(queryClient: QueryClient, options: Readable, cause: Cause): Promise<void> {
  if (cause === 'stay') return;
  await queryClient.ensureQueryData(options as Parameters<QueryClient['ensureQueryData']>[0]).catch(() => undefined);
}

/** The route options of a resource's screen: its typed `validateSearch`, the filters it keeps
 * across navigation (`retainSearchParams`), and the loader that fills the page's query (the
 * resource's list page, or `query` for a screen that reads something else):
 * `createFileRoute('/_app/obras')({ ...listRoute(obras), component: Obras })`. */
export function listRoute<Row, Search extends ListSearch>(resource: Resource<Row, Search>, query: (search: Search) => Readable = (search) => resource.listQuery(resource.withPageSize(search))) {
  return {
    validateSearch: resource.validateSearch,
    search: { middlewares: resource.retain?.length ? [retainSearchParams<Search>(resource.retain as (keyof Search)[])] : [] },
    loaderDeps: ({ search }: { search: Search }) => search,
    loader: ({ context, deps, cause }: { context: { queryClient: QueryClient }; deps: Search; cause: Cause }) => loadQuery(context.queryClient, query(deps), cause),
  };
}
