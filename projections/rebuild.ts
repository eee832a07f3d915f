import type { Sql } from 'postgres';
import type { EventStore, InlineProjection } from '../events/store';
import { LOG_START, type LogPosition } from '../events/types';
import type { AsyncProjection } from './types';

export type RebuildProgress = { projection: string; events: number; total: number; elapsedMs: number };

export type RebuildResult = { projection: string; events: number; applied: number; elapsedMs: number; eventsPerSecond: number };

const BATCH = 5000;

/** Replays a projection from the start of the log in one transaction: its tables are emptied and
 * refilled, and (for async projections) its checkpoint set to the last event replayed. Readers see
 * the old tables until the commit. A live runner of the same projection is not disturbed: its next
 * compare-and-set fails against the new checkpoint and it carries on from there. */
export async function rebuildProjection(
  sql: Sql,
  store: EventStore,
  projection: AsyncProjection | InlineProjection,
  kind: 'async' | 'inline',
  onProgress?: (p: RebuildProgress) => void,
): Promise<RebuildResult> {
  const started = performance.now();
  const [{ total }] = await sql<{ total: number }[]>`SELECT count(*)::bigint AS total FROM es_events`;
  let read = 0;
  let applied = 0;
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext(${`faena:rebuild:${projection.name}`}))`;
    if (kind === 'async') {
      await tx`INSERT INTO es_checkpoints (projector) VALUES (${projection.name}) ON CONFLICT DO NOTHING`;
      await tx`SELECT 1 FROM es_checkpoints WHERE projector = ${projection.name} FOR UPDATE`;
    }
    await projection.reset(tx);
    let after: LogPosition = LOG_START;
    for (;;) {
      // Async projections follow the commit-order rule (their checkpoint must never pass an event
      // still in flight); inline ones replay everything committed, since in-flight appends will
      // apply themselves once this transaction releases the tables.
      const events =
        kind === 'async' ? await store.readAll({ after, limit: BATCH }, tx) : await store.readAllVisible(after, BATCH, tx);
      if (events.length === 0) break;
      const relevant = events.filter((e) => projection.handles(e));
      if (relevant.length) await projection.apply(tx, relevant);
      read += events.length;
      applied += relevant.length;
      const last = events[events.length - 1];
      after = { transactionId: last.transactionId, globalPosition: last.globalPosition };
      onProgress?.({ projection: projection.name, events: read, total, elapsedMs: performance.now() - started });
    }
    if (kind === 'async') {
      await tx`UPDATE es_checkpoints SET last_txid = ${after.transactionId}::xid8, last_position = ${after.globalPosition},
        updated_at = now() WHERE projector = ${projection.name}`;
    }
  });
  const elapsedMs = performance.now() - started;
  return { projection: projection.name, events: read, applied, elapsedMs, eventsPerSecond: read / (elapsedMs / 1000) };
}
