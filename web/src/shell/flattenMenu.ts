import type { NavigationItem } from '@shared/contracts/auth';

/** A navigable menu entry (item or link) with the group it sits in. */
export type MenuEntry = { item: NavigationItem; group: NavigationItem | null };

/** Every entry with a url, depth first, in menu order (groups and collapses are walked, dividers
 * skipped). Used by the menu search and the shortcuts. */
export function flattenMenu(navigation: NavigationItem[]): MenuEntry[] {
  const out: MenuEntry[] = [];
  const walk = (items: NavigationItem[], group: NavigationItem | null) => {
    for (const item of items) {
      if (item.type === 'group') walk(item.children ?? [], item);
      else if (item.type === 'collapse') walk(item.children ?? [], group);
      else if ((item.type === 'item' || item.type === 'link') && item.url) out.push({ item, group });
    }
  };
  walk(navigation, null);
  return out;
}
