import type { MilestoneStats } from '@shared/contracts/traceability';
import { formatNumber } from '@shared/money';
import { AxisTop } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { Bar, Line } from '@visx/shape';
import { TooltipWithBounds, useTooltip } from '@visx/tooltip';
import { ganttBars, type Series } from '../internal/ganttBars';
import { ganttTicks } from '../internal/ganttTicks';
import { SERIES_LOOK } from './seriesLook';
import { useElementWidth } from '../../../ui/chart/useElementWidth';

const MARGIN = { top: 30, right: 16, bottom: 8, left: 8 };
const LABEL = 18;
const BAR = 8;
const GAP = 2;
/** Average width of a label character at 12 px, to cut long milestone names on a phone. */
const CHAR = 6.4;

const hours = (n: number) => `${formatNumber(n)} h`;
const cut = (text: string, room: number) => {
  const max = Math.max(8, Math.floor(room / CHAR));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** Seed 002 §2: the Gantt-like chart of Trazabilidad Global, one row per milestone (18), with the
 * shown series' bars chained from the first milestone (min green, average yellow, max red) on an
 * hour axis of 16 markers; the bottleneck (`cuello`, the largest average) is highlighted; hovering
 * a row shows its figures (the table below the chart holds them for keyboards and screen readers). */
export function GanttChart({ items, shown, cuello }: { items: MilestoneStats[]; shown: Series[]; cuello: string | null }) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const { tooltipOpen, tooltipData, tooltipLeft, tooltipTop, showTooltip, hideTooltip } = useTooltip<MilestoneStats>();
  const { rows, max } = ganttBars(items, shown);
  const ticks = ganttTicks(max);
  const innerWidth = Math.max(200, width - MARGIN.left - MARGIN.right);
  const rowHeight = LABEL + shown.length * (BAR + GAP) + 10;
  const height = MARGIN.top + rows.length * rowHeight + MARGIN.bottom;
  const x = scaleLinear<number>({ domain: [0, ticks[ticks.length - 1]], range: [0, innerWidth] });
  const step = ticks[1];
  const decimals = Math.min(3, (String(step).split('.')[1] ?? '').length);
  // Every marker is drawn; on a narrow chart every other one is labelled.
  const sparse = innerWidth / (ticks.length - 1) < 44;

  return (
    <div ref={ref} className="relative w-full">
      <svg width={width} height={height} role="img" aria-label={`Diagrama de tiempos por hito en horas: ${shown.map((s) => SERIES_LOOK[s].label).join(', ')}`} data-chart="gantt">
        <Group left={MARGIN.left} top={MARGIN.top}>
          {ticks.map((t) => (
            <Line key={t} from={{ x: x(t), y: 0 }} to={{ x: x(t), y: rows.length * rowHeight }} stroke="#e2e8f0" strokeWidth={1} />
          ))}
          <AxisTop
            scale={x}
            tickValues={ticks}
            tickFormat={(v, i) => (sparse && i % 2 === 1 ? '' : formatNumber(Number(v), decimals))}
            stroke="#94a3b8"
            tickStroke="#94a3b8"
            tickLabelProps={{ fill: '#334155', fontSize: 10, textAnchor: 'middle' }}
          />
          {rows.map((row, i) => {
            const top = i * rowHeight;
            const hot = row.stats.id === cuello;
            const right = hot ? `Mayor demora · ${row.stats.conteo} OT` : `${row.stats.conteo} OT`;
            const name = `${row.stats.n}. ${row.stats.nombre}`;
            return (
              <Group key={row.stats.id} top={top} data-hito={row.stats.id} data-cuello={hot ? 'true' : undefined}>
                {hot ? <rect x={-MARGIN.left} y={0} width={innerWidth + MARGIN.left + MARGIN.right} height={rowHeight} fill="#fef3c7" /> : null}
                {hot ? <rect x={-MARGIN.left} y={0} width={3} height={rowHeight} fill="#d97706" /> : null}
                <text x={2} y={13} fontSize={12} fill="#0f172a" fontWeight={hot ? 700 : 500}>
                  <title>{name}</title>
                  {cut(name, innerWidth - right.length * CHAR - 16)}
                </text>
                <text x={innerWidth} y={13} fontSize={11} fill={hot ? '#92400e' : '#475569'} textAnchor="end" fontWeight={hot ? 700 : 400}>
                  {right}
                </text>
                {row.bars.map((bar, j) => (
                  <Bar
                    key={bar.series}
                    data-series={bar.series}
                    x={x(bar.start)}
                    y={LABEL + j * (BAR + GAP)}
                    width={Math.max(bar.hours > 0 ? 2 : 1, x(bar.end) - x(bar.start))}
                    height={BAR}
                    rx={2}
                    fill={SERIES_LOOK[bar.series].fill}
                    stroke={SERIES_LOOK[bar.series].stroke}
                    strokeWidth={0.5}
                  />
                ))}
                <rect
                  x={-MARGIN.left}
                  y={0}
                  width={innerWidth + MARGIN.left + MARGIN.right}
                  height={rowHeight}
                  fill="transparent"
                  onMouseMove={(e) => {
                    const box = ref.current?.getBoundingClientRect();
                    showTooltip({ tooltipData: row.stats, tooltipLeft: e.clientX - (box?.left ?? 0), tooltipTop: e.clientY - (box?.top ?? 0) + 12 });
                  }}
                  onMouseLeave={hideTooltip}
                />
              </Group>
            );
          })}
        </Group>
      </svg>
      {tooltipOpen && tooltipData ? (
        <TooltipWithBounds left={tooltipLeft} top={tooltipTop} className="pointer-events-none">
          <div role="tooltip" className="max-w-64 text-xs text-slate-800">
            <p className="mb-1 font-semibold">
              {tooltipData.n}. {tooltipData.nombre}
            </p>
            <p>{tooltipData.conteo} OT</p>
            <p>Mínimo: {hours(tooltipData.data.min)}</p>
            <p>Promedio: {hours(tooltipData.data.promedio)}</p>
            <p>Mediana: {hours(tooltipData.data.mediana)}</p>
            <p>P90: {hours(tooltipData.data.p90)}</p>
            <p>Máximo: {hours(tooltipData.data.max)}</p>
          </div>
        </TooltipWithBounds>
      ) : null}
    </div>
  );
}
