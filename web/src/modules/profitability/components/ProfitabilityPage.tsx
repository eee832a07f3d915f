import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { donutItems, PROFIT_TABS, type ProfitChart, type ProfitTab } from '@shared/profitability';
import { formatDate } from '@shared/time';
import { PRIMARY_BUTTON } from '../../../ui/dialogs/buttonClasses';
import { LoadState } from '../../../ui/dialogs/LoadState';
import { Spinner } from '../../../ui/dialogs/Spinner';
import { DateRangePicker } from '../../../ui/list/DateRangePicker';
import { useSetSearch } from '../../../ui/list/listSearch';
import { useLive } from '../../../ui/resource/useLive';
import { chartChange } from '../internal/chartFilters';
import { profitBarRows, ROW_HEIGHT } from '../internal/profitBars';
import { PROFIT_KEY, profitQueries } from '../profitability.queries';
import type { ProfitabilitySearch } from '../profitabilitySearch';
import { CostBreakdown } from './CostBreakdown';
import { HBarChart } from './HBarChart';
import { ProfitDonut } from './ProfitDonut';
import { ProfitFilterPanel } from './ProfitFilterPanel';
import { ProfitTable } from './ProfitTable';
import { USE_SEARCH } from '../../../ui/list/emptyTexts';

/** Seed 002 §2, §8: the screen's empty states. */
export const PICK_CHART = 'Seleccione una gráfica';
export const NO_PROFIT_DATA = 'No hay información para este rango de fechas';

const CARD = 'rounded-lg border border-slate-200 bg-white shadow-sm';
const LABEL = 'block text-sm font-medium text-slate-700';
const INPUT = 'mt-1 block h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-teal-700 focus:ring-1 focus:ring-teal-700 focus:outline-none';

/** /reporte_rentabilidad (seed 002 §2 "Profitability report screen", §4, §5, §9; issue 19).
 * Everything lives in the URL: the chart, the range, the panel's filters, the tab and the open
 * slice. Buscar loads one reply (POST /reportes_rentabilidad/amortizacion, recomputed by the server
 * from the filters); the four tabs, the TOTAL row and a slice's breakdown are derived from it in
 * the browser, with no new request. Changing the chart clears every selection and the results. */
