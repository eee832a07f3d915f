import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useMediaQuery } from '../../shell/useMediaQuery';
import { DialogFrame } from '../dialogs/DialogFrame';
import { DialogHeader } from '../dialogs/DialogHeader';
import { useToast } from '../toast/useToast';
import { DateRangePicker } from './DateRangePicker';
import { ExportMenu, type ExportResult } from './ExportMenu';
import type { ListSearch, SetSearch } from './listSearch';

type Props = {
  title: string;
  onBack?: () => void;
  search: ListSearch;
  setSearch: SetSearch;
  searchPlaceholder?: string;
  showDates?: boolean;
  /** Module filter controls, rendered after the search box and the dates. */
  fields?: ReactNode;
  /** The edit right: without it 'Nuevo' is not rendered at all. */
  canCreate?: boolean;
  onCreate?: () => void;
  actions?: ReactNode;
  /** A define-list list's path: its export menu downloads `GET {path}/export` and opens PDF and HTML
   * in a new tab by `POST {path}/export` (the form carries the token). */
  exportPath?: string;
  /** Where the export result goes; by default a toast ('Archivo descargado con éxito.', 'Archivo
   * abierto en una nueva pestaña.' or the server's msg). */
  onExportResult?: (r: ExportResult) => void;
};

/** The list protocol's own keys: not filters. */
const NOT_FILTERS = new Set(['page', 'limit', 'order_col', 'order_dir', 'query', 'date_to']);

/** How many filters narrow the list now (the date range counts once; the search box is not one). */
export function activeFilterCount(search: ListSearch): number {
  return Object.entries(search).filter(([key, value]) => !NOT_FILTERS.has(key) && value !== undefined && value !== null && value !== '').length;
}

/** Typing pauses this long before the text reaches the URL. */
const DEBOUNCE_MS = 300;

const FOCUS = 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600';

/** The free-text search. The URL is the store: the box shows `search.query` except while the user is typing,
 * when the typed text lives here until it has been written to the URL (after a pause, replacing the history
 * entry). Clearing with × applies at once. */
function SearchBox({ value, onApply, placeholder }: { value: string; onApply(text: string, replace: boolean): void; placeholder: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  // The latest onApply, so a parent that re-renders while the user pauses does not restart the wait.
  const apply = useRef(onApply);
  useEffect(() => {
    apply.current = onApply;
  });

  useEffect(() => {
    if (draft === null) return;
    if (draft === value) {
      setDraft(null); // the URL caught up: show it again
      return;
    }
    const timer = setTimeout(() => apply.current(draft, true), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);

  const text = draft ?? value;
  return (
    <div className="relative min-w-0 flex-1 sm:w-72 sm:flex-none">
      <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" className="pointer-events-none absolute start-2.5 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true">
        <circle cx="9" cy="9" r="5.5" />
        <path d="m13.5 13.5 3 3" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        aria-label="Buscar"
        placeholder={placeholder}
        maxLength={100}
        value={text}
        onChange={(e) => setDraft(e.target.value)}
        className={`h-9 w-full rounded-md border border-slate-300 bg-white ps-8 pe-8 text-sm text-slate-800 shadow-sm placeholder:text-slate-400 [&::-webkit-search-cancel-button]:hidden ${FOCUS}`}
      />
      {text !== '' && (
        <button
          type="button"
          aria-label="Limpiar búsqueda"
          onClick={() => {
            setDraft('');
            if (value !== '') onApply('', false);
          }}
          className={`absolute end-1.5 top-1/2 inline-flex size-6 -translate-y-1/2 items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700 ${FOCUS}`}
        >
          <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-3.5" aria-hidden="true">
            <path d="m5 5 10 10M15 5 5 15" strokeLinecap="round" />
          </svg>
        </button>
      )}
    </div>
  );
}

/** The header of every list: back, title, search, dates, module filters, 'Nuevo', extra actions and export.
 * Every filter writes to the URL through `setSearch` (which sends the list back to page 1). */
export function FilterBar({
  title,
  onBack,
  search,
  setSearch,
  searchPlaceholder = 'Buscar…',
  showDates,
  fields,
  canCreate,
  onCreate,
  actions,
  exportPath,
  onExportResult,
}: Props) {
  const { show } = useToast();
  const phone = useMediaQuery('(max-width: 639.98px)');
  const [sheet, setSheet] = useState(false);
  const query = typeof search.query === 'string' ? search.query : '';
  const applyQuery = useCallback((text: string, replace: boolean) => setSearch({ query: text === '' ? undefined : text }, { replace }), [setSearch]);
  const count = activeFilterCount(search);
  const hasFilters = showDates || fields !== undefined;
  const filterControls = (
    <>
      {showDates && (
        <DateRangePicker
          from={typeof search.date_from === 'string' ? search.date_from : undefined}
          to={typeof search.date_to === 'string' ? search.date_to : undefined}
          onChange={(date_from, date_to) => setSearch({ date_from, date_to })}
        />
      )}
      {fields}
    </>
  );

  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {onBack && (
          <button
            type="button"
            aria-label="Volver"
            onClick={onBack}
            className={`inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 ${FOCUS}`}
          >
            <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-5 rtl:-scale-x-100" aria-hidden="true">
              <path d="M16 10H4m0 0 5-5m-5 5 5 5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        )}
        <h1 title={title} className="min-w-32 flex-1 truncate text-lg font-semibold text-slate-900">
          {title}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          {exportPath && <ExportMenu path={exportPath} search={search} newTab onResult={onExportResult ?? ((r) => show(r.msg, r.ok ? 'success' : 'error'))} />}
          {canCreate && (
            <button
              type="button"
              onClick={onCreate}
              className={`inline-flex h-9 items-center gap-1.5 rounded-md bg-teal-700 px-3.5 text-sm font-medium text-white shadow-sm hover:bg-teal-800 ${FOCUS} focus-visible:ring-offset-2`}
            >
              <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" className="size-4" aria-hidden="true">
                <path d="M10 4v12M4 10h12" strokeLinecap="round" />
              </svg>
              Nuevo
            </button>
          )}
        </div>
      </div>
      <div role="search" className="flex flex-wrap items-center gap-2">
        <SearchBox value={query} placeholder={searchPlaceholder} onApply={applyQuery} />
        {phone ? (
          hasFilters && (
            <button
              type="button"
              onClick={() => setSheet(true)}
              aria-label={count > 0 ? `Filtros (${count} activos)` : 'Filtros'}
              className={`inline-flex h-11 shrink-0 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm ${FOCUS}`}
            >
              <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-4" aria-hidden="true">
                <path d="M3 5h14M6 10h8M8.5 15h3" strokeLinecap="round" />
              </svg>
              Filtros
              {count > 0 && <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-teal-700 px-1.5 text-xs font-semibold text-white">{count}</span>}
            </button>
          )
        ) : (
          filterControls
        )}
      </div>
      {phone && hasFilters && (
        <DialogFrame open={sheet} onClose={() => setSheet(false)} size="md">
          <DialogHeader title="Filtros" subtitle={title} onClose={() => setSheet(false)} />
          <div className="flex flex-col gap-4 px-5 py-4 [&>*]:w-full!">{filterControls}</div>
          <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">
            <button
              type="button"
              onClick={() => setSheet(false)}
              className={`inline-flex h-11 items-center rounded-md bg-teal-700 px-4 text-sm font-medium text-white shadow-sm hover:bg-teal-800 ${FOCUS}`}
            >
              Ver resultados
            </button>
          </div>
        </DialogFrame>
      )}
    </div>
  );
}
