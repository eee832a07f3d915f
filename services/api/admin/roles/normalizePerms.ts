/** A right on one module as clients send it (0/1 or booleans; a missing right is off). */
export type PermInput = { id_module: number; see?: number | boolean | null; edit?: number | boolean | null };

/** A right as stored in the profile's `perms` (and projected to rm_role_permissions). */
export type Perm = { id_module: number; see: 0 | 1; edit: 0 | 1 };

/** What the rules need of a module: its place in the menu. */
export type PermModule = { id: number; id_parent: number | null };

type Rights = { see: 0 | 1; edit: 0 | 1 };

const OFF: Rights = { see: 0, edit: 0 };

function on(x: number | boolean | null | undefined): boolean {
  return x === true || x === 1;
}

/** The profile form's rules on a permission list (seed 000, Profile), as a pure function:
 * - edit implies see;
 * - a parent switched off (listed with see and edit off) switches its children off, whatever
 *   the list says for them;
 * - a child with see (or edit) on turns its parent's see on (its edit is left as it was).
 * A child is a module whose id_parent is another module of `modules`. Modules not in `modules`
 * keep their rights (validation refuses them). The result lists each granted module once (the
 * last entry of a repeated one wins), sorted by id_module; modules left without rights are
 * dropped. Switching a parent on in the form also ticks its children: the client does that, as
 * the list alone cannot tell a parent switched on from children switched off. */
export function normalizePerms(perms: readonly PermInput[], modules: readonly PermModule[]): Perm[] {
  const explicit = new Map<number, Rights>();
  for (const p of perms) {
    const edit = on(p.edit);
    explicit.set(Number(p.id_module), { see: edit || on(p.see) ? 1 : 0, edit: edit ? 1 : 0 });
  }

  const known = new Map(modules.map((m) => [m.id, m]));
  const childrenOf = new Map<number | null, number[]>();
  for (const m of modules) {
    const parent = m.id_parent !== null && m.id_parent !== m.id && known.has(m.id_parent) ? m.id_parent : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), m.id]);
  }

  // Top down from the top-level modules, so an ancestor is settled before its descendants.
  const rights = new Map<number, Rights>();
  const visit = (id: number, parentOff: boolean) => {
    const own = parentOff ? OFF : explicit.get(id);
    if (own) rights.set(id, own);
    const off = parentOff || (explicit.has(id) && own!.see === 0);
    for (const child of childrenOf.get(id) ?? []) visit(child, off);
  };
  for (const top of childrenOf.get(null) ?? []) visit(top, false);
  // Unknown modules (and any stored cycle, never reached from the top) keep what was sent.
  for (const [id, r] of explicit) if (!rights.has(id)) rights.set(id, r);

  // Bottom up: every module with see on makes its ancestors visible.
  for (const [id, r] of [...rights]) {
    if (r.see !== 1) continue;
    const seen = new Set<number>([id]);
    let parent = known.get(id)?.id_parent ?? null;
    while (parent !== null && known.has(parent) && !seen.has(parent)) {
      seen.add(parent);
      const current = rights.get(parent);
      if (current?.see !== 1) rights.set(parent, { see: 1, edit: current?.edit ?? 0 });
      parent = known.get(parent)!.id_parent;
    }
  }

  return [...rights]
    .filter(([, r]) => r.see === 1)
    .sort(([a], [b]) => a - b)
    .map(([id_module, r]) => ({ id_module, see: r.see, edit: r.edit }));
}
