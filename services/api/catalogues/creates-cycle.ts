/** Whether making `parentId` the parent of `id` would close a loop in a tree: the parent is the
 * element itself or one of its descendants (walking up from the parent meets `id`). `parentOf`
 * gives each element's current parent (null at a root). A loop already in the data stops the
 * walk instead of hanging. */
export function createsCycle(id: number, parentId: number | null, parentOf: ReadonlyMap<number, number | null>): boolean {
  const seen = new Set<number>();
  for (let at = parentId; at !== null && at !== undefined; at = parentOf.get(at) ?? null) {
    if (at === id) return true;
    if (seen.has(at)) return false;
    seen.add(at);
  }
  return false;
}
