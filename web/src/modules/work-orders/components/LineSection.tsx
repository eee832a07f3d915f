import { useId, type ReactNode } from 'react';
import { AddRowButton } from '../../../ui/form/AddRowButton';

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
          <AddRowButton label={`Agregar fila en ${title}`} onClick={onAdd} />
        ) : null}
      </div>
      {notice}
      {count === 0 ? <p className="px-4 py-6 text-center text-sm text-slate-500">Sin items...</p> : children}
    </section>
  );
}
