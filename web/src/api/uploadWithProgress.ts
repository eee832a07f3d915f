import { accounts } from '../session/accounts';
import { url, type Query, type Reply } from './client';
import { DEFAULT_ERROR, type Envelope } from './envelope';

/** A multipart POST that reports how much of the body was sent (0 to 1), for uploads large enough
 * to show a progress bar; `fetch` cannot tell. Resolves to the status and the envelope like
 * `api.post`, never throws: a network failure is status 0. Writes send it through useWrite
 * (`onProgress` on the call), which adds the Idempotency-Key. */
export function uploadWithProgress(path: string, form: FormData, onProgress: (sent: number) => void, headers: Record<string, string> = {}, query?: Query): Promise<Reply> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url(path, query));
    const token = accounts.token();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      let envelope: Envelope;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope;
      } catch {
        envelope = { ok: false, msg: DEFAULT_ERROR, errors: {} };
      }
      resolve({ status: xhr.status, envelope });
    };
    xhr.onerror = () => resolve({ status: 0, envelope: { ok: false, msg: DEFAULT_ERROR, errors: {} } });
    xhr.send(form);
  });
}
