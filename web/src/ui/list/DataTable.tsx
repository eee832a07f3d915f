import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, isValidElement, useEffect, useId, useState, type ReactNode } from 'react';
import { formatNumber } from '@shared/money';
import { useMediaQuery } from '../../shell/useMediaQuery';
import type { ListPage } from '../resource/defineResource';
import type { ListSearch, SetSearch } from './listSearch';
import { PAGE_SIZES, rememberPageSize, rememberedPageSize } from './pageSize';
import { RowMenu, type RowMenuItem } from './RowMenu';

export type { RowMenuItem };

/** A column. `align` is logical: 'left' is the start side and 'right' the end side, so the table mirrors in RTL.
 * Without `render` the cell shows `row[key]` when it is text or a number. */
export type DataTableColumn<Row> = {
  key: string;
  label: string;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  render?: (row: Row) => ReactNode;
  width?: string;
  /** Left out of the table below this breakpoint (the widest, least read columns; the card and the
   * row's detail still show them). */
  hideBelow?: 'md' | 'lg' | 'xl' | '2xl';
};

/** What a row shows as a card on a phone (< 640 px), by column key. Defaults: `chip` is the
 * 'estado' column, `title` the first other column (past the id when there are more), `fields` the
 * next two columns; no subtitle. */
export type DataTableCard = { title?: string; subtitle?: string; chip?: string; fields?: string[] };

type RowKey = string | number;

export type DataTableProps<Row> = {
  columns: DataTableColumn<Row>[];
  /** The useList result; only these fields are read. */
  query: Pick<UseQueryResult<ListPage<Row>>, 'data' | 'error' | 'isPending' | 'isFetching' | 'isError' | 'isPlaceholderData' | 'refetch'>;
  search: ListSearch;
  setSearch: SetSearch;
  /** Row actions; the caller leaves out (or hides) the ones the user has no right to. */
  rowMenu?: (row: Row) => RowMenuItem[];
  /** Detail shown under a row, opened with a chevron. */
  expand?: (row: Row) => ReactNode;
  selectable?: { selected: Set<RowKey>; onChange(next: Set<RowKey>): void };
  rowKey?: (row: Row) => RowKey;
  /** Accessible name of the table (e.g. the module title). */
  label?: string;
  /** The card of a row on a phone. */
  card?: DataTableCard;
  /** What tapping a card does (opening the record). Default: the row menu's 'Editar' / 'Ver'
   * entry when it has one, else the row's detail when there is one, else nothing. */
  onOpen?: (row: Row) => void;
  /** What an empty list says (default 'No hay contenido para mostrar.'). */
  empty?: ReactNode;
};

/** Phones: lists turn into cards below Tailwind's `sm`. */
export const PHONE_QUERY = '(max-width: 639.98px)';

/** Row-menu entries that open the record itself (not an action on it). */
const OPENS = /^(editar|ver|ver pedido|atender pedido|abrir)$/i;

const HIDE = { md: 'hidden md:table-cell', lg: 'hidden lg:table-cell', xl: 'hidden xl:table-cell', '2xl': 'hidden 2xl:table-cell' } as const;

/** The card's parts from the columns (see DataTableCard). */
export function cardParts<Row>(columns: DataTableColumn<Row>[], card: DataTableCard = {}) {
  const byKey = (key: string | undefined) => columns.find((c) => c.key === key);
  const chip = card.chip !== undefined ? byKey(card.chip) : columns.find((c) => c.key === 'estado' || c.label === 'Estado');
  const rest = columns.filter((c) => c !== chip && !(c.key === 'id' && columns.length > 2));
  const title = byKey(card.title) ?? rest[0];
  const subtitle = byKey(card.subtitle);
  const fields = card.fields ? card.fields.flatMap((k) => byKey(k) ?? []) : rest.filter((c) => c !== title && c !== subtitle).slice(0, 2);
  return { title, subtitle, chip, fields };
}

const ALIGN = { left: 'text-start', right: 'text-end', center: 'text-center' } as const;
const JUSTIFY = { left: 'justify-start', right: 'justify-end', center: 'justify-center' } as const;
const FOCUS = 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600';
/** Skeleton rows on first load never exceed this, whatever the page size. */
const MAX_SKELETON_ROWS = 10;

