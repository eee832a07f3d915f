import { formatNumber } from '@shared/money';
import { SERIES, type Series } from '../internal/ganttBars';
import { SERIES_LOOK } from './seriesLook';

/** Seed 002 §2, §9: the total minimum, average and maximum time in hours with 2 decimals; each card
 * switches its bars on and off (aria-pressed), and the last one on stays on (§4). */
export function SummaryCards({ totals, shown, onToggle }: { totals: Record<Series, number>; shown: Series[]; onToggle(series: Series): void }) {
  return (
    <div role="group" aria-label="Tiempos totales" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {SERIES.map((s) => {
        const on = shown.includes(s);
        const last = on && shown.length === 1;
        return (
          <button
            key={s}
            type="button"
            aria-pressed={on}
            data-series={s}
            title={last ? 'Debe quedar al menos una opción de visualización' : on ? 'Ocultar sus barras' : 'Mostrar sus barras'}
            onClick={() => onToggle(s)}
            className={`flex flex-col items-start rounded-lg border-s-4 p-3 text-start shadow-sm ring-1 ring-slate-200 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none ${on ? SERIES_LOOK[s].card : 'border-slate-300 bg-white opacity-75'}`}
          >
            <span className="flex items-center gap-2 text-sm font-medium text-slate-700">
              <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ background: on ? SERIES_LOOK[s].fill : '#cbd5e1' }} />
              {SERIES_LOOK[s].label}
            </span>
            <span className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{formatNumber(totals[s])} h</span>
            <span className="text-xs text-slate-600">Tiempo total {on ? '' : '(oculto)'}</span>
          </button>
        );
      })}
    </div>
  );
}
