import type { ProfitChart } from '@shared/profitability';
import type { ProfitabilitySearch } from '../profitabilitySearch';

/** Seed 002 §2: which panel filters a chart has. Obras: charts 1, 2, 3; Descripcion (the
 * subgroups): all four; Equipos, Marcas, Modelos: chart 1 only. The months: every chart. */
export const CHART_FILTERS = {
  obras: [1, 2, 3],
  subgrupos: [1, 2, 3, 4],
  equipos: [1],
  marcas: [1],
  modelos: [1],
} as const satisfies Record<string, readonly ProfitChart[]>;

export type PanelFilter = keyof typeof CHART_FILTERS;

export const hasFilter = (chart: ProfitChart, filter: PanelFilter) => (CHART_FILTERS[filter] as readonly number[]).includes(chart);

/** The body of POST /reportes_rentabilidad/amortizacion for the URL's state: only the chart's own
 * filters, lists as arrays, dates only when both are set. The server recomputes every figure. */
export function chartRequest(chart: ProfitChart, s: ProfitabilitySearch) {
  const only = <K extends PanelFilter>(k: K) => (hasFilter(chart, k) && s[k]?.length ? s[k] : undefined);
  const both = s.date_from && s.date_to;
  const body = {
    id_selected: chart,
    date_from: both ? s.date_from : undefined,
    date_to: both ? s.date_to : undefined,
    id_obra: only('obras'),
    id_subgrupos: only('subgrupos'),
    id_equipos: only('equipos'),
    id_marcas: only('marcas'),
    id_modelos: only('modelos'),
    id_meses: s.meses?.length ? s.meses : undefined,
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as typeof body;
}

/** Seed 002 §4: changing the chart clears every selection and the result set; the range stays. */
export function chartChange(s: ProfitabilitySearch, chart: ProfitChart | undefined): ProfitabilitySearch {
  return { id_selected: chart, date_from: s.date_from, date_to: s.date_to };
}
