import { useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { currentDisplayCoin, setDisplayCoin } from '@shared/money';
import { takePendingNotice } from '../session/screenGuard';
import { useMe } from '../session/useMe';
import { useToast } from '../ui/toast/useToast';
import { useCompanyBrand } from './useCompanyBrand';
import { Footer } from './Footer';
import { HorizontalNav } from './HorizontalNav';
import { useLiveTopic } from './live/useLiveTopic';
import { Navbar } from './Navbar';
import { NotificationsPanel } from './NotificationsPanel';
import { palette } from './palette';
import { SettingsPanel } from './SettingsPanel';
import './shell.css';
import { Toolbar } from './Toolbar';
import { useMediaQuery } from './useMediaQuery';
import { useShellSettings } from './useShellSettings';

type AppFrameProps = { children: ReactNode };

/** Below this width the navbar is a drawer opened from the toolbar. */
const DESKTOP = '(min-width: 1024px)';

/** The application frame around a signed-in page (seed 000 §1–§4): navbar, toolbar, footer,
 * notifications and theme settings panels, laid out by the user's settings —
 * layout1: vertical navbar on the left or right (280 px, folded 64 px);
 * layout2: toolbar, then the menu as a horizontal bar;
 * layout3: the horizontal menu above the toolbar, boxed at 1120 px.
 * Boxed content is at most 1280 px wide (layout3: 1120 px). Under 1024 px every layout uses a
 * drawer menu. The menu language `ar` (or the direction setting) makes the document RTL. A live
 * `access` push reloads the user (menu and rights). */
export function AppFrame({ children }: AppFrameProps) {
  const me = useMe();
  const { settings } = useShellSettings();
  const queryClient = useQueryClient();
  const isDesktop = useMediaQuery(DESKTOP);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { show } = useToast();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  // null: the profile's default (menu_collapsed) until the user folds or unfolds it.
  const [foldedChoice, setFoldedChoice] = useState<boolean | null>(null);

  // The `coin` setting is what every amount on screen prints (formatMoney's default): set before
  // the screen renders, and the screen is drawn anew when it changes.
  // (A blank or not yet loaded setting is S/, so the usual case never redraws.)
  setDisplayCoin(useCompanyBrand().data?.coin);
  const coin = currentDisplayCoin();

  const language = me.data?.data.language ?? 'es';
  const direction = language === 'ar' ? 'rtl' : settings.direction;
  const folded = foldedChoice ?? me.data?.menu_collapsed ?? false;
  const navigation = me.data?.navigation ?? [];
  const loading = me.isPending;
  const user = me.data ? { name: me.data.data.displayName, role: me.data.data.ro_name } : null;

  useLiveTopic(['access'], () => void queryClient.invalidateQueries({ queryKey: ['me'] }));

  useEffect(() => {
    const html = document.documentElement;
    html.dir = direction;
    // The interface is Spanish; only Arabic menus change the document language.
    html.lang = language === 'ar' ? 'ar' : 'es';
    return () => {
      html.dir = 'ltr';
      html.lang = 'es';
    };
  }, [direction, language]);

  useEffect(() => {
    const html = document.documentElement;
    html.classList.toggle('faena-scrollbars', settings.customScrollbars);
    html.classList.toggle('faena-no-animations', !settings.animations);
    return () => {
      html.classList.remove('faena-scrollbars', 'faena-no-animations');
    };
  }, [settings.customScrollbars, settings.animations]);

  // Following a link closes the drawer; so does growing past the breakpoint.
  useEffect(() => setDrawerOpen(false), [pathname, isDesktop]);

  // The route guard's notice (a screen without the `see` right sent the user home).
  useEffect(() => {
    const notice = takePendingNotice();
    if (notice) show(notice, 'warning');
  }, [pathname, show]);

  const { layout, themes, boxed } = settings;
  const vertical = layout === 'layout1' && isDesktop;
  const boxWidth = layout === 'layout3' ? 'max-w-[1120px]' : 'max-w-screen-xl';
  const barContainer = layout === 'layout3' && boxed ? `mx-auto w-full ${boxWidth} px-4 sm:px-6` : 'px-3 sm:px-5';
  const canvas = palette(themes.main).canvas;

  const toolbar = (
    <Toolbar
      theme={themes.toolbar}
      navigation={navigation}
      language={language}
      showBrand={!vertical}
      containerClass={barContainer}
      onOpenMenu={() => setDrawerOpen(true)}
      onOpenSettings={() => setSettingsOpen(true)}
      onOpenNotifications={() => setNotificationsOpen(true)}
    />
  );
  const horizontal =
    layout !== 'layout1' && isDesktop ? (
      <HorizontalNav navigation={navigation} language={language} theme={themes.navbar} loading={loading} containerClass={barContainer} />
    ) : null;
  const content = (
    // data-theme lets a page adapt to the main theme: `in-data-[theme=dark]:text-white`.
    <main
      id="contenido"
      tabIndex={-1}
      data-theme={themes.main}
      className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8"
      style={{ colorScheme: themes.main === 'dark' ? 'dark' : 'light' }}
    >
      <div key={coin} className={boxed ? `mx-auto w-full ${boxWidth}` : 'w-full'}>{children}</div>
    </main>
  );
  const footer = <Footer theme={themes.footer} containerClass={barContainer} />;
  const sidebar = vertical ? (
    <Navbar
      variant="sidebar"
      navigation={navigation}
      language={language}
      theme={themes.navbar}
      position={settings.navbarPosition}
      loading={loading}
      user={user}
      folded={folded}
      onToggleFold={() => setFoldedChoice(!folded)}
    />
  ) : null;

  return (
    <div className={`flex min-h-dvh ${canvas}`}>
      <a
        href="#contenido"
        className="sr-only rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-[60]"
      >
        Saltar al contenido
      </a>
      {settings.navbarPosition === 'left' ? sidebar : null}
      <div className="flex min-w-0 flex-1 flex-col">
        {layout === 'layout3' ? horizontal : null}
        {toolbar}
        {layout === 'layout2' ? horizontal : null}
        {content}
        {footer}
      </div>
      {settings.navbarPosition === 'right' ? sidebar : null}

      {isDesktop ? null : (
        <Navbar
          variant="drawer"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          navigation={navigation}
          language={language}
          theme={themes.navbar}
          position={layout === 'layout1' ? settings.navbarPosition : 'left'}
          loading={loading}
          user={user}
        />
      )}
      <NotificationsPanel open={notificationsOpen} onClose={() => setNotificationsOpen(false)} />
      <SettingsPanel open={settingsOpen} onClose={() => setSettingsOpen(false)} language={language} />
    </div>
  );
}
