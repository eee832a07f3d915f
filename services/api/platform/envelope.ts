import type { Envelope } from '@shared/envelope';

/** A success reply: the envelope (shared/envelope.ts) around the payload. */
export function okEnvelope<P extends Record<string, unknown>>(payload: P = {} as P, msg = ''): Envelope & P {
  return { ok: true, msg, errors: {}, ...payload };
}

/** A refusal: `ok: false`, the Spanish message, field errors, and any extra fields. */
export function errorEnvelope(msg: string, errors: Record<string, string> = {}, extra: Record<string, unknown> = {}): Envelope {
  return { ok: false, msg, errors, ...extra };
}
