import type { ModuleNode } from './moduleNode';

/** Moves module `id` (a child of some group) into group `toGroupId` at `toIndex` (clamped to the
 * group's length; counted after the module left its old place). Rules: the menu has one level of
 * depth (seed 000 §7), so only children move between groups and a group never becomes a child;
 * an unknown module or group returns the groups unchanged. Pure: changed groups get new objects
 * and new `children` arrays, the others keep their identity. */
export function moveModule(groups: readonly ModuleNode[], id: number, toGroupId: number, toIndex: number): ModuleNode[] {
  const from = groups.find((g) => g.children?.some((c) => c.id === id));
  const to = groups.find((g) => g.id === toGroupId);
  if (!from || !to) return [...groups];
  const moving = from.children!.find((c) => c.id === id)!;
  const withoutIt = groups.map((g) => (g === from ? { ...g, children: g.children!.filter((c) => c.id !== id) } : g));
  return withoutIt.map((g) => {
    if (g.id !== toGroupId) return g;
    const children = [...(g.children ?? [])];
    const at = Math.max(0, Math.min(toIndex, children.length));
    children.splice(at, 0, { ...moving, id_parent: toGroupId });
    return { ...g, children };
  });
}
