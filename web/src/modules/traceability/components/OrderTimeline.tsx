import type { OrderMilestone } from '@shared/contracts/traceability';
import { durationText } from '@shared/lead-time';
import { formatDateTime } from '@shared/time';
import { AxisTop } from '@visx/axis';
import { scaleLinear } from '@visx/scale';
import { Bar, Line } from '@visx/shape';
import { TooltipWithBounds, useTooltip } from '@visx/tooltip';
import { useId, useRef, useState, type FocusEvent, type MouseEvent } from 'react';
import { timelineRows, type TimelineRow } from '../internal/timelineRows';
import { timelineScale } from '../internal/timelineScale';

/** Room either side of the ticks for their centred labels. */
const PAD = 32;
const TRACK = 22;
const BAR = 12;

type Reached = Extract<TimelineRow, { state: 'reached' }>;

/** Seed 002 §2: a bar's months and days (the server's `meses` and `dias`), months left out when none. */
const spanText = (m: OrderMilestone) => [m.meses ? `${m.meses} ${m.meses === 1 ? 'mes' : 'meses'}` : '', `${m.dias} ${m.dias === 1 ? 'día' : 'días'}`].filter(Boolean).join(' ');
const startOf = (m: OrderMilestone) => formatDateTime(m.fecha_anterior ?? m.fecha);

/** The per-OT milestone timeline (seed 002 §2, §9): one row per milestone the order can reach,
 * a bar from the previous reached milestone to this one on a scale of 70 px per tick (1 to 6
 * ticks), its duration and its months and days beside it; unreached milestones greyed as
 * 'Pendiente', the other request kind's left out (timelineRows). Each bar takes keyboard focus
 * and shows, on focus or hover, the tooltip with name, duration, start and end. */
export function OrderTimeline({ items, tipoSolicitud }: { items: OrderMilestone[]; tipoSolicitud: string | null }) {
  const { rows, span } = timelineRows(items, tipoSolicitud);
  const scale = timelineScale(span);
  const x = scaleLinear<number>({ domain: [0, scale.unit * scale.ticks], range: [0, scale.width] });
  const ticks = Array.from({ length: scale.ticks + 1 }, (_, i) => i * scale.unit);
  const svgWidth = scale.width + 2 * PAD;
  const outer = useRef<HTMLDivElement>(null);
  const tipId = useId();
  const [active, setActive] = useState<string | null>(null);
  const { tooltipOpen, tooltipData, tooltipLeft, tooltipTop, showTooltip, hideTooltip } = useTooltip<OrderMilestone>();

  const open = (row: Reached) => (e: MouseEvent<SVGGElement> | FocusEvent<SVGGElement>) => {
    const box = outer.current?.getBoundingClientRect();
    const bar = e.currentTarget.getBoundingClientRect();
    setActive(row.milestone.id);
    showTooltip({ tooltipData: row.milestone, tooltipLeft: bar.left - (box?.left ?? 0) + bar.width / 2, tooltipTop: bar.bottom - (box?.top ?? 0) + 6 });
  };
  const close = () => {
    setActive(null);
    hideTooltip();
  };

  return (
    <section aria-labelledby={`${tipId}-t`} className="relative rounded-lg border border-slate-200 bg-white p-4 shadow-sm" ref={outer}>
      <h2 id={`${tipId}-t`} className="mb-3 text-base font-semibold text-slate-900">
        Línea de tiempo de hitos
      </h2>
      <div tabIndex={0} role="region" aria-label="Línea de tiempo (desplazable)" className="overflow-x-auto focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none">
        <div className="grid w-max grid-cols-1 items-center gap-x-4 sm:grid-cols-[16rem_auto]">
          <div aria-hidden="true" className="hidden sm:block" />
          <svg width={svgWidth} height={26} aria-hidden="true" data-ticks={scale.ticks}>
            <AxisTop
              top={24}
              left={PAD}
              scale={x}
              tickValues={ticks}
              tickFormat={(v) => (Number(v) === 0 ? '0' : durationText(Number(v)))}
              stroke="#94a3b8"
              tickStroke="#94a3b8"
              tickLabelProps={{ fill: '#334155', fontSize: 10, textAnchor: 'middle' }}
            />
          </svg>
          {rows.map((row) => {
            const m = row.milestone;
            if (row.state === 'pending') {
              return (
                <div key={m.id} className="contents" data-hito={m.id} data-estado="pendiente">
                  <p className="pt-2 text-sm text-slate-500 sm:py-1">
                    {m.n}. {m.nombre} <span className="text-xs">· Pendiente</span>
                  </p>
                  <svg width={svgWidth} height={TRACK} aria-hidden="true">
                    <Line from={{ x: PAD, y: TRACK / 2 }} to={{ x: PAD + scale.width, y: TRACK / 2 }} stroke="#cbd5e1" strokeDasharray="3 4" />
                  </svg>
                </div>
              );
            }
            const left = PAD + x(row.start);
            const width = Math.max(4, x(row.end) - x(row.start));
            const on = active === m.id;
            return (
              <div key={m.id} className="contents" data-hito={m.id} data-estado="alcanzado">
                <p className="pt-2 text-sm text-slate-900 sm:py-1">
                  {m.n}. {m.nombre}
                  <span className="block text-xs text-slate-600 tabular-nums">
                    {m.duration_show || durationText(m.duration)} · {spanText(m)}
                  </span>
                </p>
                <svg width={svgWidth} height={TRACK} className="overflow-visible">
                  {ticks.map((t) => (
                    <Line key={t} from={{ x: PAD + x(t), y: 0 }} to={{ x: PAD + x(t), y: TRACK }} stroke="#f1f5f9" />
                  ))}
                  <g
                    tabIndex={0}
                    role="img"
                    aria-label={`${m.nombre}: ${m.duration_show || durationText(m.duration)}, inicio ${startOf(m)}, fin ${formatDateTime(m.fecha)}`}
                    aria-describedby={on && tooltipOpen ? tipId : undefined}
                    data-bar={m.id}
                    style={{ outline: 'none' }}
                    onFocus={open(row)}
                    onBlur={close}
                    onMouseEnter={open(row)}
                    onMouseLeave={close}
                  >
                    <Bar x={left} y={(TRACK - BAR) / 2} width={width} height={BAR} rx={3} fill={on ? '#0f766e' : '#14b8a6'} stroke={on ? '#134e4a' : '#0f766e'} strokeWidth={on ? 2 : 1} />
                  </g>
                </svg>
              </div>
            );
          })}
        </div>
      </div>
      {tooltipOpen && tooltipData ? (
        <TooltipWithBounds left={tooltipLeft} top={tooltipTop} className="pointer-events-none">
          <div id={tipId} role="tooltip" className="max-w-72 text-xs text-slate-800">
            <p className="mb-1 font-semibold">{tooltipData.nombre}</p>
            <p>Duración: {tooltipData.duration_show || durationText(tooltipData.duration)}</p>
            <p>Inicio: {startOf(tooltipData)}</p>
            <p>Fin: {formatDateTime(tooltipData.fecha)}</p>
          </div>
        </TooltipWithBounds>
      ) : null}
    </section>
  );
}
