import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOk } from '../../api/client';
import { rememberedPageSize } from './pageSize';
import type { ListSearch } from './useListSearch';

/** One page of a list as the server replies it (docs/API.md). */
export type ListPage<Row> = { items: Row[]; total: number };

type Scalar = string | number | boolean;

/** URL state and caller extras as query parameters: only scalar values are sent; without `limit` in the URL the
 * remembered page size applies, the same size the pager shows. */
function listParams(search: ListSearch, extra?: Record<string, string | number>): Record<string, Scalar> {
  const params: Record<string, Scalar> = {};
  for (const [key, value] of Object.entries({ ...search, ...extra })) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') params[key] = value;
  }
  params.page = search.page ?? 1;
  params.limit = search.limit ?? rememberedPageSize();
  return params;
}

/** A server-paged list: `GET path` with the URL filters. The previous page stays on screen while the next one loads. */
export function useList<Row>({ path, search, extra }: { path: string; search: ListSearch; extra?: Record<string, string | number> }) {
  return useQuery({
    queryKey: ['list', path, search, extra],
    queryFn: () => fetchOk<ListPage<Row>>('GET', path, listParams(search, extra)),
    placeholderData: keepPreviousData,
  });
}
