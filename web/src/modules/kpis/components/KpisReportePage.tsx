import { useQuery } from '@tanstack/react-query';
import { KPI_FORMULAS } from '@shared/kpi-formulas';
import { KPI_REPORTS, type KpiReportRow } from '@shared/contracts/kpis';
import { LoadState } from '../../../ui/dialogs/LoadState';
import { ExportMenu } from '../../../ui/list/ExportMenu';
import { useLive } from '../../../ui/resource/useLive';
import { useToast } from '../../../ui/toast/useToast';
import { KPIS_KEY, kpisQueries, reporteParams } from '../kpis.queries';
import type { KpisSearch } from '../kpisSearch';
import { ordersLink } from '../kpiLinks';
import { KpiChart } from './KpiChart';
import { FigureLink, showFigure, type Formato } from './figures';
import { FormulaHeader } from './FormulaHeader';
import { KpiFilters } from './KpiFilters';
import { NO_KPI_DATA } from './KpisEquiposPage';
import { KPI_CARD, KpiPage } from './KpiPage';

type Column = { key: keyof KpiReportRow; label: string; formula: string; formato: Formato; gf?: 1 | 2 | 3 };
const COLUMNS: Column[] = [
  { key: 'cantidad', label: 'OTs', formula: KPI_FORMULAS.ots.formula, formato: 'numero' },
  { key: 'costo_mp', label: 'Costo MP', formula: 'Repuestos entregados a órdenes MP en el periodo', formato: 'monto', gf: 1 },
  { key: 'costo_mc', label: 'Costo MC', formula: 'Repuestos entregados a órdenes MC en el periodo', formato: 'monto', gf: 2 },
  { key: 'costo_mcd', label: 'Costo MCD', formula: 'Repuestos entregados a órdenes MCD en el periodo', formato: 'monto', gf: 3 },
  { key: 'costo_total', label: 'Costo total', formula: KPI_FORMULAS.costo_mantenimiento.formula, formato: 'monto' },
  { key: 'horas_trabajadas', label: 'Horas trabajadas', formula: KPI_FORMULAS.horas_trabajadas.formula, formato: 'horas' },
  { key: 'costo_mp_hora', label: 'Costo MP por hora', formula: KPI_FORMULAS.costo_mp_hora.formula, formato: 'monto', gf: 1 },
  { key: 'costo_mc_hora', label: 'Costo MC por hora', formula: KPI_FORMULAS.costo_mc_hora.formula, formato: 'monto', gf: 2 },
  { key: 'costo_mcd_hora', label: 'Costo MCD por hora', formula: KPI_FORMULAS.costo_mcd_hora.formula, formato: 'monto', gf: 3 },
  { key: 'costo_hora', label: 'Costo por hora', formula: KPI_FORMULAS.costo_hora.formula, formato: 'monto' },
];

/** /kpis_reporte (seed 002 §2, §9; issue 19): the five report kinds, the chart of at most the
 * first 10 sites with three series (costo_mp_hora, costo_mc_hora, costo_mcd_hora), the table with
 * each formula on its header, every figure opening its orders, and the xlsx of the same rows. */
export function KpisReportePage({ search }: { search: KpisSearch }) {
  const q = useQuery(kpisQueries.reporte(search));
  useLive({ topics: ['kpis', 'tipo_cambio'], keys: [[...KPIS_KEY]], mode: 'auto' });
  const { show } = useToast();
  let body;
  if (q.isPending || q.isError) body = <LoadState framed error={q.error} onRetry={() => void q.refetch()} />;
  else if (!q.data.items.length || q.data.items.every((r) => r.cantidad === 0 && r.costo_total === 0 && r.horas_trabajadas === 0)) {
    body = <p className={`${KPI_CARD} py-16 text-center text-sm text-slate-600`}>{NO_KPI_DATA}</p>;
  } else {
    const { items, calculo, periodo } = q.data;
    body = (
      <div className="flex min-w-0 flex-col gap-4">
        <section aria-labelledby="kpi-chart-title" className={`${KPI_CARD} p-4`}>
          <h2 id="kpi-chart-title" className="mb-2 text-base font-semibold text-slate-900">
            Costo por hora de las primeras {calculo.length} obras
          </h2>
          <KpiChart rows={calculo} />
        </section>
        <section aria-labelledby="kpi-table-title" className={`${KPI_CARD} p-4`}>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 id="kpi-table-title" className="text-base font-semibold text-slate-900">
              {KPI_REPORTS.find((r) => r.id === (search.id_reporte ?? 1))?.nombre}
            </h2>
            <ExportMenu path="/kpis_reporte" kinds={['xlsx']} search={reporteParams(search)} onResult={(r) => show(r.msg, r.ok ? 'success' : 'error')} />
          </div>
          <div className="overflow-x-auto">
            <table className="min-w-full text-sm">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                    Nombre
                  </th>
                  {COLUMNS.map((c) => (
                    <FormulaHeader key={c.key} label={c.label} formula={c.formula} />
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((r) => (
                  <tr key={r.clave} className="hover:bg-slate-50">
                    <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                      {r.nombre}
                      {r.nombre_obra && r.nombre_obra !== r.nombre ? <span className="block text-xs font-normal text-slate-600">{r.nombre_obra}</span> : null}
                    </th>
                    {COLUMNS.map((c) => {
                      const text = showFigure(r[c.key] as number | null, c.formato);
                      const to = ordersLink(periodo, { id_obra: r.id_obra ?? search.id_obra ?? null, id_equipo: r.id_equipo, id_tipo_mantenimiento: c.gf ?? r.id_gf ?? search.id_gf ?? null });
                      return (
                        <td key={c.key} className="whitespace-nowrap px-3 py-2 text-right">
                          <FigureLink to={to} label={`${c.label} de ${r.nombre}: ${text}. Ver las órdenes de trabajo`}>
                            {text}
                          </FigureLink>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </div>
    );
  }
  return (
    <KpiPage
      title="Reporte de KPIs"
      intro="Costos de mantenimiento y cantidad de órdenes por obra, familia, equipo o grupo funcional (MP, MC, MCD), por meses completos."
      filters={<KpiFilters search={search} periodo={q.data?.periodo} withGf reportes={KPI_REPORTS} />}
      notas={q.data?.notas}
    >
      {body}
    </KpiPage>
  );
}
