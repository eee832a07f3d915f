import type { MilestoneStats } from '@shared/contracts/traceability';
import { formatNumber } from '@shared/money';

/** The columns of the table behind the chart (its export: GET /trazabilidad/getInfoLTAll/export). */
const STATS_COLUMNS = ['N°', 'Hito', 'OTs', 'Mínimo (h)', 'Promedio (h)', 'Mediana (h)', 'P90 (h)', 'Máximo (h)'] as const;

const NUM = 'px-3 py-1.5 text-end tabular-nums whitespace-nowrap';

/** The figures behind the Gantt, one row per milestone (beyond the seed: the median and the 90th
 * percentile, the orders that reached each one, the bottleneck marked). It scrolls sideways inside
 * its own focusable box on a phone. */
export function StatsTable({ items, cuello }: { items: MilestoneStats[]; cuello: string | null }) {
  return (
    <div tabIndex={0} role="region" aria-label="Tiempos por hito (tabla)" className="overflow-x-auto rounded-md border border-slate-200 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none">
      <table className="min-w-full text-sm" aria-label="Tiempos por hito">
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            {STATS_COLUMNS.map((c, i) => (
              <th key={c} scope="col" className={`whitespace-nowrap px-3 py-2 font-semibold ${i === 1 ? 'text-start' : 'text-end'}`}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((m) => {
            const hot = m.id === cuello;
            return (
              <tr key={m.id} className={hot ? 'bg-amber-50' : undefined}>
                <td className={NUM}>{m.n}</td>
                <th scope="row" className="min-w-56 px-3 py-1.5 text-start font-normal text-slate-900">
                  <span className={hot ? 'font-semibold' : undefined}>{m.nombre}</span>
                  {hot ? <span className="ms-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-900">Mayor demora</span> : null}
                </th>
                <td className={NUM}>{m.conteo}</td>
                <td className={NUM}>{formatNumber(m.data.min)}</td>
                <td className={NUM}>{formatNumber(m.data.promedio)}</td>
                <td className={NUM}>{formatNumber(m.data.mediana)}</td>
                <td className={NUM}>{formatNumber(m.data.p90)}</td>
                <td className={NUM}>{formatNumber(m.data.max)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
