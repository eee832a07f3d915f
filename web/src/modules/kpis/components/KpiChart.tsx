import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { formatAxis } from '@shared/report-format';
import type { KpiChartRow as Row } from '@shared/contracts/kpis';
import { useElementWidth } from '../../../ui/chart/useElementWidth';
import { showFigure } from './figures';


/** Seed 002 §9: three series by functional group (maintenance type). */
export const KPI_SERIES = [
  { key: 'costo_mp_hora', label: 'Costo MP por hora', fill: '#0f766e' },
  { key: 'costo_mc_hora', label: 'Costo MC por hora', fill: '#b45309' },
  { key: 'costo_mcd_hora', label: 'Costo MCD por hora', fill: '#6d28d9' },
] as const;

const HEIGHT = 300;
const M = { top: 12, right: 12, bottom: 56, left: 56 };

/** The KPI report's chart (visx): at most the first 10 sites (the server sends no more), three
 * bars each; the axis shortens at K and M. */
export function KpiChart({ rows }: { rows: Row[] }) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const w = Math.max(width, 280);
  const innerW = w - M.left - M.right;
  const innerH = HEIGHT - M.top - M.bottom;
  const x0 = scaleBand<string>({ domain: rows.map((r) => String(r.id_obra)), range: [0, innerW], padding: 0.2 });
  const x1 = scaleBand<string>({ domain: KPI_SERIES.map((s) => s.key), range: [0, x0.bandwidth()], padding: 0.1 });
  const max = Math.max(1, ...rows.flatMap((r) => KPI_SERIES.map((s) => r[s.key])));
  const y = scaleLinear<number>({ domain: [0, max], range: [innerH, 0], nice: true });
  const nameOf = (id: string) => rows.find((r) => String(r.id_obra) === id)?.nombre_obra ?? id;
  return (
    <div ref={ref} className="w-full">
      <ul aria-label="Leyenda" className="mb-2 flex flex-wrap gap-3 text-xs text-slate-700">
        {KPI_SERIES.map((s) => (
          <li key={s.key} className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="inline-block size-2.5 rounded-sm" style={{ background: s.fill }} />
            {s.label}
          </li>
        ))}
      </ul>
      <svg width={w} height={HEIGHT} role="img" aria-label={`Costo de mantenimiento por hora de las primeras ${rows.length} obras, por tipo de mantenimiento`} data-testid="kpi-chart">
        <Group left={M.left} top={M.top}>
          {rows.map((r) => (
            <Group key={r.id_obra} left={x0(String(r.id_obra)) ?? 0}>
              {KPI_SERIES.map((s) => {
                const v = r[s.key];
                const h = innerH - y(v);
                return (
                  <Bar key={s.key} x={x1(s.key) ?? 0} y={innerH - h} width={x1.bandwidth()} height={Math.max(h, 0)} fill={s.fill} data-series={s.key}>
                    <title>{`${r.nombre_obra}: ${s.label} ${showFigure(v, 'monto')}`}</title>
                  </Bar>
                );
              })}
            </Group>
          ))}
          <AxisLeft scale={y} numTicks={5} tickFormat={(v) => formatAxis(Number(v))} tickLabelProps={{ fill: '#334155', fontSize: 11, textAnchor: 'end', dx: -4, dy: 3 }} stroke="#94a3b8" tickStroke="#94a3b8" />
          <AxisBottom
            top={innerH}
            scale={x0}
            tickFormat={(id) => {
              const n = nameOf(String(id));
              return n.length > 14 ? `${n.slice(0, 13)}…` : n;
            }}
            tickLabelProps={{ fill: '#334155', fontSize: 11, textAnchor: 'end', angle: -25, dy: 2 }}
            stroke="#94a3b8"
            tickStroke="#94a3b8"
          />
        </Group>
      </svg>
    </div>
  );
}
