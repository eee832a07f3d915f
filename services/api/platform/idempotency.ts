import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { Sql } from 'postgres';
import { ApiError } from './api-error';
import { errorEnvelope } from './envelope';

/** Retry safety for write routes (issue 12): a POST with an `Idempotency-Key` header runs once per
 * caller, method, path and key; a repeat with the same request gets the first reply back, byte for
 * byte, with `Idempotent-Replayed: true`. The rules are in docs/DECISIONS.md. */

export const MSG_KEY_INVALID = 'La clave de idempotencia debe tener entre 1 y 200 caracteres ASCII imprimibles';
export const MSG_KEY_REUSED = 'La clave de idempotencia ya se usó con otros datos';
export const MSG_KEY_IN_PROGRESS = 'La solicitud anterior con esta clave sigue en curso';

export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** A key is forgotten after this long: the same key then runs as a new request. */
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a repeat waits for the first request with its key to finish before a 409. */
export const WAIT_MS = 10_000;
/** A 'pending' claim older than this belongs to a process that died mid-request: a repeat takes
 * it over (under the same command id, so nothing the dead one stored is stored twice). */
export const ABANDONED_MS = 60_000;

/** Statuses that say "try again later" rather than "this request is refused": never stored. */
const RETRY_LATER = new Set([408, 425, 429]);

/** The key of a request, or null without the header; a malformed key is a 400. */
export function idempotencyKeyOf(c: Context): string | null {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return null;
  if (!/^[\x20-\x7e]{1,200}$/.test(key)) throw new ApiError(400, MSG_KEY_INVALID);
  return key;
}

/** Who may share a key's reply: the signed-in user (anonymous calls share 'anon'), method and path. */
export function idempotencyScope(userId: number | null, method: string, path: string): string {
  return `${userId ?? 'anon'} ${method} ${path}`;
}

/** SHA-256 of the method, the path with its query and the raw body bytes. A multipart body is
 * hashed without its boundary: a browser picks a new random boundary each time it sends the same
 * FormData, and a retried upload must still match. */
export function requestHash(method: string, pathAndQuery: string, contentType: string, body: Uint8Array): Buffer {
  const hash = createHash('sha256').update(`${method} ${pathAndQuery}\n`);
  const boundary = /^multipart\/form-data;.*\bboundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return hash.update(body).digest();
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const marker = Buffer.from(`--${boundary}`);
  let from = 0;
  for (let at = bytes.indexOf(marker, from); at !== -1; at = bytes.indexOf(marker, from)) {
    hash.update(bytes.subarray(from, at)).update('\0--boundary\0');
    from = at + marker.length;
  }
  return hash.update(bytes.subarray(from)).digest();
}

export type Claim = { scope: string; key: string; hash: Buffer; requestId: string };
/** A reply of the route, and whether it may be stored for replay (an envelope, not a download). */
export type RouteResponse = { response: Response; storable: boolean };

type Row = { request_hash: Buffer; state: 'pending' | 'done' | 'failed'; status: number | null; content_type: string | null; body: string | null };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function envelopeResponse(status: number, msg: string, requestId: string): Response {
  return new Response(JSON.stringify(errorEnvelope(msg)), { status, headers: { 'content-type': 'application/json', 'x-request-id': requestId } });
}

/** Runs `run` once for the claim's scope and key. The first request inserts a 'pending' row and
 * runs with a new command id; a repeat of the same request waits for it and replays its stored
 * reply, or claims a released row ('failed', or 'pending' past ABANDONED_MS) and runs under the
 * row's command id; a different request under the key is a 422. */
export async function runOnce(sql: Sql, now: () => Date, claim: Claim, run: (commandId: string) => Promise<RouteResponse>): Promise<Response> {
  const { scope, key, hash, requestId } = claim;
  await sql`DELETE FROM idempotency_keys WHERE created_at < ${new Date(now().getTime() - KEY_TTL_MS)}`;
  const deadline = Date.now() + WAIT_MS;
  let delay = 10;
  for (;;) {
    const at = now();
    const [owned] = await sql<{ command_id: string }[]>`
      INSERT INTO idempotency_keys (scope, key, request_hash, command_id, state, created_at, claimed_at)
      VALUES (${scope}, ${key}, ${hash}, ${randomUUID()}, 'pending', ${at}, ${at})
      ON CONFLICT (scope, key) DO UPDATE SET state = 'pending', claimed_at = EXCLUDED.claimed_at
       WHERE idempotency_keys.request_hash = EXCLUDED.request_hash
         AND (idempotency_keys.state = 'failed'
              OR (idempotency_keys.state = 'pending' AND idempotency_keys.claimed_at < ${new Date(at.getTime() - ABANDONED_MS)}))
      RETURNING command_id`;
    if (owned) {
      let reply: RouteResponse;
      try {
        reply = await run(owned.command_id);
      } catch (error) {
        await sql`UPDATE idempotency_keys SET state = 'failed' WHERE scope = ${scope} AND key = ${key}`;
        throw error;
      }
      return settle(sql, claim, reply);
    }

    const [row] = await sql<Row[]>`
      SELECT request_hash, state, status, content_type, body FROM idempotency_keys WHERE scope = ${scope} AND key = ${key}`;
    if (!row) continue; // expired and deleted between the two statements: claim it anew
    if (!row.request_hash.equals(hash)) return envelopeResponse(422, MSG_KEY_REUSED, requestId);
    if (row.state === 'done') {
      return new Response(row.body, {
        status: row.status!,
        headers: { 'content-type': row.content_type ?? 'application/json', 'x-request-id': requestId, [REPLAYED_HEADER]: 'true' },
      });
    }
    if (row.state === 'failed') continue; // released since the insert: claim it
    if (Date.now() + delay > deadline) return envelopeResponse(409, MSG_KEY_IN_PROGRESS, requestId);
    await sleep(delay);
    delay = Math.min(delay * 2, 250);
  }
}

/** Stores a final reply (2xx, or a 4xx other than "try again later") for replay; any other reply
 * releases the claim, and a download (not an envelope) drops the row: its bytes are not kept. */
async function settle(sql: Sql, { scope, key }: Claim, { response, storable }: RouteResponse): Promise<Response> {
  const status = response.status;
  if (!storable) {
    await sql`DELETE FROM idempotency_keys WHERE scope = ${scope} AND key = ${key}`;
    return response;
  }
  if (status >= 500 || status < 200 || RETRY_LATER.has(status)) {
    await sql`UPDATE idempotency_keys SET state = 'failed' WHERE scope = ${scope} AND key = ${key}`;
    return response;
  }
  const body = await response.text();
  const contentType = response.headers.get('content-type') ?? 'application/json';
  await sql`UPDATE idempotency_keys SET state = 'done', status = ${status}, content_type = ${contentType}, body = ${body}
             WHERE scope = ${scope} AND key = ${key}`;
  return new Response(body, { status, headers: response.headers });
}
