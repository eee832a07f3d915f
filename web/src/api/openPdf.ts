import { accounts } from '../session/accounts';
import { url } from './client';

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
