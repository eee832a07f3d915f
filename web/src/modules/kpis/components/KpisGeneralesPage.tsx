import { useQuery } from '@tanstack/react-query';
import { kpisQueries } from '../kpis.queries';
import type { KpisSearch } from '../kpisSearch';
import { logsLink, ordersLink } from '../kpiLinks';
import { FigureLink, showFigure } from './figures';
import { KpiFilters } from './KpiFilters';
import { KPI_CARD, KpiPage } from './KpiPage';

/** Blocks whose figures come from the hour-meter logs; the others from the work orders (and the
 * requests block from the purchase requests, which it does not link). */
const FROM_LOGS = new Set(['horas']);

/** /kpis_generales (seed 002 §2: blocks with nombre, valor and nested items): the site's figures
 * of the period, each with its formula, each opening the records behind it. */
export function KpisGeneralesPage({ search }: { search: KpisSearch }) {
  const q = useQuery(kpisQueries.generales(search));
  return (
    <KpiPage
      title="KPIs generales"
      intro="Órdenes, horas, disponibilidad, confiabilidad y costos de la obra en el periodo (meses completos)."
      filters={<KpiFilters search={search} periodo={q.data?.periodo} />}
      query={q}
    >
      {({ items, periodo }) => (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((b) => {
            const to = b.clave === 'solicitudes' ? null : FROM_LOGS.has(b.clave) ? logsLink(periodo, { id_obra: search.id_obra }) : ordersLink(periodo, { id_obra: search.id_obra });
            return (
              <section key={b.clave} aria-labelledby={`kpi-${b.clave}`} className={`${KPI_CARD} p-4`}>
                <div className="flex items-baseline justify-between gap-2">
                  <h2 id={`kpi-${b.clave}`} className="text-sm font-semibold text-slate-700">
                    {b.nombre}
                  </h2>
                  <p className="text-xl font-semibold tabular-nums text-slate-900">{showFigure(b.valor, b.formato)}</p>
                </div>
                {b.items.length ? (
                  <dl className="mt-3 divide-y divide-slate-100 text-sm">
                    {b.items.map((i) => {
                      const text = showFigure(i.valor, i.formato);
                      return (
                        <div key={i.clave} className="flex items-baseline justify-between gap-3 py-1.5">
                          <dt className="text-slate-700">
                            <span title={i.formula} className="cursor-help underline decoration-slate-400 decoration-dotted underline-offset-4">
                              {i.nombre}
                            </span>
                            <span className="sr-only">: {i.formula}</span>
                          </dt>
                          <dd className="tabular-nums">
                            {to ? (
                              <FigureLink to={to} label={`${i.nombre}: ${text}. Ver ${FROM_LOGS.has(b.clave) ? 'los registros de horómetro' : 'las órdenes de trabajo'}`}>
                                {text}
                              </FigureLink>
                            ) : (
                              text
                            )}
                          </dd>
                        </div>
                      );
                    })}
                  </dl>
                ) : (
                  <p className="mt-3 text-sm text-slate-600">Sin registros en el periodo.</p>
                )}
              </section>
            );
          })}
        </div>
      )}
    </KpiPage>
  );
}
