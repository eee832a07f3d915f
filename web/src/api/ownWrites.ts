/** The ids one write travels with: `idempotencyKey` lets the server store a retried submit once
 * (the same key with the same body answers the first reply); `correlationId` is recorded in the
 * metadata of every event the write causes and comes back on their live pushes. */
export type WriteIds = { idempotencyKey: string; correlationId: string };

/** How many of this browser's write ids are remembered: far more than can be in flight, so an
 * echo is never forgotten before it arrives, and the set stays small. */
const REMEMBERED = 200;

/** Correlation ids this browser sent, oldest first (a Set keeps insertion order). */
const sent = new Set<string>();

/** A random UUID (v4). `crypto.randomUUID` needs a secure context; a site served over plain HTTP
 * on a LAN address is not one, while `getRandomValues` works everywhere. */
export function uuid(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Fresh ids for a new submit, its correlation id remembered as this browser's own. */
export function newWriteIds(): WriteIds {
  const ids = { idempotencyKey: uuid(), correlationId: uuid() };
  rememberOwnWrite(ids.correlationId);
  return ids;
}

/** Remembers a correlation id as this browser's own write. */
export function rememberOwnWrite(correlationId: string): void {
  sent.delete(correlationId);
  sent.add(correlationId);
  while (sent.size > REMEMBERED) sent.delete(sent.values().next().value as string);
}

/** True when a live push names a correlation id this browser sent: the push is the echo of the
 * user's own write (refresh at once, no 'Actualizar' banner). Another user's change, or a change
 * with no correlation id at all (a job, a demo loader), is news. */
export function isOwnWrite(correlationId: unknown): boolean {
  return typeof correlationId === 'string' && sent.has(correlationId);
}
