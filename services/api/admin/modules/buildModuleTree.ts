/** What the tree needs of a module row; the other columns are carried along. */
export type TreeRow = { id: number; id_parent: number | null; orden: number };

export type ModuleNode<T extends TreeRow> = T & { children: ModuleNode<T>[] };

function byOrder(a: TreeRow, b: TreeRow) {
  return a.orden - b.orden || a.id - b.id;
}

/** The menu of one user type as a tree: top-level modules (groups) in `orden`, each with its
 * `children` in `orden` (ties by id). Hidden modules and everything under them are left out; a
 * module whose parent no longer exists is shown at the top so it can be placed again. Built from
 * the top down, so a cycle in stored data can never loop. */
export function buildModuleTree<T extends TreeRow>(rows: readonly T[], hidden: ReadonlySet<number> = new Set()): ModuleNode<T>[] {
  const exists = new Set(rows.map((r) => r.id));
  const byParent = new Map<number | null, T[]>();
  for (const r of rows) {
    if (hidden.has(r.id)) continue;
    const key = r.id_parent !== null && exists.has(r.id_parent) ? r.id_parent : null;
    const siblings = byParent.get(key) ?? [];
    siblings.push(r);
    byParent.set(key, siblings);
  }
  const build = (key: number | null): ModuleNode<T>[] =>
    [...(byParent.get(key) ?? [])].sort(byOrder).map((r) => ({ ...r, children: build(r.id) }));
  return build(null);
}
