import type { NavigationItem } from '../session/useMe';

/** A menu entry's label in the user's menu language: `translate[language]`, else the title. */
export function menuLabel(item: Pick<NavigationItem, 'title' | 'translate'>, language: string): string {
  const translated = item.translate?.[language];
  return typeof translated === 'string' && translated.trim() ? translated : item.title;
}
