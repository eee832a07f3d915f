import { queryOptions } from '@tanstack/react-query';
import { fetchOk } from '../../api/client';
import { listSearch, optionalId } from '../../ui/list/listSearch';
import { defineResource, type SearchOf } from '../../ui/resource/defineResource';
import type { ModuleNode } from './internal/moduleNode';

/** Seed 000 §2: the user-type filter starts at 1. */
export const DEFAULT_TYPE = 1;

/** The menu entries (seed 000 §2 /modules): a tree per user type, not a paged list; no export.
 * Another user's change reloads the tree at once (after a drag in progress is dropped), and a
 * write changes every user's menu, so `/me` follows. */
export const modules = defineResource<ModuleNode>()({
  path: '/modules',
  topics: ['module'],
  live: 'auto',
  search: listSearch({ id_type_user: optionalId }),
  exportable: false,
  alsoInvalidates: [['me']],
});

const byOrden = (a: ModuleNode, b: ModuleNode) => (a.orden ?? 0) - (b.orden ?? 0);

/** The reply's tree in `orden` order at both levels. */
export function sortedTree(items: ModuleNode[]): ModuleNode[] {
  return [...items].sort(byOrden).map((g) => ({ ...g, children: [...(g.children ?? [])].sort(byOrden) }));
}

/** The menu tree of a user type (GET /modules), under the resource's keys. */
export const modulesTree = (search: SearchOf<typeof modules>) => {
  const idTypeUser = search.id_type_user ?? DEFAULT_TYPE;
  return queryOptions({
    queryKey: [...modules.keys.all, 'tree', idTypeUser],
    queryFn: async () => sortedTree((await fetchOk<{ items: ModuleNode[] }>('GET', '/modules', { id_type_user: idTypeUser })).items ?? []),
  });
};
