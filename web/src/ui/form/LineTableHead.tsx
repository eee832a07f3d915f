/** A line table's column heading style (the work order's lines, a request's products). */
const LINE_TH = 'px-2 py-2 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase';

export type LineColumn = { label: string; required?: boolean; width?: string };

/** The head of an editable line table: the line number, the columns (a red '*' after a required
 * one) and the remove button's column, named for screen readers only; hidden under 640 px, where
 * each line is a card whose cells carry their own labels. `nowrap` keeps each heading on one line. */
export function LineTableHead({ number, columns, nowrap = false }: { number: string; columns: readonly LineColumn[]; nowrap?: boolean }) {
  const th = nowrap ? `${LINE_TH} whitespace-nowrap` : LINE_TH;
  return (
    <thead className="bg-slate-50 max-sm:hidden">
      <tr>
        <th scope="col" className={`${th} w-10`}>
          {number}
        </th>
        {columns.map((c) => (
          <th key={c.label} scope="col" className={`${th} ${c.width ?? ''}`}>
            {c.label}
            {c.required ? <span className="text-red-600"> *</span> : null}
          </th>
        ))}
        <th scope="col" className={`${th} w-12`}>
          <span className="sr-only">Acciones</span>
        </th>
      </tr>
    </thead>
  );
}
