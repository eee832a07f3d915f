/** The reply envelope of every call (seed 000 §7): `ok`, `msg`, `errors` (field → Spanish
 * message) plus the payload. The HTTP status tells the truth too. */
export type Envelope = { ok: boolean; msg: string; errors: Record<string, string> };

export const DEFAULT_ERROR = 'Se produjo un error';

export function okEnvelope<P extends Record<string, unknown>>(payload: P = {} as P, msg = ''): Envelope & P {
  return { ok: true, msg, errors: {}, ...payload };
}

export function errorEnvelope(msg: string, errors: Record<string, string> = {}, extra: Record<string, unknown> = {}): Envelope {
  return { ok: false, msg, errors, ...extra };
}
