import { ROLES, type NavBadge, type NavigationItem, type Role } from '@shared/contracts/auth';

export { ROLES, type NavBadge, type NavigationItem, type Role };

/** The columns of `rm_modules` the menu needs, in menu order (level, orden, id). */
export type MenuRow = {
  id: number;
  id_parent: number | null;
  type: string;
  name: string;
  translate: Record<string, string>;
  icon: string;
  url: string | null;
  root: number;
};

/** What the caller may do with an entry that has an address (item or link). */
export type MenuAccess = (row: MenuRow) => { see: boolean; edit: boolean };

const CONTAINERS = new Set(['group', 'collapse']);

/** Dividers only between shown entries: none first, last, or two in a row. */
function tidyDividers(items: NavigationItem[]): NavigationItem[] {
  const out: NavigationItem[] = [];
  for (const item of items) {
    if (item.type === 'divider' && (out.length === 0 || out[out.length - 1].type === 'divider')) continue;
    out.push(item);
  }
  while (out.length && out[out.length - 1].type === 'divider') out.pop();
  return out;
}

/** The menu a caller sees, each entry with its own type: items and links the caller may see
 * (links open an external address in a new tab), groups and collapses that keep at least one of
 * them, and dividers between shown entries. */
export function buildNavigation(rows: readonly MenuRow[], access: MenuAccess): NavigationItem[] {
  const byParent = new Map<number | null, MenuRow[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) {
    const key = r.id_parent !== null && ids.has(r.id_parent) ? r.id_parent : null;
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const level = (parent: number | null, seen: Set<number>): NavigationItem[] =>
    tidyDividers(
      (byParent.get(parent) ?? []).flatMap((m): NavigationItem[] => {
        if (seen.has(m.id)) return [];
        const base = { id: String(m.id), title: m.name, translate: m.translate, icon: m.icon, badge: null, exact: false };
        if (CONTAINERS.has(m.type)) {
          const children = level(m.id, new Set([...seen, m.id]));
          if (!children.some((c) => c.type !== 'divider')) return [];
          const held = new Set(children.filter((c) => c.type !== 'divider').flatMap((c) => c.auth));
          return [{ ...base, type: m.type as 'group' | 'collapse', auth: ROLES.filter((r) => held.has(r)), target: null, children }];
        }
        if (m.type === 'divider') return [{ ...base, type: 'divider', auth: [...ROLES], target: null }];
        const rights = access(m);
        if (m.url === null || !rights.see) return [];
        const link = m.type === 'link';
        return [{
          ...base,
          type: link ? 'link' : 'item',
          url: m.url,
          root: m.root === 1,
          edit: rights.edit,
          auth: m.root === 1 ? ['root'] : [...ROLES],
          exact: m.url === '/',
          target: link ? '_blank' : '_self',
        }];
      }),
    );
  return level(null, new Set());
}

/** Every entry of the menu, containers before their children. */
export function flattenNavigation(items: readonly NavigationItem[]): NavigationItem[] {
  return items.flatMap((i) => [i, ...flattenNavigation(i.children ?? [])]);
}
