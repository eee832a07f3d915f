import type { ReactNode } from 'react';
import { FigureLink } from './figures';
import { FormulaHeader } from './FormulaHeader';

type Props = {
  /** The header of the first column, which names each row. */
  first: string;
  /** The figure columns, each with its formula on its header. */
  columns: readonly { key: string; label: string; formula: string }[];
  /** The first column stays in view while a wide table scrolls. */
  sticky?: boolean;
  caption?: ReactNode;
  /** The rows (FigureRow). */
  children: ReactNode;
  /** A totals row in a tfoot. */
  footer?: ReactNode;
};

/** A KPI table: a first column that names each row, then one column of figures per KPI with its
 * formula on the header (FormulaHeader). */
export function FigureTable({ first, columns, sticky, caption, children, footer }: Props) {
  return (
    <table className="min-w-full text-sm">
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead className="bg-slate-50">
        <tr>
          <th scope="col" className={`${sticky ? 'sticky start-0 z-10 bg-slate-50 ' : ''}px-3 py-2 text-left font-semibold text-slate-700`}>
            {first}
          </th>
          {columns.map((c) => (
            <FormulaHeader key={c.key} label={c.label} formula={c.formula} />
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">{children}</tbody>
      {footer}
    </table>
  );
}

/** One row of a FigureTable: its name (and a second line) as the row header, then its cells. */
export function FigureRow({ sticky, head, children }: { sticky?: boolean; head: ReactNode; children: ReactNode }) {
  return (
    <tr className="hover:bg-slate-50">
      <th scope="row" className={`${sticky ? 'sticky start-0 bg-white ' : ''}px-3 py-2 text-left font-medium text-slate-900`}>
        {head}
      </th>
      {children}
    </tr>
  );
}

/** A figure cell that opens the records the figure was computed from. */
export function FigureCell({ to, label, text }: { to: { to: string; search: Record<string, unknown> }; label: string; text: string }) {
  return (
    <td className="whitespace-nowrap px-3 py-2 text-right">
      <FigureLink to={to} label={label}>
        {text}
      </FigureLink>
    </td>
  );
}
