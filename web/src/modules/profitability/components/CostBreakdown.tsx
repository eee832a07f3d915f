import { breakdown, type ProfitRow } from '@shared/profitability';
import { formatAmountUp } from '@shared/report-format';
import { ROW_HEIGHT, type BarRow } from '../internal/profitBars';
import { HBarChart } from './HBarChart';

type Props = { row: ProfitRow; chart: 2 | 3; colors: { positivo: string; negativo: string; series: string[] }; onClose(): void };

/** Seed 002 §2: a donut slice's cost breakdown (MP, MC, MCD, insurance, amortization, general
 * expenses) as bars whose axis shortens at K and M, and the summary: total cost, billed amount and
 * profitability (green or red). */
export function CostBreakdown({ row, chart, colors, onClose }: Props) {
  const b = breakdown(row);
  const rows: BarRow[] = b.barras.map((x, i) => ({ clave: x.clave, nombre: x.nombre, values: [{ key: 'valor', label: x.nombre, value: x.valor, fill: colors.series[i % colors.series.length] }] }));
  const summary = [
    { label: 'Costo total', value: b.costo, tone: 'text-slate-900' },
    { label: 'Monto facturado', value: b.monto_facturado, tone: 'text-slate-900' },
    { label: 'Rentabilidad', value: b.rentabilidad_total, tone: b.rentabilidad_total < 0 ? 'text-red-700' : 'text-green-700' },
  ];
  return (
    <section aria-labelledby="desglose-title" className="mt-4 border-t border-slate-200 pt-4" data-testid="desglose">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id="desglose-title" className="text-base font-semibold text-slate-900">
          Desglose de costos: {row.nombre}
        </h3>
        <button type="button" onClick={onClose} className="rounded-md px-2 py-1 text-sm font-medium text-teal-800 underline hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:outline-none">
          Cerrar desglose
        </button>
      </div>
      <dl className="mb-4 grid gap-2 sm:grid-cols-3">
        {summary.map((s) => (
          <div key={s.label} className="rounded-md border border-slate-200 px-3 py-2">
            <dt className="text-xs text-slate-600">{s.label}</dt>
            <dd className={`text-lg font-semibold tabular-nums ${s.tone}`}>{formatAmountUp(s.value)}</dd>
          </div>
        ))}
      </dl>
      <HBarChart rows={rows} rowHeight={ROW_HEIGHT[chart]} visibleRows={null} label={`Desglose de costos de ${row.nombre}`} chart="desglose" />
    </section>
  );
}
