import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState, type FocusEvent } from 'react';
import { Brand } from './Brand';
import { Icon } from './icons';
import { NavItem, type NavItemData } from './NavItem';
import { palette } from './palette';
import type { ShellTheme } from './useShellSettings';
import { UserAvatar } from './UserAvatar';

type NavbarProps = {
  navigation: NavItemData[];
  language: string;
  theme: ShellTheme;
  position: 'left' | 'right';
  /** True while the menu is loading: placeholders instead of entries. */
  loading: boolean;
  user: { name: string; role: string } | null;
} & (
  | { variant: 'sidebar'; folded: boolean; onToggleFold: () => void }
  | { variant: 'drawer'; open: boolean; onClose: () => void }
);

function Placeholder() {
  return (
    <div className="space-y-3 px-3 py-2" aria-hidden>
      {[70, 55, 80, 60, 75, 50].map((w, i) => (
        <div key={i} className="flex items-center gap-3">
          <span className="size-5 animate-pulse rounded bg-current opacity-15" />
          <span className="h-3 animate-pulse rounded bg-current opacity-15" style={{ width: `${w}%` }} />
        </div>
      ))}
    </div>
  );
}

/** The vertical menu. `sidebar` (≥ 1024 px, layout1): 280 px wide, folded to 64 px icons only;
 * while folded, pointer hover or keyboard focus opens it over the page. `drawer` (< 1024 px, any
 * layout): a modal panel sliding in from the navbar side, closed by Escape, the backdrop or
 * following an entry. Sides are logical, so RTL mirrors them. */
export function Navbar(props: NavbarProps) {
  const { navigation, language, theme, position, loading, user } = props;
  const pal = palette(theme);
  const [hovered, setHovered] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);

  const isSidebar = props.variant === 'sidebar';
  const folded = isSidebar && props.folded;
  const expanded = !folded || hovered || keyboardFocus;
  const compact = !expanded;
  const onNavigate = props.variant === 'drawer' ? props.onClose : undefined;

  const menu = (
    <nav aria-label="Menú principal" className={`min-h-0 flex-1 overflow-x-hidden overflow-y-auto px-2 py-3 ${pal.scroll}`}>
      {loading ? (
        <Placeholder />
      ) : (
        <ul className="space-y-0.5">
          {navigation.map((item) => (
            <NavItem key={item.id} item={item} language={language} pal={pal} compact={compact} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
    </nav>
  );

  const userCard = user ? (
    <div className={`flex items-center gap-3 border-t px-3 py-3 ${pal.border} ${compact ? 'justify-center' : ''}`}>
      <UserAvatar name={user.name} className="size-9 text-sm" />
      {compact ? null : (
        <div className="min-w-0 leading-tight">
          <p className="truncate text-sm font-semibold">{user.name}</p>
          <p className={`truncate text-xs ${pal.muted}`}>{user.role}</p>
        </div>
      )}
    </div>
  ) : null;

  const brandText = theme === 'light' ? 'text-slate-900' : 'text-white';
  const iconButton = `inline-flex size-9 items-center justify-center rounded-lg ${pal.hover} ${pal.focus}`;

  if (props.variant === 'drawer') {
    const fromEnd = position === 'right';
    return (
      <Dialog open={props.open} onClose={props.onClose} className="relative z-50 lg:hidden">
        <DialogBackdrop transition className="fixed inset-0 bg-slate-950/50 transition-opacity duration-300 data-closed:opacity-0" />
        <div className={`fixed inset-0 flex ${fromEnd ? 'justify-end' : 'justify-start'}`}>
          <DialogPanel
            transition
            className={`flex h-full w-70 max-w-[85vw] flex-col shadow-2xl transition-transform duration-300 ease-out ${pal.surface} ${
              fromEnd
                ? 'data-closed:translate-x-full rtl:data-closed:-translate-x-full'
                : 'data-closed:-translate-x-full rtl:data-closed:translate-x-full'
            }`}
          >
            <DialogTitle className="sr-only">Menú</DialogTitle>
            <div className={`flex h-16 shrink-0 items-center gap-3 border-b px-4 ${pal.border}`}>
              <Brand textClass={brandText} focusClass={pal.focus} />
              <button type="button" onClick={props.onClose} aria-label="Cerrar menú" className={`ms-auto ${iconButton}`}>
                <Icon name="close" />
              </button>
            </div>
            {menu}
            {userCard}
          </DialogPanel>
        </div>
      </Dialog>
    );
  }

  const onFocus = (e: FocusEvent<HTMLElement>) => {
    if (e.target.matches(':focus-visible')) setKeyboardFocus(true);
  };
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) setKeyboardFocus(false);
  };

  return (
    <div className={`sticky top-0 z-40 h-dvh shrink-0 transition-[width] duration-200 ${props.folded ? 'w-16' : 'w-70'}`}>
      <aside
        aria-label="Navegación"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={onFocus}
        onBlur={onBlur}
        className={`absolute inset-y-0 flex flex-col overflow-hidden transition-[width,box-shadow] duration-200 ${position === 'right' ? 'end-0 border-s' : 'start-0 border-e'} ${pal.surface} ${pal.border} ${
          expanded ? 'w-70' : 'w-16'
        } ${folded && expanded ? 'shadow-2xl' : ''}`}
      >
        <div className={`flex h-16 shrink-0 items-center gap-2 ${compact ? 'justify-center px-2' : 'px-4'}`}>
          <Brand compact={compact} textClass={brandText} focusClass={pal.focus} />
          {compact ? null : (
            <button
              type="button"
              onClick={props.onToggleFold}
              aria-pressed={props.folded}
              aria-label={props.folded ? 'Mantener el menú abierto' : 'Plegar el menú'}
              title={props.folded ? 'Mantener el menú abierto' : 'Plegar el menú'}
              className={`ms-auto ${iconButton}`}
            >
              <Icon name={props.folded ? 'menu' : 'menu_open'} className={`size-5 ${position === 'right' ? '-scale-x-100 rtl:scale-x-100' : 'rtl:-scale-x-100'}`} />
            </button>
          )}
        </div>
        {menu}
        {userCard}
      </aside>
    </div>
  );
}
