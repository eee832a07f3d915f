/** The title of the notice an is_new reply opens (seed 002 §8). */
export const AVISO = 'Aviso';

/** How an ok reply of a row action is shown (seed 002 §8): success is the msg in a toast (or the
 * action's default text); a reply flagged `is_new`, for an action that asks for it (a request
 * generated from a work order), is its msg in an info dialog titled 'Aviso'. */
export function okNotice(envelope: { msg?: unknown; is_new?: unknown }, done: string, aviso = false): { kind: 'aviso' | 'toast'; message: string } {
  const message = typeof envelope.msg === 'string' && envelope.msg ? envelope.msg : done;
  return { kind: aviso && envelope.is_new === true ? 'aviso' : 'toast', message };
}
