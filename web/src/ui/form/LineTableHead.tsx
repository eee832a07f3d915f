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

/** A row of an editable line table: under 640 px a card of two columns (each table adds its own
 * extras: a background, which cells span both columns). */
export const LINE_ROW = 'border-t border-slate-100 max-sm:relative max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:p-3 max-sm:shadow-sm';

/** The line's number, the first cell of its row; on a card it reads 'Línea n' (`wide`: across both
 * of the card's columns). */
export function LineNumberCell({ n, wide = false }: { n: number; wide?: boolean }) {
  return (
    <td className={`px-2 py-3 align-top text-slate-500 tabular-nums ${wide ? 'max-sm:col-span-2 ' : ''}max-sm:flex max-sm:h-9 max-sm:items-center max-sm:font-medium`}>
      <span className="sm:hidden">Línea&nbsp;</span>
      {n}
    </td>
  );
}
