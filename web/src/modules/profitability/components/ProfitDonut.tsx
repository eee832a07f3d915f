import { Group } from '@visx/group';
import { Pie } from '@visx/shape';
import { formatAmountUp, formatAxis, formatPercent } from '@shared/report-format';
import type { ProfitRow } from '@shared/profitability';
import { useElementWidth } from '../../../ui/chart/useElementWidth';
import { DONUT } from '../internal/profitBars';

type Props = {
  /** The items with positive profitability (shared/profitability.ts donutItems). */
  rows: ProfitRow[];
  selected: string | undefined;
  onSelect(clave: string): void;
  series: string[];
  /** 'subgrupo' or 'obra', for the names. */
  itemName: string;
};

/** Seed 002 §2, §9: the donut of charts 2 and 3 (inner radius 80, outer 120, height 400), one
 * slice per item with positive profitability; a slice, or its legend button (the keyboard's way),
 * opens the item's cost breakdown. */
export function ProfitDonut({ rows, selected, onSelect, series, itemName }: Props) {
  const { ref, width } = useElementWidth<HTMLDivElement>(400);
  const w = Math.max(Math.min(width, 400), 2 * DONUT.outer + 8);
  const total = rows.reduce((a, r) => a + r.rentabilidad_total, 0);
  const fill = (i: number) => series[i % series.length];
  return (
    <div className="flex flex-col items-center gap-4">
      <div ref={ref} className="w-full max-w-[400px] shrink-0">
        <svg width={w} height={DONUT.height} role="img" aria-label={`Rentabilidad positiva por ${itemName}: ${rows.length} elementos`} data-chart="dona">
          <Group top={DONUT.height / 2} left={w / 2}>
            <Pie data={rows} pieValue={(r) => r.rentabilidad_total} innerRadius={DONUT.inner} outerRadius={DONUT.outer} padAngle={rows.length > 1 ? 0.01 : 0}>
              {(pie) =>
                pie.arcs.map((arc, i) => {
                  const on = arc.data.clave === selected;
                  return (
                    <path
                      key={arc.data.clave}
                      d={pie.path(arc) ?? ''}
                      fill={fill(i)}
                      stroke={on ? '#0f172a' : '#ffffff'}
                      strokeWidth={on ? 3 : 1}
                      className="cursor-pointer"
                      data-slice={arc.data.clave}
                      onClick={() => onSelect(arc.data.clave)}
                    >
                      <title>{`${arc.data.nombre}: ${formatAmountUp(arc.data.rentabilidad_total)}`}</title>
                    </path>
                  );
                })
              }
            </Pie>
            <text textAnchor="middle" dy="-0.4em" fontSize={12} fill="#475569">
              Rentabilidad
            </text>
            <text textAnchor="middle" dy="1.1em" fontSize={18} fontWeight={600} fill="#0f172a">
              {formatAxis(total)}
            </text>
          </Group>
        </svg>
      </div>
      <ul aria-label="Elementos de la dona" className="flex w-full max-w-xl min-w-0 flex-col gap-1 text-sm">
        {rows.map((r, i) => {
          const on = r.clave === selected;
          return (
            <li key={r.clave}>
              <button
                type="button"
                aria-pressed={on}
                onClick={() => onSelect(r.clave)}
                className={`flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-start hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:outline-none ${on ? 'bg-teal-50 font-semibold' : ''}`}
              >
                <span aria-hidden="true" className="inline-block size-3 shrink-0 rounded-sm" style={{ background: fill(i) }} />
                <span className="min-w-0 flex-1 truncate text-slate-900">{r.nombre}</span>
                <span className="tabular-nums text-slate-700">{formatAmountUp(r.rentabilidad_total)}</span>
                <span className="w-16 text-end tabular-nums text-slate-600">{formatPercent(total > 0 ? (r.rentabilidad_total / total) * 100 : null)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
