import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { moduleRights, useMe } from '../../session/useMe';
import type { RowMenuItem } from '../list/RowMenu';
import type { ListSearch } from '../list/listSearch';
import { useSetSearch } from '../list/listSearch';
import type { Resource } from './defineResource';
import { recordMenu } from './recordMenu';
import { useLive } from './useLive';
import { useRecordActions } from './useRecordActions';

/** One list screen's state: the URL search (with the resource's page size), `setSearch`, the page
 * query (the route loader's cache entry), the live banner and refresh of the resource's mode, the
 * user's rights on the resource's module, the record being edited (`editing`: null closed, 0 new),
 * and the row actions (`act('disable', id)`, `run({ call, confirm })`, `menu(row, …more)`: the
 * generic CRUD's row menu). */
export function useResourceList<Row, Search extends ListSearch>(resource: Resource<Row, Search>, urlSearch: Search) {
  const search = resource.withPageSize(urlSearch);
  const setSearch = useSetSearch<Search>();
  const query = useQuery(resource.listQuery(search));
  const { banner, refresh } = useLive({ topics: resource.topics, keys: [resource.keys.all], mode: resource.live, message: resource.liveMessage });
  const { act, run } = useRecordActions(resource);
  const rights = moduleRights(useMe().data, resource.module);
  const [editing, setEditing] = useState<number | null>(null);
  const edit = useCallback((id: number | null) => setEditing(id), []);
  const menu = (row: { id: number; estado?: number }, ...more: RowMenuItem[]) => recordMenu(row, { canEdit: rights.edit, onEdit: () => setEditing(row.id), act }, ...more);
  return { resource, search, setSearch, query, banner, refresh, act, run, rights, editing, edit, menu };
}

export type ResourceList<Row, Search extends ListSearch = ListSearch> = ReturnType<typeof useResourceList<Row, Search>>;
