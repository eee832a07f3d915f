/** The parts of a module row that decide whether a caller may see it. */
export type VisibilityRow = { id: number; id_parent: number | null; root: number };

/** Modules a caller must never be shown (DECISIONS.md, "Root"): for root none; for anyone else the
 * root-only modules (`root = 1`) and everything below them. */
export function hiddenModuleIds(rows: readonly VisibilityRow[], isRoot: boolean): Set<number> {
  const hidden = new Set<number>();
  if (isRoot) return hidden;
  for (const r of rows) if (r.root === 1) hidden.add(r.id);
  // Descendants of a hidden module are hidden too; one pass per level, bounded by the row count.
  for (let pass = 0; pass < rows.length; pass++) {
    let grew = false;
    for (const r of rows) {
      if (!hidden.has(r.id) && r.id_parent !== null && hidden.has(r.id_parent)) {
        hidden.add(r.id);
        grew = true;
      }
    }
    if (!grew) break;
  }
  return hidden;
}
