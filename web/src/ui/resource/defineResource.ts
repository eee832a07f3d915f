import { keepPreviousData, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { fetchOk, type Query } from '../../api/client';
import { rememberedPageSize } from '../list/pageSize';
import type { ListSearch } from '../list/listSearch';

/** One page of a list as the server replies it (docs/API.md). */
export type ListPage<Row> = { items: Row[]; total: number };

/** How a list follows live pushes (refine's liveMode): `banner` offers 'Actualizar' instead of
 * moving rows under the cursor (paged lists); `auto` refreshes in place, debounced, and polls
 * while the socket is down (the work orders and the board, watched for orders to appear). */
export type LiveMode = 'banner' | 'auto';

/** A write as the resource layer sends it (ui/resource/useWrite): POST with a JSON or multipart
 * body, or GET for the spec's `remove` calls. */
export type WriteCall = {
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  query?: Query;
  /** A multipart upload (`body` a FormData) that reports how much was sent, 0 to 1 (a progress bar). */
  onProgress?: (sent: number) => void;
};

/** The generic modal CRUD's row actions (seed 000 §7). */
export type RecordAction = 'enable' | 'disable' | 'remove';

type Schema = v.GenericSchema<Record<string, unknown>, ListSearch & Record<string, unknown>>;

export type ResourceConfig<S extends Schema> = {
  /** The list call (GET path) and the root of the CRUD calls: `/form`, `/create`, `/remove`,
   * `/enable`, `/disable`, `/export`; also the menu module whose rights apply, unless `module`. */
  path: string;
  /** The menu module whose rights apply when it is not the path (the currency rates,
   * `/settings/tipos_cambio`, are the settings'). */
  module?: string;
  /** Live topics (stream types) whose pushes concern this resource. */
  topics: string[];
  live?: LiveMode;
  /** The banner's sentence (mode `banner`). */
  liveMessage?: string;
  /** The route's search schema: `listSearch({ …module filters })` (ui/list/listSearch). */
  search: S;
  /** Filters kept when navigating to this route from one that has them (retainSearchParams). */
  retain?: (keyof v.InferOutput<S> & string)[];
  /** Rows per page when the URL names none and the spec fixes one (seed 000: 15 for profiles and
   * logs); else the user's remembered size. */
  pageSize?: number;
  /** Other queries a write of this resource changes (`['me']` for profiles and modules). */
  alsoInvalidates?: QueryKey[];
  /** The form call: `POST {path}/form {id}` unless the module's differs. */
  form?: (id: number) => WriteCall;
  /** The save call: `POST {path}/create`. */
  savePath?: string;
  /** Whether the list offers 'Exportar' (`GET {path}/export`); default yes. */
  exportable?: boolean;
};

/** Scalars of the URL state as query parameters; without `limit` the page size the pager shows. */
function listParams(search: Record<string, unknown>, pageSize: number | undefined): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(search)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') params[key] = value;
  }
  params.page = typeof search.page === 'number' ? search.page : 1;
  params.limit = typeof search.limit === 'number' ? search.limit : (pageSize ?? rememberedPageSize());
  return params;
}

/** A resource as the hooks see it (defineResource makes one). */
export type Resource<Row = unknown, Search extends ListSearch = ListSearch> = {
  path: string;
  /** The menu module whose rights apply (the path unless the config names another). */
  module: string;
  topics: string[];
  live: LiveMode;
  liveMessage?: string;
  exportable: boolean;
  retain?: string[];
  /** `validateSearch` of the route. */
  validateSearch(search: Record<string, unknown>): Search;
  keys: {
    /** Every query of the resource: what a live push or a write invalidates. */
    all: QueryKey;
    form(id: number): QueryKey;
  };
  /** The URL state with the resource's page size applied (what the pager shows). */
  withPageSize(search: Search): Search;
  listQuery(search: Search): UseQueryOptions<ListPage<Row>, Error, ListPage<Row>, QueryKey>;
  calls: { form(id: number): WriteCall; save(body: unknown): WriteCall; action(action: RecordAction, id: number): WriteCall };
  /** Every key a write of this resource makes stale. */
  invalidates: QueryKey[];
};

/** One resource of the web (review change 4; refine's resources, TanStack's queryOptions): its
 * calls, its query keys, its live topics and mode, and its typed search. The same `listQuery` serves
 * the route's loader (ensureQueryData) and the page (useQuery), so both hit one cache entry.
 * `Row` is the list row as the server sends it: `defineResource<ObraRow>()({ path: '/obras', … })`. */
export function defineResource<Row>() {
  return <S extends Schema>(config: ResourceConfig<S>): Resource<Row, v.InferOutput<S>> => {
    type Search = v.InferOutput<S>;
    const all: QueryKey = ['resource', config.path];
    const params = (search: Search) => listParams(search, config.pageSize);
    return {
      path: config.path,
      module: config.module ?? config.path,
      topics: config.topics,
      live: config.live ?? 'banner',
      liveMessage: config.liveMessage,
      exportable: config.exportable ?? true,
      retain: config.retain,
      validateSearch: (search) => v.parse(config.search, search),
      keys: { all, form: (id) => [...all, 'form', id] },
      withPageSize: (search) => (config.pageSize && search.limit === undefined ? { ...search, limit: config.pageSize } : search),
      listQuery: (search) => ({
        queryKey: [...all, 'list', params(search)],
        queryFn: () => fetchOk<ListPage<Row>>('GET', config.path, params(search)),
        placeholderData: keepPreviousData,
        // A refusal met by the route's loader is shown, not asked again on mount (shouldRetry).
        retryOnMount: false,
        // Rows the route's loader just read are not asked for again as the page mounts.
        staleTime: 1000,
      }),
      calls: {
        form: config.form ?? ((id) => ({ path: `${config.path}/form`, body: { id } })),
        save: (body) => ({ path: config.savePath ?? `${config.path}/create`, body }),
        // The spec's remove is a GET (`{path}/remove?id=`); enable and disable are POSTs.
        action: (action, id) => (action === 'remove' ? { method: 'GET', path: `${config.path}/remove`, query: { id } } : { path: `${config.path}/${action}`, body: { id } }),
      },
      invalidates: [all, ...(config.alsoInvalidates ?? [])],
    };
  };
}

/** What the write hooks need of a resource: its path, its calls and what its writes invalidate. */
export type WriteTarget = Pick<Resource, 'path' | 'calls' | 'invalidates'>;

/** The URL search type of a resource's route: `search: SearchOf<typeof obras>`. */
export type SearchOf<R> = R extends { validateSearch(search: Record<string, unknown>): infer S } ? S : never;
