import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { kpisEquiposReply, kpisGeneralesReply, kpisReporteReply } from '@shared/contracts/kpis';
import { fetchOk } from '../../api/client';
import type { KpisSearch } from './kpisSearch';

/** Everything the KPI screens read sits under this key: a live push on the `kpis` topic (the
 * projection moved) makes it stale. */
export const KPIS_KEY = ['kpis'] as const;

const clean = (o: Record<string, string | number | undefined>): Record<string, string | number> => Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined && x !== '')) as Record<string, string | number>;

/** The KPI calls (services/api/kpis/kpi-contracts.ts), each reply read through its contract. */
export const kpisQueries = {
  equipos: (s: KpisSearch) =>
    queryOptions({
      queryKey: [...KPIS_KEY, 'equipos', s],
      queryFn: async () => v.parse(kpisEquiposReply, await fetchOk('GET', '/kpis_equipos', clean({ date_from: s.date_from, date_to: s.date_to, id_obra: s.id_obra, id_gf: s.id_gf }))),
    }),
  generales: (s: KpisSearch) =>
    queryOptions({
      queryKey: [...KPIS_KEY, 'generales', s],
      queryFn: async () => v.parse(kpisGeneralesReply, await fetchOk('GET', '/kpis_generales', clean({ date_from: s.date_from, date_to: s.date_to, id_obra: s.id_obra }))),
    }),
  reporte: (s: KpisSearch) =>
    queryOptions({
      queryKey: [...KPIS_KEY, 'reporte', s],
      queryFn: async () => v.parse(kpisReporteReply, await fetchOk('GET', '/kpis_reporte', reporteParams(s))),
    }),
};

/** The report's query, also its export's. */
export function reporteParams(s: KpisSearch): Record<string, string | number> {
  return clean({ date_from: s.date_from, date_to: s.date_to, id_obra: s.id_obra, id_reporte: s.id_reporte ?? 1, ids_gf: s.id_gf });
}
