import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { generatorOptionsReply, generatorStatusReply } from '@shared/contracts/profitability-generator';
import { fetchOk } from '../../api/client';

/** The generator's calls (services/api/profitability/generator/), each reply read through its contract. */
export const generatorQueries = {
  options: () =>
    queryOptions({
      queryKey: ['rentabilidad', 'opciones'],
      queryFn: async () => v.parse(generatorOptionsReply, await fetchOk('GET', '/reportes_generacion/optionesReporteGeneracion')),
    }),
  status: (id: string) =>
    queryOptions({
      queryKey: ['rentabilidad', 'estado', id],
      queryFn: async () => v.parse(generatorStatusReply, await fetchOk('GET', '/reportes_generacion/estado', { id })).item,
      // Polled while the worker draws it (docs/modules/reports.md, "Generator").
      refetchInterval: (q) => (q.state.data && (q.state.data.estado === 'listo' || q.state.data.estado === 'error') ? false : 400),
    }),
};
