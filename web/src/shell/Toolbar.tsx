import { Brand } from './Brand';
import { Icon } from './icons';
import { LanguageMenu } from './LanguageMenu';
import { MenuSearch } from './MenuSearch';
import { NotificationBell } from './NotificationBell';
import { palette } from './palette';
import { ShortcutsBar } from './ShortcutsBar';
import type { ShellTheme } from './useShellSettings';
import { UserMenu } from './UserMenu';
import type { NavigationItem } from '../session/useMe';

type ToolbarProps = {
  theme: ShellTheme;
  navigation: NavigationItem[];
  language: string;
  /** Show the Faena mark (no vertical navbar on screen). */
  showBrand: boolean;
  /** Classes of the inner row (padding, boxed width). */
  containerClass: string;
  onOpenMenu: () => void;
  onOpenSettings: () => void;
  onOpenNotifications: () => void;
};

/** The top bar: menu button (< 1024 px), shortcuts (≥ 768 px), menu search, language,
 * notifications, theme settings and the user menu. Sticks to the top while the page scrolls. */
export function Toolbar({ theme, navigation, language, showBrand, containerClass, onOpenMenu, onOpenSettings, onOpenNotifications }: ToolbarProps) {
  const pal = palette(theme);
  const iconButton = `inline-flex size-10 shrink-0 items-center justify-center rounded-full transition-colors ${pal.iconButton} ${pal.focus}`;
  return (
    <header className={`sticky top-0 z-30 border-b shadow-[0_1px_3px_rgb(15_23_42/0.04)] ${pal.surface} ${pal.border}`}>
      <div className={`relative flex h-16 items-center gap-1 sm:gap-1.5 ${containerClass}`}>
        <button type="button" onClick={onOpenMenu} aria-label="Abrir menú" className={`lg:hidden ${iconButton}`}>
          <Icon name="menu" />
        </button>
        {showBrand ? (
          <div className="me-2 flex shrink-0 items-center">
            <span className="sm:hidden">
              <Brand compact focusClass={pal.focus} />
            </span>
            <span className="hidden sm:block">
              <Brand textClass={theme === 'light' ? 'text-slate-900' : 'text-white'} focusClass={pal.focus} />
            </span>
          </div>
        ) : null}
        <div className="hidden min-w-0 md:flex">
          <ShortcutsBar language={language} pal={pal} />
        </div>
        <div className="flex-1" />
        <MenuSearch navigation={navigation} language={language} pal={pal} />
        <LanguageMenu pal={pal} />
        <NotificationBell pal={pal} onOpen={onOpenNotifications} />
        <button type="button" onClick={onOpenSettings} aria-label="Configuración del tema" title="Configuración del tema" className={iconButton}>
          <Icon name="settings" />
        </button>
        <span aria-hidden className={`mx-1 hidden h-8 border-s sm:block ${pal.border}`} />
        <UserMenu pal={pal} />
      </div>
    </header>
  );
}
