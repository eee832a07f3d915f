/** The reply envelope of every call (seed 000 §7). `errors` may come as a field → message map or
 * as a list of field/message pairs (seed 000 §8); `fieldErrors` reads both. */
export type Envelope = { ok: boolean; msg: string; errors: Record<string, string> | { field: string; message: string }[] } & Record<string, unknown>;

export const DEFAULT_ERROR = 'Se produjo un error';
export const SESSION_EXPIRED = 'session_expired';

export function fieldErrors(errors: Envelope['errors'] | undefined): Record<string, string> {
  if (!errors) return {};
  if (Array.isArray(errors)) return Object.fromEntries(errors.map((e) => [e.field, e.message]));
  return errors;
}

/** A failed call, thrown for TanStack Query; carries the envelope. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly envelope: Envelope,
  ) {
    super(envelope.msg || DEFAULT_ERROR);
    this.name = 'ApiFailure';
  }
}
