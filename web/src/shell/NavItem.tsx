import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import type { NavigationItem } from '../session/useMe';
import { Icon } from './icons';
import { menuLabel } from './menuLabel';
import type { Palette } from './palette';
import { screenExists } from './screenExists';

/** A menu entry of GET /me, with its badge (seed 000 §3: text with its own background and text
 * colours, or null), `exact` and `target`. */
export type NavItemData = NavigationItem;

type NavItemProps = {
  item: NavItemData;
  language: string;
  pal: Palette;
  /** Folded navbar: icons only, labels kept for screen readers. */
  compact?: boolean;
  depth?: number;
  /** Called after following an entry (closes the mobile drawer or a dropdown). */
  onNavigate?: () => void;
};

/** Whether the address is the url or below it ('/equipos' matches '/equipos/12'). */
const within = (pathname: string, url?: string) => Boolean(url) && (pathname === url || pathname.startsWith(`${url}/`));

function containsActive(item: NavItemData, pathname: string): boolean {
  return (item.children ?? []).some((c) => within(pathname, c.url) || containsActive(c, pathname));
}

function Badge({ badge }: { badge: NonNullable<NavItemData['badge']> }) {
  return (
    <span
      className="ms-auto inline-flex min-w-5 items-center justify-center rounded-full bg-teal-700 px-1.5 py-0.5 text-[11px] leading-none font-semibold text-white"
      style={{ backgroundColor: badge.bg, color: badge.fg }}
    >
      {badge.title}
    </span>
  );
}

/** The mark of a menu entry whose screen has not landed in this web app yet. */
export const COMING_SOON = 'Próximamente';

const row = 'group/row flex w-full items-center gap-3 rounded-lg text-sm transition-colors duration-150';

/** One menu entry by type: group (heading + children), collapse (expandable), item (router link,
 * highlighted when the address is inside it), link (external, new tab) or divider. Root-only
 * modules show a lock. Labels come from `translate[language]`, else the title. An item whose
 * address the route tree answers only with the catch-all (screenExists) is not a link: it shows
 * dimmed with a 'Próximamente' badge, aria-disabled, and opens nothing. */
export function NavItem({ item, language, pal, compact = false, depth = 0, onNavigate }: NavItemProps) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const router = useRouter();
  const label = menuLabel(item, language);
  const childrenId = useId();
  const activeInside = item.type === 'collapse' && containsActive(item, pathname);
  const [open, setOpen] = useState(activeInside);
  // A collapse opens by itself when navigation lands on one of its children.
  useEffect(() => {
    if (activeInside) setOpen(true);
  }, [activeInside]);

  const indent = compact ? 'justify-center px-0 py-2.5' : depth > 1 ? 'py-2 ps-11 pe-3' : 'px-3 py-2.5';
  const text = <span lang={language} className={compact ? 'sr-only' : 'min-w-0 flex-1 truncate text-start'}>{label}</span>;
  const lock = item.root ? (
    <span className={compact ? 'sr-only' : 'inline-flex'}>
      <Icon name="lock" className={`size-3.5 ${pal.muted}`} title="Solo root" />
    </span>
  ) : null;
  const children = (item.children ?? []).map((child) => (
    <NavItem key={child.id} item={child} language={language} pal={pal} compact={compact} depth={depth + 1} onNavigate={onNavigate} />
  ));

  switch (item.type) {
    case 'divider':
      return (
        <li role="separator" className="px-3 py-2">
          <hr className={pal.border} />
        </li>
      );
    case 'group':
      return (
        <li className="mt-4 first:mt-1">
          {compact ? (
            <>
              <span className="sr-only" lang={language}>{label}</span>
              <hr className={`mx-3 mb-2 ${pal.border}`} aria-hidden />
            </>
          ) : (
            <div lang={language} className={`truncate px-3 pb-1.5 text-[11px] font-semibold tracking-wider uppercase ${pal.heading}`}>
              {label}
            </div>
          )}
          <ul className="space-y-0.5">{children}</ul>
        </li>
      );
    case 'collapse':
      return (
        <li>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={childrenId}
            title={compact ? label : undefined}
            onClick={() => setOpen((o) => !o)}
            className={`${row} ${indent} ${activeInside && !open ? pal.active : pal.hover} ${pal.focus}`}
          >
            <Icon name={item.icon} className="size-5 opacity-90" />
            {text}
            {item.badge && !compact ? <Badge badge={item.badge} /> : null}
            {!compact ? <Icon name="expand_more" className={`size-4 transition-transform duration-200 ${open ? 'rotate-180' : ''}`} /> : null}
          </button>
          {open && !compact ? (
            <ul id={childrenId} className="mt-0.5 space-y-0.5">
              {children}
            </ul>
          ) : null}
        </li>
      );
    case 'link':
      return (
        <li>
          <a
            href={item.url}
            target={item.target ?? '_blank'}
            rel="noopener noreferrer"
            title={compact ? label : undefined}
            onClick={onNavigate}
            className={`${row} ${indent} ${pal.hover} ${pal.focus}`}
          >
            <Icon name={item.icon} className="size-5 opacity-90" />
            {text}
            {lock}
            {!compact ? <Icon name="open_in_new" className={`size-3.5 ${pal.muted}`} title="Se abre en una pestaña nueva" /> : null}
          </a>
        </li>
      );
    default:
      if (!item.url) return null;
      if (!screenExists(router, item.url))
        return (
          <li>
            <a role="link" aria-disabled="true" title={compact ? `${label} (${COMING_SOON})` : undefined} className={`${row} ${indent} cursor-not-allowed`}>
              <Icon name={item.icon} className="size-5 opacity-60" />
              <span lang={language} className={compact ? 'sr-only' : 'min-w-0 flex-1 truncate text-start opacity-75'}>
                {label}
              </span>
              <span className={compact ? 'sr-only' : `ms-auto shrink-0 rounded-full border px-1.5 py-0.5 text-[10px] leading-none font-medium ${pal.border} ${pal.muted}`}>
                {compact ? `(${COMING_SOON})` : COMING_SOON}
              </span>
            </a>
          </li>
        );
      return (
        <li>
          <Link
            to={item.url}
            title={compact ? label : undefined}
            onClick={onNavigate}
            className={`${row} ${indent} ${pal.focus}`}
            activeOptions={{ exact: item.exact, includeSearch: false }}
            activeProps={{ className: pal.active }}
            inactiveProps={{ className: pal.hover }}
          >
            <Icon name={item.icon} className="size-5 opacity-90" />
            {text}
            {lock}
            {item.badge && !compact ? <Badge badge={item.badge} /> : null}
          </Link>
        </li>
      );
  }
}
