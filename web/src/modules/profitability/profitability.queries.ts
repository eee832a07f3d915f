import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { profitChartReply, profitParamsReply } from '@shared/contracts/profitability';
import type { ProfitChart } from '@shared/profitability';
import { fetchOk } from '../../api/client';
import { chartRequest } from './internal/chartFilters';
import type { ProfitabilitySearch } from './profitabilitySearch';

/** Everything the profitability report reads sits under this key: a push on the `kpis` topic (the
 * inputs' projection moved) makes it stale. */
export const PROFIT_KEY = ['rentabilidad'] as const;

/** The profitability calls (services/api/profitability/profit-contracts.ts), each reply read
 * through its contract. */
export const profitQueries = {
  /** GET /reportes_rentabilidad/parametros: the panel's options, the charts and the months. */
  params: () =>
    queryOptions({
      queryKey: [...PROFIT_KEY, 'parametros'],
      queryFn: async () => v.parse(profitParamsReply, await fetchOk('GET', '/reportes_rentabilidad/parametros')),
      staleTime: 60_000,
    }),
  /** POST /reportes_rentabilidad/amortizacion: one chart's rows with every column; the tabs, the
   * TOTAL and the donut's breakdown are derived from it in the browser (no new request). The key
   * holds the request only, so a tab or a slice changes nothing to fetch. */
  chart: (chart: ProfitChart, s: ProfitabilitySearch) => {
    const body = chartRequest(chart, s);
    return queryOptions({
      queryKey: [...PROFIT_KEY, 'grafica', body],
      queryFn: async () => v.parse(profitChartReply, await fetchOk('POST', '/reportes_rentabilidad/amortizacion', undefined, body)),
    });
  },
};
