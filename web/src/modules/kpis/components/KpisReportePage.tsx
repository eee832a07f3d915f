import { useQuery } from '@tanstack/react-query';
import { KPI_FORMULAS } from '@shared/kpi-formulas';
import { KPI_REPORTS, type KpiReportRow } from '@shared/contracts/kpis';
import { ExportMenu } from '../../../ui/list/ExportMenu';
import { useToast } from '../../../ui/toast/useToast';
import { kpisQueries, reporteParams } from '../kpis.queries';
import type { KpisSearch } from '../kpisSearch';
import { ordersLink } from '../kpiLinks';
import { KpiChart } from './KpiChart';
import { showFigure, type Formato } from './figures';
import { FigureCell, FigureRow, FigureTable } from './FigureTable';
import { KpiFilters } from './KpiFilters';
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
  const { show } = useToast();
  return (
    <KpiPage
      title="Reporte de KPIs"
      intro="Costos de mantenimiento y cantidad de órdenes por obra, familia, equipo o grupo funcional (MP, MC, MCD), por meses completos."
      filters={<KpiFilters search={search} periodo={q.data?.periodo} withGf reportes={KPI_REPORTS} />}
      query={q}
      isEmpty={(data) => !data.items.length || data.items.every((r) => r.cantidad === 0 && r.costo_total === 0 && r.horas_trabajadas === 0)}
    >
      {({ items, calculo, periodo }) => (
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
              <FigureTable first="Nombre" columns={COLUMNS}>
                {items.map((r) => (
                  <FigureRow
                    key={r.clave}
                    head={
                      <>
                        {r.nombre}
                        {r.nombre_obra && r.nombre_obra !== r.nombre ? <span className="block text-xs font-normal text-slate-600">{r.nombre_obra}</span> : null}
                      </>
                    }
                  >
                    {COLUMNS.map((c) => {
                      const text = showFigure(r[c.key] as number | null, c.formato);
                      const to = ordersLink(periodo, { id_obra: r.id_obra ?? search.id_obra ?? null, id_equipo: r.id_equipo, id_tipo_mantenimiento: c.gf ?? r.id_gf ?? search.id_gf ?? null });
                      return <FigureCell key={c.key} to={to} label={`${c.label} de ${r.nombre}: ${text}. Ver las órdenes de trabajo`} text={text} />;
                    })}
                  </FigureRow>
                ))}
              </FigureTable>
            </div>
          </section>
        </div>
      )}
    </KpiPage>
  );
}
