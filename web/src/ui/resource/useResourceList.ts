import { useQuery } from '@tanstack/react-query';
import type { ListSearch } from '../list/listSearch';
import { useSetSearch } from '../list/listSearch';
import type { Resource } from './defineResource';
import { useLive } from './useLive';
import { useRecordActions } from './useRecordActions';

/** One list screen's state: the URL search (with the resource's page size), `setSearch`, the page
 * query (the route loader's cache entry), the live banner and refresh of the resource's mode, and
 * its row actions (`act('disable', id)`, `run({ call, confirm })`). */
export function useResourceList<Row, Search extends ListSearch>(resource: Resource<Row, Search>, urlSearch: Search) {
  const search = resource.withPageSize(urlSearch);
  const setSearch = useSetSearch<Search>();
  const query = useQuery(resource.listQuery(search));
  const { banner, refresh } = useLive({ topics: resource.topics, keys: [resource.keys.all], mode: resource.live, message: resource.liveMessage });
  const { act, run } = useRecordActions(resource);
  return { resource, search, setSearch, query, banner, refresh, act, run };
}

export type ResourceList<Row, Search extends ListSearch = ListSearch> = ReturnType<typeof useResourceList<Row, Search>>;
