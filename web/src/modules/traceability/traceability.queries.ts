import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { globalReply, orderLookupReply, orderReply, traceabilityReply } from '@shared/contracts/traceability';
import { fetchOk } from '../../api/client';

/** Everything the traceability screens read sits under this key: a live push on the
 * `traceability` topic (a milestone of an order reached) makes it stale. */
export const TRACEABILITY_KEY = ['trazabilidad'] as const;

/** The panels' filters as the calls take them (seed 002 §5): sites, checked functional groups and
 * the two state flags; dates are sent only when both are set. */
export type TraceabilityFilters = { date_from: string; date_to: string; id_obras: number[]; grupos_funcionales: number[]; estado_ot_cerrado: 0 | 1; estado_ot_abierto: 0 | 1 };

/** The order lookup's query string: lists as '1,2' (seed 002 §7 `ordenTrabajoLT`). */
const lookupParams = (f: TraceabilityFilters, search: string) => ({
  details: 1, id_obras: f.id_obras.join(','), estado_ot_cerrado: f.estado_ot_cerrado, estado_ot_abierto: f.estado_ot_abierto,
  grupos_funcionales: f.grupos_funcionales.join(','), date_from: f.date_from, date_to: f.date_to, search,
});

/** The traceability calls (services/api/traceability/traceability-contracts.ts), each reply read
 * through its contract so a drift fails loudly instead of drawing nonsense. */
export const traceabilityQueries = {
  /** GET /trazabilidad: the panel's sites and functional groups. */
  options: (date_from?: string, date_to?: string) =>
    queryOptions({
      queryKey: [...TRACEABILITY_KEY, 'opciones', date_from && date_to ? { date_from, date_to } : {}],
      queryFn: async () => v.parse(traceabilityReply, await fetchOk('GET', '/trazabilidad', date_from && date_to ? { date_from, date_to, all_ots: 'false' } : { all_ots: 'false' })),
      staleTime: 60_000,
    }),
  /** POST /trazabilidad/getInfoLTAll: the 18 milestones' statistics over the filtered orders. */
  global: (filters: TraceabilityFilters) =>
    queryOptions({
      queryKey: [...TRACEABILITY_KEY, 'global', filters],
      queryFn: async () => v.parse(globalReply, await fetchOk('POST', '/trazabilidad/getInfoLTAll', undefined, filters)),
    }),
  /** GET /fil_datas/ordenTrabajoLT: the orders matching the panel ('Total de OT's', `conteo`), or
   * those whose code contains `search` (the OT select). */
  orders: (filters: TraceabilityFilters, search = '') =>
    queryOptions({
      queryKey: [...TRACEABILITY_KEY, 'ordenes', filters, search],
      queryFn: async () => v.parse(orderLookupReply, await fetchOk('GET', '/fil_datas/ordenTrabajoLT', lookupParams(filters, search))),
      staleTime: 30_000,
    }),
  /** GET /trazabilidad/getInfoLT: one order's header and milestones. */
  order: (id_ot: number) =>
    queryOptions({
      queryKey: [...TRACEABILITY_KEY, 'ot', id_ot],
      queryFn: async () => v.parse(orderReply, await fetchOk('GET', '/trazabilidad/getInfoLT', { id_ot })),
    }),
};
