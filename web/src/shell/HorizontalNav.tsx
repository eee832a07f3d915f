import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useRouterState } from '@tanstack/react-router';
import { Icon } from './icons';
import { menuLabel } from './menuLabel';
import { NavItem, type NavItemData } from './NavItem';
import { DROPDOWN_PANEL, palette } from './palette';
import type { ShellTheme } from './useShellSettings';

type HorizontalNavProps = {
  navigation: NavItemData[];
  language: string;
  theme: ShellTheme;
  loading: boolean;
  /** Classes of the inner container (boxed width of layout3). */
  containerClass: string;
};

const within = (pathname: string, url?: string) => Boolean(url) && (pathname === url || pathname.startsWith(`${url}/`));
const hasActive = (item: NavItemData, pathname: string): boolean =>
  (item.children ?? []).some((c) => within(pathname, c.url) || hasActive(c, pathname));

/** The menu as a bar (layout2 and layout3, ≥ 1024 px): each group or collapse opens a dropdown
 * of its entries (Escape or a click outside closes it); the group holding the current page is
 * underlined in teal. */
export function HorizontalNav({ navigation, language, theme, loading, containerClass }: HorizontalNavProps) {
  const pal = palette(theme);
  const panelPal = palette('light');
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  return (
    <nav aria-label="Menú principal" className={`border-b ${pal.surface} ${pal.border}`}>
      <ul className={`flex min-h-12 items-center gap-0.5 overflow-x-auto py-1.5 ${pal.scroll} ${containerClass}`}>
        {loading
          ? [0, 1, 2, 3, 4].map((i) => (
              <li key={i} aria-hidden className="h-4 w-24 animate-pulse rounded bg-current opacity-15" />
            ))
          : navigation.map((item) => {
              if (item.type !== 'group' && item.type !== 'collapse') {
                return <NavItem key={item.id} item={item} language={language} pal={pal} />;
              }
              const active = hasActive(item, pathname);
              return (
                <li key={item.id}>
                  <Popover>
                    <PopoverButton
                      title={menuLabel(item, language)}
                      className={`relative flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors ${pal.hover} ${pal.focus} ${
                        active ? 'after:absolute after:inset-x-2.5 after:bottom-0.5 after:h-0.5 after:rounded-full after:bg-teal-500' : ''
                      }`}
                    >
                      <Icon name={item.icon} className="size-4.5 opacity-90" />
                      {/* Between 1024 and 1280 px only the icons fit; the label stays for screen readers. */}
                      <span lang={language} className="sr-only xl:not-sr-only">
                        {menuLabel(item, language)}
                      </span>
                    </PopoverButton>
                    <PopoverPanel
                      anchor={{ to: 'bottom start', gap: 6 }}
                      transition
                      className={`${DROPDOWN_PANEL} w-72 p-1.5`}
                    >
                      {({ close }) => (
                        <ul className="space-y-0.5">
                          {(item.children ?? []).map((child) => (
                            <NavItem key={child.id} item={child} language={language} pal={panelPal} onNavigate={() => close()} />
                          ))}
                        </ul>
                      )}
                    </PopoverPanel>
                  </Popover>
                </li>
              );
            })}
      </ul>
    </nav>
  );
}
