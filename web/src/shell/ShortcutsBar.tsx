import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useWrite } from '../ui/resource/useWrite';
import { DEFAULT_ERROR } from '../api/envelope';
import { useAccounts } from '../session/accounts';
import { meKey, useMe, type Me } from '../session/useMe';
import { useErrorDialog } from '../ui/dialogs/useErrorDialog';
import { flattenMenu, type MenuEntry } from './flattenMenu';
import { Icon } from './icons';
import { menuLabel } from './menuLabel';
import { DROPDOWN_PANEL, type Palette } from './palette';
import { normalizeText } from '@shared/text';

type ShortcutsBarProps = { language: string; pal: Palette };

/** At most this many matches in the star menu. */
const MAX_RESULTS = 10;

/** The user's shortcuts (seed 000 §4): an icon link per saved menu url, in saved order (urls no
 * longer in the menu are not shown), and a star menu to add or remove them. The star menu lists
 * the current shortcuts, or up to 10 menu entries matching the typed text ('No results..' when
 * none); each row toggles its entry. Saved with `POST /me/update { shortcuts }`, shown at once and
 * rolled back with the server's message if refused. Escape closes the menu. */
export function ShortcutsBar({ language, pal }: ShortcutsBarProps) {
  const { write } = useWrite();
  const me = useMe();
  const { current } = useAccounts();
  const queryClient = useQueryClient();
  const { showError } = useErrorDialog();
  const [query, setQuery] = useState('');

  const navigation = me.data?.navigation;
  const shortcuts = me.data?.data.shortcuts;
  const entries = useMemo(() => flattenMenu(navigation ?? []), [navigation]);
  const byUrl = useMemo(() => new Map(entries.map((e) => [e.item.url ?? '', e])), [entries]);
  const saved = useMemo(() => (shortcuts ?? []).map((url) => byUrl.get(url)).filter((e): e is MenuEntry => Boolean(e)), [shortcuts, byUrl]);
  const results = useMemo(() => {
    const q = normalizeText(query);
    if (!q) return [];
    return entries.filter(({ item }) => normalizeText(menuLabel(item, language)).includes(q) || normalizeText(item.title).includes(q)).slice(0, MAX_RESULTS);
  }, [entries, query, language]);

  if (!me.data) return null;

  async function toggle(url: string) {
    const key = meKey(current);
    const before = queryClient.getQueryData<Me>(key);
    if (!before) return;
    const list = before.data.shortcuts ?? [];
    const next = list.includes(url) ? list.filter((u) => u !== url) : [...list, url];
    queryClient.setQueryData<Me>(key, { ...before, data: { ...before.data, shortcuts: next } });
    const { envelope } = await write({ path: '/me/update', body: { shortcuts: next } });
    if (!envelope.ok) {
      queryClient.setQueryData<Me>(key, before);
      await showError({ title: 'No se pudo guardar el atajo', message: envelope.msg || DEFAULT_ERROR });
      return;
    }
    const user = envelope.user as Me | undefined;
    if (user) queryClient.setQueryData<Me>(key, user);
  }

  const shortcutSet = new Set(shortcuts ?? []);
  const row = (entry: MenuEntry) => {
    const url = entry.item.url ?? '';
    const on = shortcutSet.has(url);
    const label = menuLabel(entry.item, language);
    return (
      <li key={url}>
        <button
          type="button"
          aria-pressed={on}
          onClick={() => void toggle(url)}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600"
        >
          <Icon name={entry.item.icon} className="size-5 text-slate-400" />
          <span lang={language} className="min-w-0 flex-1 truncate">
            {label}
          </span>
          <Icon name={on ? 'star' : 'star_border'} className={`size-5 ${on ? 'text-amber-500' : 'text-slate-300'}`} />
          <span className="sr-only">{on ? 'Quitar de atajos' : 'Agregar a atajos'}</span>
        </button>
      </li>
    );
  };

  return (
    <div className="flex min-w-0 items-center gap-0.5">
      <ul className="flex min-w-0 items-center gap-0.5 overflow-hidden" aria-label="Atajos">
        {saved.map(({ item }) => {
          const label = menuLabel(item, language);
          return (
            <li key={item.url}>
              <Link
                to={item.url ?? '/'}
                aria-label={label}
                title={label}
                className={`inline-flex size-10 items-center justify-center rounded-full transition-colors ${pal.iconButton} ${pal.focus}`}
              >
                <Icon name={item.icon} />
              </Link>
            </li>
          );
        })}
      </ul>
      <Popover>
        <PopoverButton
          onClick={() => setQuery('')}
          aria-label="Atajos: agregar o quitar"
          title="Atajos"
          className={`inline-flex size-10 items-center justify-center rounded-full transition-colors ${pal.iconButton} ${pal.focus}`}
        >
          <Icon name="star" className="size-5 text-amber-400" />
        </PopoverButton>
        <PopoverPanel
          anchor={{ to: 'bottom start', gap: 8 }}
          transition
          className={`${DROPDOWN_PANEL} w-80 max-w-[calc(100vw-1.5rem)] p-2`}
        >
          <div className="relative mb-2">
            <Icon name="search" className="pointer-events-none absolute start-3 top-1/2 size-4.5 -translate-y-1/2 text-slate-400" />
            <input
              autoFocus
              type="text"
              aria-label="Buscar en el menú para agregar atajos"
              placeholder="Buscar módulo…"
              autoComplete="off"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="h-9 w-full rounded-lg border-0 bg-slate-100 ps-9 pe-3 text-sm text-slate-900 outline-none placeholder:text-slate-400 focus:bg-white focus:ring-2 focus:ring-teal-600/40"
            />
          </div>
          {query.trim() ? (
            results.length ? (
              <ul className="max-h-80 space-y-0.5 overflow-y-auto">{results.map(row)}</ul>
            ) : (
              <p role="status" className="px-3 py-2 text-sm text-slate-500">
                No results..
              </p>
            )
          ) : saved.length ? (
            <>
              <p className="px-3 pt-1 pb-1.5 text-[11px] font-semibold tracking-wider text-slate-500 uppercase">Sus atajos</p>
              <ul className="max-h-80 space-y-0.5 overflow-y-auto">{saved.map(row)}</ul>
            </>
          ) : (
            <p className="px-3 py-2 text-sm text-slate-500">Aún no tiene atajos. Busque un módulo y márquelo con la estrella.</p>
          )}
        </PopoverPanel>
      </Popover>
    </div>
  );
}
