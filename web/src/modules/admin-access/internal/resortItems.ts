import type { ModuleNode } from './moduleNode';

export type ResortItem = { id: number; id_parent: number | null; orden: number };

/** The body of `POST /modules/resort`: every entry of the tree as it is shown, with its parent
 * and its position among its siblings (`orden` from 0). Groups first in their order, each
 * followed by its modules. */
export function resortItems(groups: readonly ModuleNode[]): ResortItem[] {
  const items: ResortItem[] = [];
  groups.forEach((group, g) => {
    items.push({ id: group.id, id_parent: null, orden: g });
    (group.children ?? []).forEach((child, c) => items.push({ id: child.id, id_parent: group.id, orden: c }));
  });
  return items;
}