/** A cell's text, or a dash when there is none. */
export const dash = (value: string | number | null | undefined): string | number => (value === null || value === undefined || value === '' ? '—' : value);

function cellText(row: object, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/** A cell's content: its render, else its text. Plain text stays on one line, cut with '…' past
 * 18 rem with the whole text as its title. */
function cellContent<Row>(col: DataTableColumn<Row>, row: Row): ReactNode {
  const content = col.render ? col.render(row) : cellText(row as object, col.key);
  if (typeof content === 'string' && content.length > 24) {
    return (
      <span className="block max-w-72 truncate" title={content}>
        {content}
      </span>
    );
  }
  return content;
}

/** A card's title: the row's own value when it is text (a code or a name, never the column's link
 * inside the card's button), else the column's render. */
function cardTitle<Row>(col: DataTableColumn<Row>, row: Row): ReactNode {
  const value = cellText(row as object, col.key);
  return value !== null && value !== '' ? value : col.render ? col.render(row) : dash(null);
}

/** A card's state: the column's chip, or its text in a neutral pill. */
function cardChip<Row>(col: DataTableColumn<Row>, row: Row): ReactNode {
  const content = col.render ? col.render(row) : cellText(row as object, col.key);
  if (isValidElement(content) || content === null || content === undefined) return content;
  return <span className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-500/20 ring-inset">{content}</span>;
}

function BlockedIcon() {
  return (
    <span title="Inactivo" className="inline-flex shrink-0 text-rose-600">
      <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" className="size-4" role="img" aria-label="Inactivo">
        <title>Inactivo</title>
        <circle cx="10" cy="10" r="7.5" />
        <path d="M4.7 4.7l10.6 10.6" strokeLinecap="round" />
      </svg>
    </span>
  );
}

function Chevron({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className={className}>
      <path fillRule="evenodd" d="M7.2 14.8a.75.75 0 0 1 0-1.06L10.94 10 7.2 6.26a.75.75 0 1 1 1.06-1.06l4.27 4.27a.75.75 0 0 1 0 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0Z" clipRule="evenodd" />
    </svg>
  );
}

/** The server-paged table of every list: sorting, paging and page size are written to the URL through
 * `setSearch`; the rows come from `query`. Rules: protected rows (`protected === 1`) are shaded and in italics (not faded: faded text fails AA contrast) and take no
 * actions (no menu, no selection); inactive rows (`estado === 0`) carry the blocked icon; while a page loads the
 * previous rows stay on screen under a progress bar. */
export function DataTable<Row extends { id?: number | string; estado?: number; protected?: number }>({
  columns,
  query,
  search,
  setSearch,
  rowMenu,
  expand,
  selectable,
  empty = 'No hay contenido para mostrar.',
  rowKey,
  label,
  card,
  onOpen,
}: DataTableProps<Row>) {
  const phone = useMediaQuery(PHONE_QUERY);
  const detailId = useId();
  const [expanded, setExpanded] = useState<Set<RowKey>>(() => new Set());
  const page = search.page ?? 1;
  const limit = search.limit ?? rememberedPageSize();
  const rows = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / limit));
  const keyOf = (row: Row, index: number): RowKey => rowKey?.(row) ?? row.id ?? index;
  const colCount = columns.length + (selectable ? 1 : 0) + (expand ? 1 : 0) + (rowMenu ? 1 : 0);

  // A page past the end (rows removed meanwhile, or an edited URL) moves to the last page that has rows.
  const beyondEnd = !!query.data && !query.isPlaceholderData && rows.length === 0 && total > 0 && page > lastPage;
  useEffect(() => {
    if (beyondEnd) setSearch({ page: lastPage }, { replace: true });
  }, [beyondEnd, lastPage, setSearch]);

  const sortBy = (key: string) => {
    const dir = search.order_col === key && search.order_dir !== 'desc' ? 'desc' : 'asc';
    setSearch({ order_col: key, order_dir: dir });
  };

  const toggleExpanded = (key: RowKey) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  // Select-all covers the selectable rows of this page only.
  const pageKeys = rows.flatMap((row, i) => (row.protected === 1 ? [] : [keyOf(row, i)]));
  const selectedOnPage = selectable ? pageKeys.filter((k) => selectable.selected.has(k)).length : 0;
  const allSelected = pageKeys.length > 0 && selectedOnPage === pageKeys.length;
  const toggleAll = () => {
    if (!selectable) return;
    const next = new Set(selectable.selected);
    for (const k of pageKeys) {
      if (allSelected) next.delete(k);
      else next.add(k);
    }
    selectable.onChange(next);
  };
  const toggleOne = (key: RowKey) => {
    if (!selectable) return;
    const next = new Set(selectable.selected);
    if (!next.delete(key)) next.add(key);
    selectable.onChange(next);
  };

  const sizes = PAGE_SIZES.includes(limit) ? PAGE_SIZES : [...PAGE_SIZES, limit].sort((a, b) => a - b);
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(page * limit, total);
  const th = 'sticky top-0 z-10 h-9 whitespace-nowrap border-b border-slate-200 bg-slate-50 px-2.5 text-xs font-semibold text-slate-600';
  const hide = (col: DataTableColumn<Row>) => (col.hideBelow ? HIDE[col.hideBelow] : '');

  let body: ReactNode;
  if (query.isError) {
    body = (
      <tr>
        <td colSpan={colCount} className="px-3 py-10 text-center">
          <p role="alert" className="text-sm text-rose-700">
            {query.error?.message}
          </p>
          <button
            type="button"
            onClick={() => void query.refetch()}
            className={`mt-3 inline-flex h-9 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 ${FOCUS}`}
          >
            Reintentar
          </button>
        </td>
      </tr>
    );
  } else if (query.isPending) {
    body = Array.from({ length: Math.min(limit, MAX_SKELETON_ROWS) }, (_, i) => (
      <tr key={i} className="h-8 *:border-b *:border-slate-100" aria-hidden="true">
        {selectable && <td />}
        {expand && <td />}
        {columns.map((col, j) => (
          <td key={col.key} className={`px-2.5 ${hide(col)}`}>
            <div className="h-3 animate-pulse rounded bg-slate-200" style={{ width: `${40 + ((i * 7 + j * 13) % 45)}%` }} />
          </td>
        ))}
        {rowMenu && <td />}
      </tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={colCount} className="px-3 py-10 text-center text-sm text-slate-500">
          {empty}
        </td>
      </tr>
    );
  } else {
    body = rows.map((row, index) => {
      const key = keyOf(row, index);
      const isProtected = row.protected === 1;
      const isOpen = expanded.has(key);
      const detail = `${detailId}-${String(key)}`;
      return (
        <Fragment key={key}>
          <tr className={`h-8 *:border-b *:border-slate-100 hover:bg-slate-50/70 ${isProtected ? 'bg-slate-50 italic' : ''} ${selectable?.selected.has(key) ? 'bg-teal-50/60' : ''}`}>
            {selectable && (
              <td className="w-10 ps-3 pe-1">
                <input
                  type="checkbox"
                  aria-label="Seleccionar fila"
                  disabled={isProtected}
                  checked={selectable.selected.has(key)}
                  onChange={() => toggleOne(key)}
                  className={`size-4 rounded accent-teal-700 disabled:cursor-not-allowed ${FOCUS}`}
                />
              </td>
            )}
            {expand && (
              <td className="w-10 ps-2 pe-0">
                <ExpandToggle open={isOpen} controls={detail} onToggle={() => toggleExpanded(key)} className={`size-6 rounded-md hover:bg-slate-100 hover:text-slate-800 ${FOCUS}`} icon="size-4" />
              </td>
            )}
            {columns.map((col, c) => (
              <td key={col.key} className={`whitespace-nowrap px-2.5 py-1 text-sm text-slate-700 ${ALIGN[col.align ?? 'left']} ${hide(col)}`}>
                {c === 0 && row.estado === 0 ? (
                  <span className="inline-flex items-center gap-2">
                    <BlockedIcon />
                    {cellContent(col, row)}
                  </span>
                ) : (
                  cellContent(col, row)
                )}
              </td>
            ))}
            {rowMenu && <td className="w-10 pe-1.5 ps-1 text-end">{isProtected ? null : <RowMenu items={rowMenu(row)} compact />}</td>}
          </tr>
          {expand && isOpen && (
            <tr id={detail} className="bg-slate-50/60 *:border-b *:border-slate-100">
              <td colSpan={colCount} className="px-4 py-3 text-sm text-slate-700">
                {expand(row)}
              </td>
            </tr>
          )}
        </Fragment>
      );
    });
  }

  // Phones: one card per row (the record's code, its state, two fields), the whole card a button
  // that opens the record; the row menu and the detail toggle sit beside it, 44 px targets.
  const parts = cardParts(columns, card);
  const openOf = (row: Row): (() => void) | undefined => {
    if (onOpen) return () => onOpen(row);
    const item = rowMenu?.(row).find((i) => !i.hidden && OPENS.test(i.label));
    if (item) return item.onClick;
    return expand ? () => toggleExpanded(keyOf(row, rows.indexOf(row))) : undefined;
  };
  let cardList: ReactNode = null;
  if (phone && !query.isError && !query.isPending && rows.length > 0) {
    cardList = (
      <ul aria-label={label} aria-busy={query.isFetching} className="divide-y divide-slate-100">
        {rows.map((row, index) => {
          const key = keyOf(row, index);
          const isProtected = row.protected === 1;
          const isOpen = expanded.has(key);
          const detail = `${detailId}-${String(key)}`;
          const open = isProtected ? undefined : openOf(row);
          const content = (
            <>
              <span className="flex min-w-0 items-center gap-2">
                {row.estado === 0 && <BlockedIcon />}
                <span className="min-w-0 truncate font-medium text-slate-900">{parts.title ? cardTitle(parts.title, row) : null}</span>
                {parts.chip && <span className="ms-auto shrink-0">{cardChip(parts.chip, row)}</span>}
              </span>
              {parts.subtitle && <span className="block truncate text-sm text-slate-600">{cellContent(parts.subtitle, row)}</span>}
              {parts.fields.length > 0 && (
                <span className="mt-0.5 flex min-w-0 flex-wrap gap-x-3 text-xs text-slate-600">
                  {parts.fields.map((f) => (
                    <span key={f.key} className="flex min-w-0 max-w-full items-baseline gap-1">
                      <span className="shrink-0 text-slate-500">{f.label}:</span>
                      <span className="min-w-0 truncate [&_*]:truncate">{cellContent(f, row)}</span>
                    </span>
                  ))}
                </span>
              )}
            </>
          );
          const body = 'flex min-h-14 min-w-0 flex-1 flex-col justify-center gap-0.5 px-3 py-2 text-start text-sm';
          return (
            <li key={key} data-protected={isProtected || undefined} className={`${isProtected ? 'bg-slate-50 italic' : ''} ${selectable?.selected.has(key) ? 'bg-teal-50/60' : ''}`}>
              <div className="flex items-stretch">
                {selectable && (
                  <label className="flex shrink-0 items-center ps-3">
                    <span className="sr-only">Seleccionar fila</span>
                    <input
                      type="checkbox"
                      disabled={isProtected}
                      checked={selectable.selected.has(key)}
                      onChange={() => toggleOne(key)}
                      className={`size-5 rounded accent-teal-700 disabled:cursor-not-allowed ${FOCUS}`}
                    />
                  </label>
                )}
                {open ? (
                  <button type="button" onClick={open} className={`${body} active:bg-slate-100 ${FOCUS} focus-visible:ring-inset`}>
                    {content}
                  </button>
                ) : (
                  <div className={body}>{content}</div>
                )}
                {expand && (
                  <ExpandToggle open={isOpen} controls={detail} onToggle={() => toggleExpanded(key)} className={`w-11 shrink-0 ${FOCUS} focus-visible:ring-inset`} icon="size-5" />
                )}
                {rowMenu && <span className="flex w-11 shrink-0 items-center justify-center">{isProtected ? null : <RowMenu items={rowMenu(row)} touch />}</span>}
              </div>
              {expand && isOpen && (
                <div id={detail} className="overflow-x-auto bg-slate-50/60 px-3 py-3 text-sm text-slate-700">
                  {expand(row)}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="relative overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {query.isFetching && (
        <div role="progressbar" aria-label="Cargando" className="absolute inset-x-0 top-0 z-20 h-0.5 overflow-hidden bg-teal-100">
          <div className="h-full w-full animate-pulse bg-teal-600" />
        </div>
      )}
      {cardList ?? (
        <div className={phone ? 'overflow-x-auto' : 'max-h-[70vh] overflow-auto'}>
          <table className="min-w-full border-separate border-spacing-0" aria-label={label} aria-busy={query.isFetching}>
            {/* A phone shows its rows as cards: the table remains only for loading, empty and error, without headers. */}
            <thead className={phone ? 'sr-only' : undefined}>
              <tr>
                {selectable && (
                  <th scope="col" className={`${th} w-10 ps-3 pe-1 text-start`}>
                    <input
                      type="checkbox"
                      aria-label="Seleccionar todas las filas de la página"
                      disabled={pageKeys.length === 0}
                      checked={allSelected}
                      ref={(el) => {
                        if (el) el.indeterminate = selectedOnPage > 0 && !allSelected;
                      }}
                      onChange={toggleAll}
                      className={`size-4 rounded accent-teal-700 ${FOCUS}`}
                    />
                  </th>
                )}
                {expand && (
                  <th scope="col" className={`${th} w-10`}>
                    <span className="sr-only">Detalle</span>
                  </th>
                )}
                {columns.map((col) => {
                  const align = col.align ?? 'left';
                  const active = col.sortable && search.order_col === col.key;
                  const dir = active ? (search.order_dir === 'desc' ? 'desc' : 'asc') : undefined;
                  return (
                    <th
                      key={col.key}
                      scope="col"
                      style={col.width ? { width: col.width } : undefined}
                      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                      className={`${th} ${ALIGN[align]} ${hide(col)}`}
                    >
                      {col.sortable ? (
                        <button
                          type="button"
                          onClick={() => sortBy(col.key)}
                          className={`group inline-flex w-full items-center gap-1 rounded-sm ${JUSTIFY[align]} ${active ? 'text-slate-900' : ''} hover:text-slate-900 ${FOCUS}`}
                        >
                          {col.label}
                          <span aria-hidden="true" className={`text-[10px] ${active ? 'text-teal-700' : 'text-slate-400 opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100'}`}>
                            {dir === 'desc' ? '▼' : '▲'}
                          </span>
                        </button>
                      ) : (
                        col.label
                      )}
                    </th>
                  );
                })}
                {rowMenu && (
                  <th scope="col" className={`${th} w-10`}>
                    <span className="sr-only">Acciones</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>{body}</tbody>
          </table>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 border-t border-slate-200 px-3 py-1.5 text-sm text-slate-600">
        <label className="inline-flex items-center gap-2">
          Filas por página
          <select
            value={limit}
            onChange={(e) => {
              const n = Number(e.target.value);
              rememberPageSize(n);
              setSearch({ limit: n });
            }}
            className={`h-8 rounded-md border border-slate-300 bg-white ps-2 pe-7 text-sm text-slate-800 ${FOCUS}`}
          >
            {sizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <span aria-live="polite" className="min-w-20 text-center tabular-nums">
          {query.data && (
            <bdi>
              {formatNumber(first, 0)}–{formatNumber(last, 0)} de {formatNumber(total, 0)}
            </bdi>
          )}
        </span>
        <span className="inline-flex items-center gap-1">
          <button
            type="button"
            aria-label="Página anterior"
            disabled={page <= 1}
            onClick={() => setSearch({ page: page - 1 })}
            className={`inline-flex size-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 sm:size-8 disabled:pointer-events-none disabled:opacity-40 ${FOCUS}`}
          >
            <Chevron className="size-5 -scale-x-100 rtl:scale-x-100" />
          </button>
          <button
            type="button"
            aria-label="Página siguiente"
            disabled={page >= lastPage}
            onClick={() => setSearch({ page: page + 1 })}
            className={`inline-flex size-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 sm:size-8 disabled:pointer-events-none disabled:opacity-40 ${FOCUS}`}
          >
            <Chevron className="size-5 rtl:-scale-x-100" />
          </button>
        </span>
      </div>
    </div>
  );
}

/** A row's 'Ver detalle' / 'Ocultar detalle' button (table row and card), pointing at the detail
 * it opens. */
function ExpandToggle({ open, controls, onToggle, className, icon }: { open: boolean; controls: string; onToggle(): void; className: string; icon: string }) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      aria-label={open ? 'Ocultar detalle' : 'Ver detalle'}
      onClick={onToggle}
      className={`inline-flex items-center justify-center text-slate-500 ${className}`}
    >
      <Chevron className={`${icon} transition-transform ${open ? 'rotate-90' : 'rtl:-scale-x-100'}`} />
    </button>
  );
}
