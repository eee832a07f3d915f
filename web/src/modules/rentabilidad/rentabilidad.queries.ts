import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { generatorOptionsReply, generatorStatusReply } from '@api/profitability/generator/generator-contracts';
import { fetchOk, url } from '../../api/client';
import { accounts } from '../../session/accounts';

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

/** Opens a PDF the API serves to its owner in a new tab: the file needs the session's bearer
 * token, which a plain link cannot send, so it is fetched and opened as a blob. Null: it opened;
 * else the message to show. */
export async function openPdf(path: string, target: Window | null = null): Promise<string | null> {
  const token = accounts.token();
  let res: Response;
  try {
    res = await fetch(url(path), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    return (error as Error).message || 'No se pudo abrir el PDF';
  }
  if (!res.ok) return ((await res.json().catch(() => ({}))) as { msg?: string }).msg || 'No se pudo abrir el PDF';
  const href = URL.createObjectURL(await res.blob());
  const tab = target ?? window.open(href, '_blank');
  if (target) target.location.href = href;
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return tab ? null : 'El navegador bloqueó la pestaña nueva: use el botón Abrir PDF';
}
