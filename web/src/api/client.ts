import { accounts } from '../session/accounts';
import { ApiFailure, DEFAULT_ERROR, SESSION_EXPIRED, type Envelope } from './envelope';

export const API_BASE = '/api';

export type Query = Record<string, string | number | boolean | null | undefined>;

const expiredListeners = new Set<(msg: string) => void>();

/** Seed 000 §8: a reply with msg 'session_expired' opens 'La sesión ha expirado'. */
export function onSessionExpired(listener: (msg: string) => void) {
  expiredListeners.add(listener);
  return () => {
    expiredListeners.delete(listener);
  };
}

export function url(path: string, query?: Query) {
  const qs = query
    ? new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => [k, String(v)])).toString()
    : '';
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/** A call's outcome: the HTTP status (0 when the network failed) and the envelope. */
export type Reply = { status: number; envelope: Envelope };

async function send(method: 'GET' | 'POST', path: string, query?: Query, body?: unknown, extraHeaders?: Record<string, string>): Promise<Reply> {
  const headers: Record<string, string> = { ...extraHeaders };
  const token = accounts.token();
  // A call made for one stored account names its token itself (meQuery); the rest use the current one.
  if (token && !headers.authorization) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(url(path, query), { method, headers, body: payload });
  } catch (error) {
    // Seed 000 §8: a network failure gives ok false with the error text and empty errors.
    return { status: 0, envelope: { ok: false, msg: (error as Error).message || DEFAULT_ERROR, errors: {} } };
  }
  let envelope: Envelope;
  try {
    envelope = (await res.json()) as Envelope;
  } catch {
    envelope = { ok: false, msg: DEFAULT_ERROR, errors: {} };
  }
  if (envelope.msg === SESSION_EXPIRED) for (const l of expiredListeners) l(envelope.msg);
  return { status: res.status, envelope };
}

/** Calls that resolve to the envelope (ok true or false), never throw: forms read `errors`.
 * Writes go through the resource layer's `useWrite` (ui/resource), which adds the
 * Idempotency-Key and x-correlation-id headers. */
export const api = {
  get: (path: string, query?: Query, headers?: Record<string, string>) => send('GET', path, query, undefined, headers),
  post: (path: string, body?: unknown, query?: Query, headers?: Record<string, string>) => send('POST', path, query, body ?? {}, headers),
};

/** For TanStack Query: the payload of an ok reply, or an ApiFailure thrown. */
export async function fetchOk<T extends Record<string, unknown>>(method: 'GET' | 'POST', path: string, query?: Query, body?: unknown, headers?: Record<string, string>): Promise<Envelope & T> {
  const { status, envelope } = await send(method, path, query, body, headers);
  if (!envelope.ok) throw new ApiFailure(status, envelope);
  return envelope as Envelope & T;
}

/** Downloads a file (exports, uploads) with the session's token, which a plain link cannot send:
 * the name is `name` when given, else content-disposition's (seed 000 §7). */
export async function download(path: string, query?: Query, name?: string): Promise<{ ok: true; name: string } | { ok: false; msg: string }> {
  const token = accounts.token();
  let res: Response;
  try {
    res = await fetch(url(path, query), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    return { ok: false, msg: (error as Error).message || DEFAULT_ERROR };
  }
  if (!res.ok) {
    const envelope = (await res.json().catch(() => ({ msg: DEFAULT_ERROR }))) as Envelope;
    if (envelope.msg === SESSION_EXPIRED) for (const l of expiredListeners) l(envelope.msg);
    return { ok: false, msg: envelope.msg || DEFAULT_ERROR };
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="([^"]+)"/i.exec(disposition);
  const fileName = name ?? (star ? decodeURIComponent(star[1]) : plain ? plain[1] : 'descarga');
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch (error) {
    return { ok: false, msg: (error as Error).message || DEFAULT_ERROR };
  }
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return { ok: true, name: fileName };
}
