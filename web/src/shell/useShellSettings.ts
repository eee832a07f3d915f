import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useWrite } from '../ui/resource/useWrite';
import { DEFAULT_ERROR } from '../api/envelope';
import { useAccounts } from '../session/accounts';
import { meKey, useMe, type Me } from '../session/useMe';

export type ShellTheme = 'light' | 'dark' | 'teal';
export type ShellLayout = 'layout1' | 'layout2' | 'layout3';

/** The frame's visual settings (seed 000 §3, theme settings panel). */
export type ShellSettings = {
  layout: ShellLayout;
  navbarPosition: 'left' | 'right';
  direction: 'ltr' | 'rtl';
  themes: { main: ShellTheme; navbar: ShellTheme; toolbar: ShellTheme; footer: ShellTheme };
  customScrollbars: boolean;
  animations: boolean;
  boxed: boolean;
};

export const DEFAULT_SHELL_SETTINGS: ShellSettings = {
  layout: 'layout1',
  navbarPosition: 'left',
  direction: 'ltr',
  themes: { main: 'light', navbar: 'dark', toolbar: 'light', footer: 'light' },
  customScrollbars: true,
  animations: true,
  boxed: false,
};

/** Guests keep their settings in this browser only. */
const GUEST_KEY = 'faena.settings';

const THEMES: readonly ShellTheme[] = ['light', 'dark', 'teal'];
const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/** Reads stored settings defensively: unknown or missing fields take the default, so an old or
 * hand-edited value never breaks the frame. */
function normalize(raw: unknown): ShellSettings {
  const d = DEFAULT_SHELL_SETTINGS;
  if (!raw || typeof raw !== 'object') return d;
  const r = raw as Record<string, unknown>;
  const t = (r.themes && typeof r.themes === 'object' ? r.themes : {}) as Record<string, unknown>;
  return {
    layout: pick(r.layout, ['layout1', 'layout2', 'layout3'], d.layout),
    navbarPosition: pick(r.navbarPosition, ['left', 'right'], d.navbarPosition),
    direction: pick(r.direction, ['ltr', 'rtl'], d.direction),
    themes: {
      main: pick(t.main, THEMES, d.themes.main),
      navbar: pick(t.navbar, THEMES, d.themes.navbar),
      toolbar: pick(t.toolbar, THEMES, d.themes.toolbar),
      footer: pick(t.footer, THEMES, d.themes.footer),
    },
    customScrollbars: flag(r.customScrollbars, d.customScrollbars),
    animations: flag(r.animations, d.animations),
    boxed: flag(r.boxed, d.boxed),
  };
}

const guestListeners = new Set<() => void>();
let guestRaw: string | null = readGuest();

function readGuest() {
  try {
    return localStorage.getItem(GUEST_KEY);
  } catch {
    return null;
  }
}

function subscribeGuest(listener: () => void) {
  guestListeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== GUEST_KEY) return;
    guestRaw = readGuest();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    guestListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function parse(raw: string | null): unknown {
  try {
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

/** Saves are numbered: only the latest one's reply (or rollback) is applied, so quick successive
 * changes never flicker back to an older value. */
let saveSeq = 0;

export type SaveResult = { ok: boolean; msg: string };

/** The frame settings and `save(next)`. Signed-in users: read from and saved to the server
 * (`POST /me/update { settings }`), shown at once and rolled back if the server refuses; other
 * keys the stored object may hold are kept. Guests: localStorage `faena.settings`. */
export function useShellSettings(): { settings: ShellSettings; save: (next: ShellSettings) => Promise<SaveResult>; signedIn: boolean } {
  const { write } = useWrite();
  const { current } = useAccounts();
  const me = useMe();
  const queryClient = useQueryClient();
  const signedIn = current !== null;
  const guest = useSyncExternalStore(subscribeGuest, () => guestRaw);
  const serverRaw = me.data?.data.settings;

  const settings = useMemo(() => normalize(signedIn ? serverRaw : parse(guest)), [signedIn, serverRaw, guest]);

  const save = useCallback(
    async (next: ShellSettings): Promise<SaveResult> => {
      if (!signedIn) {
        guestRaw = JSON.stringify(next);
        try {
          localStorage.setItem(GUEST_KEY, guestRaw);
        } catch {
          // Storage full or blocked: the change still applies for this page.
        }
        for (const l of guestListeners) l();
        return { ok: true, msg: '' };
      }
      const key = meKey(current);
      const before = queryClient.getQueryData<Me>(key);
      const merged = { ...(before?.data.settings ?? {}), ...next };
      if (before) queryClient.setQueryData<Me>(key, { ...before, data: { ...before.data, settings: merged } });
      const seq = ++saveSeq;
      const { envelope } = await write({ path: '/me/update', body: { settings: merged } });
      if (!envelope.ok) {
        if (before && seq === saveSeq) queryClient.setQueryData<Me>(key, before);
        return { ok: false, msg: envelope.msg || DEFAULT_ERROR };
      }
      const user = envelope.user as Me | undefined;
      if (user && seq === saveSeq) queryClient.setQueryData<Me>(key, user);
      return { ok: true, msg: envelope.msg };
    },
    [signedIn, current, queryClient, write],
  );

  return { settings, save, signedIn };
}
