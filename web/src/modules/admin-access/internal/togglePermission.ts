/** One row of a profile's permission table (`GET /roles/modules`): a menu group (id_parent null)
 * or a module under it. `locked`: a module the profile may not be given (master data outside the
 * admin profile, seed 001 §2: the reply's `admin_only`), or a group of only such modules. */
export type PermissionRow = { id: number; name: string; id_parent: number | null; see: 0 | 1; edit: 0 | 1; is_home?: 0 | 1 | boolean; locked?: boolean };

export type PermissionColumn = 'see' | 'edit';

/** The rules of the permission table (seed 000 §5), as one pure step:
 * - edit implies see: switching edit on also switches see on; switching see off also switches
 *   edit off;
 * - a parent switched on or off applies the same change to all its children (and theirs);
 * - a child's see or edit switched on switches its parent (and the parent's parent) on in that
 *   column; switching a child off leaves the parent as it is;
 * - `id` 'all' is the header's 'Todos' checkbox: the change applies to every row;
 * - a locked row is never switched on, neither by itself nor by its group or 'Todos' (it may be
 *   switched off: a right given before the rule is taken away).
 * Returns a new array (rows not touched keep their identity); an unknown id changes nothing. */
export function togglePermission(rows: readonly PermissionRow[], id: number | 'all', column: PermissionColumn, value: boolean): PermissionRow[] {
  const on: 0 | 1 = value ? 1 : 0;
  const targets = new Set<number>();

  if (on && id !== 'all' && rows.find((row) => row.id === id)?.locked) return [...rows];
  if (id === 'all') {
    for (const row of rows) targets.add(row.id);
  } else {
    if (!rows.some((row) => row.id === id)) return [...rows];
    // The row and every descendant (a parent applies to its children).
    const queue = [id];
    while (queue.length) {
      const current = queue.shift()!;
      if (targets.has(current)) continue;
      targets.add(current);
      for (const row of rows) if (row.id_parent === current) queue.push(row.id);
    }
  }

  // Switching on climbs to the ancestors (a child's right turns its parent on).
  const ancestors = new Set<number>();
  if (on && id !== 'all') {
    const byId = new Map(rows.map((row) => [row.id, row]));
    let parent = byId.get(id)?.id_parent ?? null;
    while (parent !== null && !ancestors.has(parent) && byId.has(parent)) {
      ancestors.add(parent);
      parent = byId.get(parent)!.id_parent;
    }
  }

  return rows.map((row) => {
    if (!targets.has(row.id) && !ancestors.has(row.id)) return row;
    if (on && row.locked) return row;
    const next = apply(row, column, on);
    return next.see === row.see && next.edit === row.edit ? row : next;
  });
}

/** One row's change with "edit implies see". */
function apply(row: PermissionRow, column: PermissionColumn, on: 0 | 1): PermissionRow {
  if (column === 'edit') return on ? { ...row, see: 1, edit: 1 } : { ...row, edit: 0 };
  return on ? { ...row, see: 1 } : { ...row, see: 0, edit: 0 };
}
