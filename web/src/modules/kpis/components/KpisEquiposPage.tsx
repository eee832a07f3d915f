import { useQuery } from '@tanstack/react-query';
import { KPI_FORMULAS, type KpiFigures } from '@shared/kpi-formulas';
import type { KpiEquipoRow } from '@shared/contracts/kpis';
import { kpisQueries } from '../kpis.queries';
import type { KpisSearch } from '../kpisSearch';
import { logsLink, ordersLink } from '../kpiLinks';
import { showFigure, type Formato } from './figures';
import { FigureCell, FigureRow, FigureTable } from './FigureTable';
import { KpiFilters } from './KpiFilters';
import { KPI_CARD, KpiPage } from './KpiPage';

type Column = { key: keyof KpiFigures; formato: Formato; source: 'logs' | 'orders' };
/** The table's figures, in the order a fleet manager reads them. */
const COLUMNS: Column[] = [
  { key: 'horas_trabajadas', formato: 'horas', source: 'logs' },
  { key: 'disponibilidad', formato: 'porcentaje', source: 'logs' },
  { key: 'utilizacion', formato: 'porcentaje', source: 'logs' },
  { key: 'ots', formato: 'numero', source: 'orders' },
  { key: 'fallas', formato: 'numero', source: 'orders' },
  { key: 'mtbf', formato: 'horas', source: 'orders' },
  { key: 'mttr', formato: 'horas', source: 'orders' },
  { key: 'disponibilidad_mecanica', formato: 'porcentaje', source: 'orders' },
  { key: 'costo_mantenimiento', formato: 'monto', source: 'orders' },
  { key: 'costo_hora', formato: 'monto', source: 'orders' },
  { key: 'costo_mp_hora', formato: 'monto', source: 'orders' },
  { key: 'costo_mc_hora', formato: 'monto', source: 'orders' },
  { key: 'costo_mcd_hora', formato: 'monto', source: 'orders' },
  { key: 'razon_preventivo_correctivo', formato: 'razon', source: 'orders' },
];
const HEADS = COLUMNS.map((c) => ({ key: c.key, label: KPI_FORMULAS[c.key].label, formula: KPI_FORMULAS[c.key].formula }));

/** /kpis_equipos (seed 002 §2, issue 19): per machine, the figures of the period with each
 * formula on its header; every figure opens the logs or orders it came from. */
export function KpisEquiposPage({ search }: { search: KpisSearch }) {
  const q = useQuery(kpisQueries.equipos(search));
  return (
    <KpiPage
      title="KPIs de equipos"
      intro="Horas, disponibilidad, confiabilidad y costos de mantenimiento por equipo, por meses completos. Pase el cursor sobre un encabezado para ver su fórmula."
      filters={<KpiFilters search={search} periodo={q.data?.periodo} withGf />}
      query={q}
      isEmpty={(data) => !data.items.length}
    >
      {({ items, total, periodo }) => {
        const cell = (row: KpiEquipoRow | typeof total, c: Column, id_equipo: number | null, codigo: string) => {
          const text = showFigure(row[c.key], c.formato);
          const scope = { id_equipo, id_obra: search.id_obra ?? null, id_tipo_mantenimiento: search.id_gf ?? null };
          const to = c.source === 'logs' ? logsLink(periodo, scope) : ordersLink(periodo, scope);
          const what = c.source === 'logs' ? 'los registros de horómetro' : 'las órdenes de trabajo';
          return <FigureCell key={c.key} to={to} label={`${KPI_FORMULAS[c.key].label} de ${codigo}: ${text}. Ver ${what}`} text={text} />;
        };
        return (
          <div className={`${KPI_CARD} overflow-x-auto`}>
            <FigureTable
              first="Equipo"
              sticky
              columns={HEADS}
              caption={`KPIs por equipo del ${periodo.date_from} al ${periodo.date_to}`}
              footer={
                <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold">
                  <tr>
                    <th scope="row" className="sticky start-0 bg-slate-50 px-3 py-2 text-left text-slate-900">
                      TOTAL
                    </th>
                    {COLUMNS.map((c) => cell(total, c, null, 'todos los equipos'))}
                  </tr>
                </tfoot>
              }
            >
              {items.map((r) => (
                <FigureRow
                  key={r.id_equipo}
                  sticky
                  head={
                    <>
                      {r.codigo_equipo}
                      <span className="block text-xs font-normal text-slate-600">{r.familia ?? ''}</span>
                    </>
                  }
                >
                  {COLUMNS.map((c) => cell(r, c, r.id_equipo, r.codigo_equipo))}
                </FigureRow>
              ))}
            </FigureTable>
          </div>
        );
      }}
    </KpiPage>
  );
}
