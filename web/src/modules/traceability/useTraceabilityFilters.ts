import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSetSearch } from '../../ui/list/listSearch';
import { missingForSearch } from './internal/searchRules';
import { traceabilityQueries, type TraceabilityFilters } from './traceability.queries';
import type { TraceabilitySearch } from './traceabilitySearch';

/** A traceability screen's panel state, read from the URL: the options (GET /trazabilidad), the
 * groups and states on, what the search still needs (null when nothing) and, once it can run, the
 * filters as the calls take them. No site chosen means every site the options list. */
export function useTraceabilityFilters(search: TraceabilitySearch) {
  const setSearch = useSetSearch<TraceabilitySearch>();
  const options = useQuery(traceabilityQueries.options(search.date_from, search.date_to));
  const datesSet = !!search.date_from && !!search.date_to;
  const gfOff = search.gf_off;
  const groups = useMemo(() => (options.data?.gf ?? []).filter((g) => !(gfOff ?? []).includes(g.id)).map((g) => g.id), [options.data, gfOff]);
  const cerradas = search.cerradas !== 0;
  const abiertas = search.abiertas !== 0;
  const missing = missingForSearch({ date_from: search.date_from, date_to: search.date_to, groups: options.data ? groups.length : 1, cerradas, abiertas });
  const obras = search.obras;
  const filters = useMemo<TraceabilityFilters | null>(() => {
    if (missing || !options.data || !search.date_from || !search.date_to) return null;
    return {
      date_from: search.date_from,
      date_to: search.date_to,
      id_obras: obras ?? options.data.obras.map((o) => o.id),
      grupos_funcionales: groups,
      estado_ot_cerrado: cerradas ? 1 : 0,
      estado_ot_abierto: abiertas ? 1 : 0,
    };
  }, [missing, options.data, search.date_from, search.date_to, obras, groups, cerradas, abiertas]);
  return { search, setSearch, options, datesSet, groups, cerradas, abiertas, missing, filters };
}

export type TraceabilityPanelState = ReturnType<typeof useTraceabilityFilters>;