export function ProfitabilityPage({ search }: { search: ProfitabilitySearch }) {
  const navigate = useNavigate();
  const setSearch = useSetSearch<ProfitabilitySearch>();
  const [panelOpen, setPanelOpen] = useState(true);
  const chartId = useId();
  const chart = search.id_selected;
  const tab = (search.tab ?? 1);
  const params = useQuery(profitQueries.params());
  const result = useQuery({ ...profitQueries.chart(chart ?? 1, search), enabled: !!chart && search.buscar === 1 });
  useLive({ topics: ['kpis'], keys: [[...PROFIT_KEY]], mode: 'auto' });

  const changeChart = (next: ProfitChart | undefined) =>
    void navigate({ to: '.', search: ((prev: ProfitabilitySearch) => chartChange(prev, next)) as never, replace: false });
  const buscar = () => {
    if (!chart) return;
    if (search.buscar === 1) void result.refetch();
    else setSearch({ buscar: 1 });
  };

  let body;
  if (!chart) body = <p className={`${CARD} py-16 text-center text-sm text-slate-600`}>{PICK_CHART}</p>;
  else if (search.buscar !== 1) body = <p className={`${CARD} py-16 text-center text-sm text-slate-600`}>{USE_SEARCH}</p>;
  else if (result.isPending || result.isError) body = <LoadState framed error={result.error} onRetry={() => void result.refetch()} />;
  else if (result.data.items.length === 0) body = <p className={`${CARD} py-16 text-center text-sm text-slate-600`}>{NO_PROFIT_DATA}</p>;
  else {
    const reply = result.data;
    const { items, opciones, periodo } = reply;
    const colors = opciones.colores;
    const donut = chart === 2 || chart === 3 ? donutItems(items) : [];
    const picked = donut.find((r) => r.clave === search.item);
    body = (
      <div className="flex min-w-0 flex-col gap-4">
        <section aria-labelledby="grafica-title" className={`${CARD} p-4`}>
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="grafica-title" className="text-base font-semibold text-slate-900">
              {opciones.titulo}
            </h2>
            <p className="text-sm text-slate-600" aria-live="polite">
              {formatDate(periodo.date_from)} – {formatDate(periodo.date_to)} · {items.length} {items.length === 1 ? 'fila' : 'filas'}
              {result.isFetching ? <Spinner className="ms-2 inline size-3.5 text-teal-700" /> : null}
            </p>
          </div>
          {chart === 1 || chart === 4 ? (
            <>
              <ul aria-label="Leyenda" className="mb-2 flex flex-wrap gap-3 text-xs text-slate-700">
                {(chart === 4
                  ? [
                      { label: 'Costo total por hora', fill: colors.series[0] },
                      { label: 'Facturado por hora', fill: colors.series[1] },
                    ]
                  : []
                )
                  .concat([
                    { label: chart === 4 ? 'Rentabilidad por hora positiva' : 'Rentabilidad positiva', fill: colors.positivo },
                    { label: chart === 4 ? 'Rentabilidad por hora negativa' : 'Rentabilidad negativa', fill: colors.negativo },
                  ])
                  .map((s) => (
                    <li key={s.label} className="inline-flex items-center gap-1">
                      <span aria-hidden="true" className="inline-block size-2.5 rounded-sm" style={{ background: s.fill }} />
                      {s.label}
                    </li>
                  ))}
              </ul>
              <HBarChart rows={profitBarRows(items, chart, colors)} rowHeight={ROW_HEIGHT[chart]} visibleRows={opciones.filas_visibles} label={opciones.titulo} chart={chart === 1 ? 'barras-equipo' : 'barras-hora'} />
            </>
          ) : donut.length ? (
            <>
              <ProfitDonut rows={donut} selected={picked?.clave} onSelect={(item) => setSearch({ item }, { replace: true })} series={colors.series} itemName={chart === 2 ? 'subgrupo' : 'obra'} />
              {picked ? <CostBreakdown row={picked} chart={chart} colors={colors} onClose={() => setSearch({ item: undefined }, { replace: true })} /> : <p className="mt-2 text-sm text-slate-600">Elija un elemento de la dona para ver el desglose de sus costos.</p>}
            </>
          ) : (
            <p className="py-8 text-center text-sm text-slate-600">Ningún elemento tiene rentabilidad positiva en este rango.</p>
          )}
        </section>
        <section aria-label="Tabla de resultados" className={CARD}>
          <TabGroup selectedIndex={tab - 1} onChange={(i) => setSearch({ tab: i === 0 ? undefined : ((i + 1) as ProfitTab) }, { replace: true })}>
            <TabList aria-label="Vistas del resultado" className="flex gap-1 overflow-x-auto border-b border-slate-200 px-2">
              {PROFIT_TABS.map((t) => (
                <Tab
                  key={t.id}
                  className="shrink-0 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none focus-visible:ring-inset data-selected:border-teal-700 data-selected:text-teal-800"
                >
                  {t.nombre}
                </Tab>
              ))}
            </TabList>
            <TabPanels>
              {PROFIT_TABS.map((t) => (
                <TabPanel key={t.id} className="p-2 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none focus-visible:ring-inset sm:p-4">
                  <ProfitTable rows={items} chart={chart} tab={t.id} />
                </TabPanel>
              ))}
            </TabPanels>
          </TabGroup>
        </section>
      </div>
    );
  }

  return (
    <section className="space-y-4">
      <div className={`${CARD} p-3 sm:p-4`}>
        <h1 className="text-lg font-semibold text-slate-900">Reporte de rentabilidad</h1>
        <p className="text-sm text-slate-600">Costo, monto facturado y rentabilidad de los equipos por equipo, subgrupo u obra, por meses completos.</p>
        <form
          className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            buscar();
          }}
        >
          <label htmlFor={chartId} className={`${LABEL} sm:w-72`}>
            Gráfica
            <select id={chartId} className={INPUT} value={chart ?? ''} disabled={!params.data} onChange={(e) => changeChart(e.target.value ? (Number(e.target.value) as ProfitChart) : undefined)}>
              <option value="">{PICK_CHART}</option>
              {params.data?.dashboard.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.nombre}
                </option>
              ))}
            </select>
          </label>
          <div>
            <span className={LABEL}>Período</span>
            <div className="mt-1">
              <DateRangePicker from={search.date_from} to={search.date_to} onChange={(date_from, date_to) => setSearch({ date_from, date_to, item: undefined })} />
            </div>
          </div>
          <button type="submit" className={`${PRIMARY_BUTTON} h-9`} disabled={!chart}>
            Buscar
          </button>
        </form>
      </div>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
        {panelOpen ? (
          <ProfitFilterPanel chart={chart} search={search} setSearch={setSearch} params={params} onHide={() => setPanelOpen(false)} />
        ) : (
          <button
            type="button"
            onClick={() => setPanelOpen(true)}
            aria-label="Mostrar filtros"
            title="Mostrar filtros"
            className="inline-flex size-11 shrink-0 items-center justify-center self-start rounded-md border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:outline-none"
          >
            <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-5">
              <path d="M3 4.75A.75.75 0 0 1 3.75 4h12.5a.75.75 0 0 1 .53 1.28L12 10.06v4.19a.75.75 0 0 1-.33.62l-2.5 1.67A.75.75 0 0 1 8 15.92v-5.86L3.22 5.28A.75.75 0 0 1 3 4.75Z" />
            </svg>
          </button>
        )}
        <div className="min-w-0 flex-1">{body}</div>
      </div>
    </section>
  );
}
