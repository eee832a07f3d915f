import { useId, type ReactNode } from 'react';

type Props = {
  title: string;
  /** Rows in the table; 0 shows 'Sin items...'. */
  count: number;
  onAdd(): void;
  /** Locked (closed or cancelled order, parts attended): no 'Agregar'. */
  locked: boolean;
  /** Above the table (the parts' state labels). */
  notice?: ReactNode;
  children: ReactNode;
};

/** One of the four line tables of the form (seed 001 §2): a titled region with 'Agregar', the rows,
 * and 'Sin items...' while empty. */
export function LineSection({ title, count, onAdd, locked, notice, children }: Props) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-4 py-3">
        <h2 id={id} className="flex-1 text-sm font-semibold tracking-wide text-slate-800 uppercase">
          {title}
          <span className="ms-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 normal-case">{count}</span>
        </h2>
        {!locked ? (
          <button
            type="button"
            onClick={onAdd}
            aria-label={`Agregar fila en ${title}`}
            className="inline-flex h-8 items-center gap-1.5 rounded-md bg-white px-3 text-sm font-medium text-teal-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
          >
            <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" className="size-4" aria-hidden="true">
              <path d="M10 4v12M4 10h12" strokeLinecap="round" />
            </svg>
            Agregar
          </button>
        ) : null}
      </div>
      {notice}
      {count === 0 ? <p className="px-4 py-6 text-center text-sm text-slate-500">Sin items...</p> : children}
    </section>
  );
}
