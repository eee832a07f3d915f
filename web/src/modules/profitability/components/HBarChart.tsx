import { AxisBottom } from '@visx/axis';
import { scaleBand, scaleLinear } from '@visx/scale';
import { formatAmountUp, formatAxis } from '@shared/report-format';
import { useElementWidth } from '../../../ui/chart/useElementWidth';
import { barDomain, type BarRow } from '../internal/profitBars';

const M = { left: 116, right: 16 };
const AXIS_H = 30;

type Props = {
  rows: BarRow[];
  /** One item's row height in px (seed 002 §9). */
  rowHeight: number;
  /** Rows in view; more scroll (seed 002 §9: 6 for chart 1 or without a machine filter). */
  visibleRows: number | null;
  /** The chart's accessible name. */
  label: string;
  chart: string;
  format?: (value: number) => string;
};

const short = (s: string) => (s.length > 16 ? `${s.slice(0, 15)}…` : s);

/** Horizontal bars (visx), one row per item with one or more series, the value axis shortened at
 * K and M (seed 002 §9) and kept in view under rows that scroll past `visibleRows`. */
export function HBarChart({ rows, rowHeight, visibleRows, label, chart, format = (v) => formatAmountUp(v) }: Props) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const w = Math.max(width, 260);
  const innerW = w - M.left - M.right;
  const height = rows.length * rowHeight;
  const x = scaleLinear<number>({ domain: barDomain(rows), range: [0, innerW], nice: true });
  const y = scaleBand<string>({ domain: rows.map((r) => r.clave), range: [0, height], paddingInner: 0.2, paddingOuter: 0.1 });
  const keys = rows[0]?.values.map((v) => v.key) ?? [];
  const inner = scaleBand<string>({ domain: keys, range: [0, y.bandwidth()], padding: keys.length > 1 ? 0.1 : 0 });
  const zero = x(0);
  const scrolls = visibleRows !== null && rows.length > visibleRows;
  return (
    <div ref={ref} className="w-full">
      <div
        className={scrolls ? 'overflow-y-auto rounded-md focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:outline-none' : ''}
        style={scrolls ? { maxHeight: visibleRows * rowHeight } : undefined}
        tabIndex={scrolls ? 0 : undefined}
        role={scrolls ? 'region' : undefined}
        aria-label={scrolls ? `${label}: ${rows.length} filas, ${visibleRows} a la vista` : undefined}
        data-filas-visibles={visibleRows ?? undefined}
        data-testid={`${chart}-scroll`}
      >
        <svg width={w} height={height} role="img" aria-label={label} data-chart={chart}>
          {rows.map((r) => (
            <g key={r.clave} data-row={r.clave}>
              <text x={M.left - 6} y={(y(r.clave) ?? 0) + y.bandwidth() / 2} dy="0.33em" textAnchor="end" fontSize={11} fill="#334155">
                {short(r.nombre)}
              </text>
              {r.values.map((v) => {
                const to = x(v.value);
                return (
                  <rect
                    key={v.key}
                    data-series={v.key}
                    x={M.left + Math.min(zero, to)}
                    y={(y(r.clave) ?? 0) + (inner(v.key) ?? 0)}
                    width={Math.max(Math.abs(to - zero), v.value === 0 ? 0 : 1)}
                    height={inner.bandwidth()}
                    fill={v.fill}
                  >
                    <title>{`${r.nombre}: ${v.label} ${format(v.value)}`}</title>
                  </rect>
                );
              })}
            </g>
          ))}
          <line x1={M.left + zero} x2={M.left + zero} y1={0} y2={height} stroke="#94a3b8" />
        </svg>
      </div>
      <svg width={w} height={AXIS_H} aria-hidden="true">
        <AxisBottom
          left={M.left}
          scale={x}
          numTicks={w < 420 ? 3 : 6}
          tickFormat={(v) => formatAxis(Number(v))}
          tickLabelProps={{ fill: '#334155', fontSize: 11, textAnchor: 'middle' }}
          stroke="#94a3b8"
          tickStroke="#94a3b8"
        />
      </svg>
    </div>
  );
}
