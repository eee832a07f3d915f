import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RetryLine } from '../dialogs/LoadState';

/** `className`: the cell's own classes instead of the default text colour (`text-slate-700`). */
export type SubColumn<Row> = { key: string; label: string; align?: 'left' | 'right'; className?: string; render(row: Row): ReactNode };

/** The rows as read (with the loading, failure and empty states), or rows already in hand. */
type Source<Row> = { query: UseQueryResult<Row[], Error>; rows?: undefined } | { rows: Row[]; query?: undefined };

type Props<Row> = Source<Row> & {
  title: string;
  columns: SubColumn<Row>[];
  rowKey(row: Row, index: number): string | number;
  /** A last row (totals), shown only when there are rows. */
  footer?: ReactNode;
  /** Accessible name of the table. */
  label: string;
  /** Long tables scroll inside this height (a CSS length), header and footer kept in view. */
  maxHeight?: string;
};

/** A small read-only table inside an expanded row or a dialog. Rules: 'Cargando...' while loading;
 * the server's message and 'Reintentar' on failure; 'Sin items...' when empty (seed 001 §8). */
export function SubTable<Row>({ title, query, rows = query?.data ?? [], columns, rowKey, footer, label, maxHeight }: Props<Row>) {
  const align = (a?: 'left' | 'right') => (a === 'right' ? 'text-end' : 'text-start');
  return (
    <section className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold text-slate-800">{title}</h3>
      {query?.isPending ? (
        <p className="text-sm text-slate-500">Cargando...</p>
      ) : query?.isError ? (
        <RetryLine message={query.error.message} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">Sin items...</p>
      ) : (
        // A scrolling box takes focus so keyboard users can scroll it (axe scrollable-region-focusable).
        <div tabIndex={maxHeight ? 0 : undefined} role={maxHeight ? 'region' : undefined} aria-label={maxHeight ? label : undefined} className="overflow-auto rounded-md border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none" style={maxHeight ? { maxHeight } : undefined}>
          <table className="min-w-full text-sm" aria-label={label}>
            <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600">
              <tr>
                {columns.map((c) => (
                  <th key={c.key} scope="col" className={`whitespace-nowrap px-3 py-2 font-semibold ${align(c.align)}`}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row, i) => (
                <tr key={rowKey(row, i)}>
                  {columns.map((c) => (
                    <td key={c.key} className={`px-3 py-1.5 align-top ${c.className ?? 'text-slate-700'} ${align(c.align)}`}>
                      {c.render(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            {footer ? <tfoot className="sticky bottom-0 border-t border-slate-200 bg-slate-50 font-semibold text-slate-800">{footer}</tfoot> : null}
          </table>
        </div>
      )}
    </section>
  );
}
