import { API_BASE } from '../../api/client';
import { DEFAULT_ERROR } from '../../api/envelope';
import { accounts } from '../../session/accounts';

/** Uploads are served to signed-in users only (bearer token), which a plain link cannot send: the
 * file is fetched with the token and handed to the browser under its stored name. */
export async function openUpload(url: string, name: string): Promise<{ ok: true } | { ok: false; msg: string }> {
  const token = accounts.token();
  try {
    const res = await fetch(`${API_BASE}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { msg?: string };
      return { ok: false, msg: body.msg || DEFAULT_ERROR };
    }
    const href = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = href;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
    return { ok: true };
  } catch (error) {
    return { ok: false, msg: (error as Error).message || DEFAULT_ERROR };
  }
}
