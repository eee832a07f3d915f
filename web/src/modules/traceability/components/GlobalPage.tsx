import { useQuery } from '@tanstack/react-query';
import { LoadState } from '../../../ui/dialogs/LoadState';
import { Spinner } from '../../../ui/dialogs/Spinner';
import { useLive } from '../../../ui/resource/useLive';
import { ExportMenu } from '../../../ui/list/ExportMenu';
import { useToast } from '../../../ui/toast/useToast';
import { toggleSeries } from '../internal/displayOptions';
import { ganttBars, SERIES, type Series } from '../internal/ganttBars';
import { TRACEABILITY_KEY, traceabilityQueries } from '../traceability.queries';
import type { TraceabilitySearch } from '../traceabilitySearch';
import { useTraceabilityFilters } from '../useTraceabilityFilters';
import { Check } from './Check';
import { FilterPanel } from './FilterPanel';
import { GanttChart } from './GanttChart';
import { SERIES_LOOK } from './seriesLook';
import { StatsTable } from './StatsTable';
import { SummaryCards } from './SummaryCards';

/** Seed 002 §8: the global screen's empty result. */
export const NO_DATA = 'No hay información disponible con los filtros seleccionados';

const CARD = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm';

/** /trazabilidad_global (seed 002 §2, §5): the panel's filters in the URL; once both dates, a
 * group and a state are chosen, the 18 milestones' statistics (POST getInfoLTAll) as cards that
 * toggle the series, the Gantt and the table behind it, exported to xlsx or PDF by the server
 * (GET /trazabilidad/getInfoLTAll/export, the same filters). A milestone reached
 * anywhere (live topic `traceability`) refreshes it. */
export function GlobalPage({ search }: { search: TraceabilitySearch }) {
  const panel = useTraceabilityFilters(search);
  const { filters, missing, setSearch } = panel;
  const shown: Series[] = SERIES.filter((s) => !(search.ocultar ?? []).includes(s));
  const stats = useQuery({ ...traceabilityQueries.global(filters!), enabled: filters !== null });
  useLive({ topics: ['traceability'], keys: [[...TRACEABILITY_KEY]], mode: 'auto' });
  const { show } = useToast();

  const toggle = (s: Series) => {
    const next = toggleSeries(shown, s);
    const hidden = SERIES.filter((x) => !next.includes(x));
    setSearch({ ocultar: hidden.length ? hidden : undefined }, { replace: true });
  };

  let body;
  if (missing) {
    body = <p className={`${CARD} py-16 text-center text-sm text-slate-600`}>{missing}</p>;
  } else if (!filters || stats.isPending || stats.isError) {
    body = <LoadState framed error={panel.options.error ?? stats.error} onRetry={() => void (panel.options.isError ? panel.options.refetch() : stats.refetch())} />;
  } else if (stats.data.conteo === 0) {
    body = <p className={`${CARD} py-16 text-center text-sm text-slate-600`}>{NO_DATA}</p>;
  } else {
    const reply = stats.data;
    const { totals } = ganttBars(reply.items, shown);
    const cuello = reply.items.find((m) => m.id === reply.cuello);
    body = (
      <div className="flex min-w-0 flex-col gap-4">
        <SummaryCards totals={totals} shown={shown} onToggle={toggle} />
        <section aria-labelledby="gantt-title" className={CARD}>
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="gantt-title" className="text-base font-semibold text-slate-900">
              Tiempos por hito
            </h2>
            <p className="text-sm text-slate-600" aria-live="polite">
              {reply.conteo} {reply.conteo === 1 ? 'OT' : 'OTs'}
              {cuello ? (
                <>
                  {' · '}Mayor demora: <strong className="text-amber-800">{cuello.nombre}</strong>
                </>
              ) : null}
              {stats.isFetching ? <Spinner className="ms-2 inline size-3.5 text-teal-700" /> : null}
            </p>
          </div>
          <ul aria-label="Leyenda" className="mb-2 flex flex-wrap gap-3 text-xs text-slate-700">
            {shown.map((s) => (
              <li key={s} className="inline-flex items-center gap-1">
                <span aria-hidden="true" className="inline-block size-2.5 rounded-sm" style={{ background: SERIES_LOOK[s].fill }} />
                {SERIES_LOOK[s].label}
              </li>
            ))}
          </ul>
          <GanttChart items={reply.items} shown={shown} cuello={reply.cuello} />
        </section>
        <section aria-labelledby="tabla-title" className={CARD}>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 id="tabla-title" className="text-base font-semibold text-slate-900">
              Tabla de tiempos (horas)
            </h2>
            <ExportMenu
              path="/trazabilidad/getInfoLTAll"
              kinds={['xlsx', 'pdf']}
              search={{ ...filters, id_obras: filters.id_obras.join(','), grupos_funcionales: filters.grupos_funcionales.join(',') }}
              onResult={(r) => show(r.msg, r.ok ? 'success' : 'error')}
            />
          </div>
          <StatsTable items={reply.items} cuello={reply.cuello} />
        </section>
      </div>
    );
  }

  return (
    <section className="space-y-4">
      <div className={`${CARD} p-3 sm:p-4`}>
        <h1 className="text-lg font-semibold text-slate-900">Trazabilidad Global</h1>
        <p className="text-sm text-slate-600">Tiempo de las órdenes de trabajo a través de sus 18 hitos, en horas.</p>
      </div>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
        <FilterPanel panel={panel}>
          <fieldset className="min-w-0">
            <legend className="mb-1 text-sm font-medium text-slate-700">Visualización</legend>
            {SERIES.map((s) => {
              const on = shown.includes(s);
              const last = on && shown.length === 1;
              return <Check key={s} label={SERIES_LOOK[s].label} checked={on} disabled={last || !panel.datesSet} title={last ? 'Debe quedar al menos una opción de visualización' : undefined} onChange={() => toggle(s)} />;
            })}
          </fieldset>
        </FilterPanel>
        <div className="min-w-0 flex-1">{body}</div>
      </div>
    </section>
  );
}
