import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, useEffect, useId, useState, type ReactNode } from 'react';
import { formatNumber } from '@shared/money';
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
};

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
};

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
  rowKey,
  label,
}: DataTableProps<Row>) {
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
  const th = 'sticky top-0 z-10 h-10 whitespace-nowrap border-b border-slate-200 bg-slate-50 px-3 text-xs font-semibold text-slate-600';

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
      <tr key={i} className="h-11 *:border-b *:border-slate-100" aria-hidden="true">
        {selectable && <td />}
        {expand && <td />}
        {columns.map((col, j) => (
          <td key={col.key} className="px-3">
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
          No hay contenido para mostrar.
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
          <tr className={`h-11 *:border-b *:border-slate-100 hover:bg-slate-50/70 ${isProtected ? 'bg-slate-50 italic' : ''} ${selectable?.selected.has(key) ? 'bg-teal-50/60' : ''}`}>
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
                <button
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={isOpen ? detail : undefined}
                  aria-label={isOpen ? 'Ocultar detalle' : 'Ver detalle'}
                  onClick={() => toggleExpanded(key)}
                  className={`inline-flex size-7 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 ${FOCUS}`}
                >
                  <Chevron className={`size-4 transition-transform ${isOpen ? 'rotate-90' : 'rtl:-scale-x-100'}`} />
                </button>
              </td>
            )}
            {columns.map((col, c) => (
              <td key={col.key} className={`whitespace-nowrap px-3 text-sm text-slate-700 ${ALIGN[col.align ?? 'left']}`}>
                {c === 0 && row.estado === 0 ? (
                  <span className="inline-flex items-center gap-2">
                    <BlockedIcon />
                    {col.render ? col.render(row) : cellText(row, col.key)}
                  </span>
                ) : col.render ? (
                  col.render(row)
                ) : (
                  cellText(row, col.key)
                )}
              </td>
            ))}
            {rowMenu && <td className="w-12 pe-2 ps-1 text-end">{isProtected ? null : <RowMenu items={rowMenu(row)} />}</td>}
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

  return (
    <div className="relative overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {query.isFetching && (
        <div role="progressbar" aria-label="Cargando" className="absolute inset-x-0 top-0 z-20 h-0.5 overflow-hidden bg-teal-100">
          <div className="h-full w-full animate-pulse bg-teal-600" />
        </div>
      )}
      <div className="max-h-[70vh] overflow-auto">
        <table className="min-w-full border-separate border-spacing-0" aria-label={label} aria-busy={query.isFetching}>
          <thead>
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
                    className={`${th} ${ALIGN[align]}`}
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
                <th scope="col" className={`${th} w-12`}>
                  <span className="sr-only">Acciones</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 border-t border-slate-200 px-3 py-2 text-sm text-slate-600">
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
            className={`inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 disabled:pointer-events-none disabled:opacity-40 ${FOCUS}`}
          >
            <Chevron className="size-5 -scale-x-100 rtl:scale-x-100" />
          </button>
          <button
            type="button"
            aria-label="Página siguiente"
            disabled={page >= lastPage}
            onClick={() => setSearch({ page: page + 1 })}
            className={`inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 disabled:pointer-events-none disabled:opacity-40 ${FOCUS}`}
          >
            <Chevron className="size-5 rtl:-scale-x-100" />
          </button>
        </span>
      </div>
    </div>
  );
}
