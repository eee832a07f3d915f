// The reply envelope of every call (seed 000 §7), as the server writes it and the web reads it.

/** `ok`, `msg`, `errors` plus the payload; the HTTP status tells the truth too. The server sends
 * `errors` as a field → Spanish message map; seed 000 §8 also allows a list of field/message
 * pairs, which clients read with fieldErrors. */
export type Envelope = { ok: boolean; msg: string; errors: Record<string, string> | FieldErrorPair[] } & Record<string, unknown>;

export type FieldErrorPair = { field: string; message: string };

/** The message of a failure that brought none. */
export const DEFAULT_ERROR = 'Se produjo un error';

/** `msg` of a 401 for a token that is expired, closed or revoked (seed 000 §8: the client then
 * opens 'La sesión ha expirado'). */
export const SESSION_EXPIRED = 'session_expired';

/** Field errors as a field → message map, whichever form they came in. */
export function fieldErrors(errors: Envelope['errors'] | undefined): Record<string, string> {
  if (!errors) return {};
  if (Array.isArray(errors)) return Object.fromEntries(errors.map((e) => [e.field, e.message]));
  return errors;
}
