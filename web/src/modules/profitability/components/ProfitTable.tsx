import { formatNumber } from '@shared/money';
import { firstColumn, PROFIT_COLUMNS, tabColumns, tabRows, totalRow, type ProfitChart, type ProfitRow, type ProfitTab, type TabRow } from '@shared/profitability';
import { formatAmountUp, formatHours, formatPercent } from '@shared/report-format';
import { FormulaHeader } from '../../kpis/components/FormulaHeader';

/** One cell as the report shows it (seed 002 §5, §9): amounts 'S/ 1,234.57' rounded up, a missing
 * per-hour figure as S/ 0.00, percentages with two decimals and '0.00%' when missing, hours with
 * 'h', the count of machines as a whole number. */
function cell(key: string, value: number | string | null | undefined): string {
  if (key === 'porcentaje_rentabilidad') return formatPercent(value);
  if (key === 'cantidad_equipos') return formatNumber(value ?? 0, 0);
  if (key === 'horas_calculadas') return formatHours(value ?? 0);
  return formatAmountUp(value ?? 0);
}

const SIGNED = new Set(['rentabilidad_total', 'porcentaje_rentabilidad', 'costo_rentabilidad_hora']);
const tone = (key: string, value: unknown) => (SIGNED.has(key) && typeof value === 'number' ? (value < 0 ? 'text-red-700' : value > 0 ? 'text-green-700' : '') : '');

/** The table of a tab, re-derived in the browser from the chart's rows (shared/profitability.ts
 * tabRows, totalRow: no new request), each header showing its formula; the TOTAL row's figures
 * are rounded up and its percentage cell is left empty (seed 002 §5). */
export function ProfitTable({ rows, chart, tab }: { rows: ProfitRow[]; chart: ProfitChart; tab: ProfitTab }) {
  const cols = tabColumns(chart, tab);
  const body = tabRows(rows, chart, tab);
  const total = totalRow(rows, chart, tab);
  const first = PROFIT_COLUMNS[firstColumn(chart)].label;
  const line = (r: TabRow, head: boolean) => (
    <tr key={r.clave} className={head ? '' : 'hover:bg-slate-50'}>
      <th scope="row" className={`sticky start-0 px-3 py-2 text-left font-medium whitespace-nowrap text-slate-900 ${head ? 'bg-slate-50' : 'bg-white'}`}>
        {r.nombre}
      </th>
      {cols.map((c) => (
        <td key={c} className={`px-3 py-2 text-right whitespace-nowrap tabular-nums ${tone(c, r[c])}`} data-col={c}>
          {head && c === 'porcentaje_rentabilidad' ? '' : cell(c, r[c])}
        </td>
      ))}
    </tr>
  );
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm" aria-label="Resultados" data-testid="tabla-rentabilidad">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="sticky start-0 bg-slate-50 px-3 py-2 text-left font-semibold text-slate-700">
              {first}
            </th>
            {cols.map((c) => (
              <FormulaHeader key={c} label={PROFIT_COLUMNS[c]?.label ?? c} formula={PROFIT_COLUMNS[c]?.formula ?? ''} />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{body.map((r) => line(r, false))}</tbody>
        <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold">{line(total, true)}</tfoot>
      </table>
    </div>
  );
}
