import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { NavigationItem } from '../session/useMe';
import { flattenMenu, type MenuEntry } from './flattenMenu';
import { Icon } from './icons';
import { menuLabel } from './menuLabel';
import type { Palette } from './palette';
import { screenExists } from './screenExists';
import { normalizeText } from '@shared/text';

type MenuSearchProps = { navigation: NavigationItem[]; language: string; pal: Palette };

/** At most this many suggestions. */
const MAX_RESULTS = 10;

/** Menu search in the toolbar (seed 000 §4). The search button (or Ctrl+K) opens a field over the
 * toolbar; typing lists up to 10 entries whose label (menu language) or title contains the text,
 * accents and case ignored, or 'No results..'; entries without a screen yet are left out. Arrow keys move, Enter opens the entry, Escape or
 * leaving the field closes it. */
export function MenuSearch({ navigation, language, pal }: MenuSearchProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const router = useRouter();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const refocusButton = useRef(false);
  const listId = useId();

  // Entries whose screen has not landed yet ('Próximamente' in the menu) are not offered.
  const entries = useMemo(() => flattenMenu(navigation).filter(({ item }) => item.type === 'link' || screenExists(router, item.url)), [navigation, router]);
  const results = useMemo(() => {
    const q = normalizeText(query);
    if (!q) return [];
    return entries
      .filter(({ item }) => normalizeText(menuLabel(item, language)).includes(q) || normalizeText(item.title).includes(q))
      .slice(0, MAX_RESULTS);
  }, [entries, query, language]);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Focus goes back to the search button after closing with Escape or the close button.
  useEffect(() => {
    if (!open && refocusButton.current) {
      refocusButton.current = false;
      buttonRef.current?.focus();
    }
  }, [open]);

  function close(returnFocus: boolean) {
    refocusButton.current = returnFocus;
    setOpen(false);
    setQuery('');
    setActive(0);
  }

  function go(entry: MenuEntry) {
    const url = entry.item.url ?? '';
    close(false);
    if (entry.item.type === 'link') window.open(url, '_blank', 'noopener,noreferrer');
    else void navigate({ to: url });
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'ArrowDown' && results.length) {
      e.preventDefault();
      setActive((a) => (a + 1) % results.length);
    } else if (e.key === 'ArrowUp' && results.length) {
      e.preventDefault();
      setActive((a) => (a - 1 + results.length) % results.length);
    } else if (e.key === 'Enter' && results[active]) {
      e.preventDefault();
      go(results[active]);
    }
  }

  function onBlur(e: FocusEvent<HTMLDivElement>) {
    if (!e.currentTarget.contains(e.relatedTarget)) close(false);
  }

  const optionId = (i: number) => `${listId}-${i}`;

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen(true)}
        aria-label="Buscar en el menú (Ctrl+K)"
        title="Buscar en el menú (Ctrl+K)"
        className={`inline-flex size-10 items-center justify-center rounded-full transition-colors ${pal.iconButton} ${pal.focus}`}
      >
        <Icon name="search" />
      </button>
      {open ? (
        <div onBlur={onBlur} className={`absolute inset-0 z-40 flex items-center gap-2 px-3 sm:px-6 ${pal.surface}`}>
          <div className="relative mx-auto w-full max-w-2xl">
            <Icon name="search" className={`pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 ${pal.muted}`} />
            <input
              autoFocus
              type="text"
              role="combobox"
              aria-label="Buscar en el menú"
              aria-autocomplete="list"
              aria-expanded={results.length > 0}
              aria-controls={listId}
              aria-activedescendant={results[active] ? optionId(active) : undefined}
              placeholder="Buscar en el menú…"
              autoComplete="off"
              spellCheck={false}
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              className={`h-10 w-full rounded-lg border-0 ps-10 pe-3 text-sm outline-none ${pal.field}`}
            />
            {query.trim() ? (
              <div className="absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-xl border border-slate-200 bg-white text-slate-700 shadow-xl">
                {results.length ? (
                  <ul id={listId} role="listbox" aria-label="Resultados" className="max-h-[70vh] overflow-y-auto p-1.5">
                    {results.map((entry, i) => (
                      <li
                        key={`${entry.item.id}-${entry.item.url}`}
                        id={optionId(i)}
                        role="option"
                        aria-selected={i === active}
                        onMouseDown={(e) => e.preventDefault()}
                        onMouseMove={() => setActive(i)}
                        onClick={() => go(entry)}
                        className={`flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm ${i === active ? 'bg-teal-50 text-teal-900' : ''}`}
                      >
                        <Icon name={entry.item.icon} className={`size-5 ${i === active ? 'text-teal-700' : 'text-slate-400'}`} />
                        <span lang={language} className="min-w-0 flex-1 truncate font-medium">
                          {menuLabel(entry.item, language)}
                        </span>
                        {entry.group ? (
                          <span lang={language} className="max-w-[40%] shrink-0 truncate text-xs text-slate-500">
                            {menuLabel(entry.group, language)}
                          </span>
                        ) : null}
                        {entry.item.root ? <Icon name="lock" className="size-3.5 text-slate-400" title="Solo root" /> : null}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p id={listId} role="status" className="px-4 py-3 text-sm text-slate-500">
                    No results..
                  </p>
                )}
              </div>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => close(true)}
            aria-label="Cerrar búsqueda"
            className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full ${pal.iconButton} ${pal.focus}`}
          >
            <Icon name="close" />
          </button>
        </div>
      ) : null}
    </>
  );
}
