import type { ReservedSql, Sql } from 'postgres';
import { EVENTS_CHANNEL, type EventStore } from '../events/store';
import type { LogPosition, RecordedEvent } from '../events/types';
import type { AsyncProjection, Publish } from './types';

export type ProjectorOptions = {
  /** Polling fallback: correctness never depends on a notification (about 1 s). */
  pollMs?: number;
  publish?: Publish;
  log?: (message: string) => void;
  /** Called after each committed batch (tests and benchmarks observe progress with it). */
  onBatch?: (projection: string, events: RecordedEvent[]) => void;
};

export type Projector = { stop(): Promise<void>; isLeader(name: string): boolean };

class CheckpointMoved extends Error {}

function lockKey(name: string) {
  return `faena:projection:${name}`;
}

export async function readCheckpoint(sql: Sql, name: string): Promise<LogPosition> {
  await sql`INSERT INTO es_checkpoints (projector) VALUES (${name}) ON CONFLICT DO NOTHING`;
  const [row] = await sql<{ last_txid: string; last_position: number }[]>`
    SELECT last_txid::text AS last_txid, last_position FROM es_checkpoints WHERE projector = ${name}`;
  return { transactionId: row.last_txid, globalPosition: row.last_position };
}

export type BatchResult = {
  /** Events read from the log (all types). */
  read: number;
  /** The events this projection handled. */
  applied: RecordedEvent[];
  /** The checkpoint after the batch; null when another runner moved it first. */
  to: LogPosition | null;
};

/** Processes one batch after the checkpoint: the projection's writes and the compare-and-set of
 * its checkpoint commit together, so a crash mid-batch loses nothing and applies nothing twice,
 * and a second runner that slipped past the lock cannot apply the same batch. */
export async function processBatch(
  sql: Sql,
  store: EventStore,
  projection: AsyncProjection,
  from: LogPosition,
): Promise<BatchResult> {
  const events = await store.readAll({ after: from, limit: projection.batchSize ?? 1000 });
  if (events.length === 0) return { read: 0, applied: [], to: from };
  const relevant = events.filter((e) => projection.handles(e));
  const last = events[events.length - 1];
  try {
    await sql.begin(async (tx) => {
      if (relevant.length) await projection.apply(tx, relevant);
      const moved = await tx`
        UPDATE es_checkpoints
           SET last_txid = ${last.transactionId}::xid8, last_position = ${last.globalPosition}, updated_at = now()
         WHERE projector = ${projection.name}
           AND last_txid = ${from.transactionId}::xid8 AND last_position = ${from.globalPosition}`;
      if (moved.count !== 1) throw new CheckpointMoved();
    });
  } catch (error) {
    if (error instanceof CheckpointMoved) return { read: events.length, applied: [], to: null };
    throw error;
  }
  return { read: events.length, applied: relevant, to: { transactionId: last.transactionId, globalPosition: last.globalPosition } };
}

/** A reader of the log that one process at a time may run: an async projection or a reactor. */
export type LogConsumer = {
  kind: 'projection' | 'reactor';
  /** Its name in logs and in `isLeader`. */
  name: string;
  /** The advisory lock that keeps it to one active runner across processes. */
  lockKey: string;
  /** Its row of es_checkpoints. */
  checkpoint: string;
  /** One batch after `from`; `to: null` when another runner moved the checkpoint first. */
  step(from: LogPosition): Promise<BatchResult>;
  /** After a committed batch that handled events. */
  afterBatch?(applied: RecordedEvent[]): void;
};

export type ConsumerOptions = Pick<ProjectorOptions, 'pollMs' | 'log'>;

/** Runs async projections: one active runner per projection across all processes (a session
 * advisory lock on a reserved connection); the others stand by and take over when it dies. Woken
 * by LISTEN/NOTIFY after commits, with a polling fallback. */
export async function startProjector(
  sql: Sql,
  store: EventStore,
  projections: AsyncProjection[],
  options: ProjectorOptions = {},
): Promise<Projector> {
  return runLogConsumers(
    sql,
    store,
    projections.map((projection) => ({
      kind: 'projection' as const,
      name: projection.name,
      lockKey: lockKey(projection.name),
      checkpoint: projection.name,
      step: (from) => processBatch(sql, store, projection, from),
      afterBatch(applied) {
        options.onBatch?.(projection.name, applied);
        if (options.publish) projection.afterCommit?.(applied, options.publish);
      },
    })),
    options,
  );
}

/** The loop behind the projector and the reactors: per consumer, wait for its advisory lock (a
 * standby polls for it), then follow the log from its checkpoint until stopped. A failure (a lost
 * connection, a database restart) releases the lock and retries with a growing pause, 0.5 s up to
 * 10 s, reset by the next good batch. */
export async function runLogConsumers(sql: Sql, store: EventStore, consumers: LogConsumer[], options: ConsumerOptions = {}): Promise<Projector> {
  const pollMs = options.pollMs ?? 1000;
  const log = options.log ?? (() => {});
  let stopped = false;
  const leaders = new Set<string>();
  const wakers = new Set<() => void>();
  // Pauses after a failure end early only on stop, not on every notification.
  const pauses = new Set<() => void>();
  let wakeups = 0;
  const wakeAll = () => {
    wakeups++;
    for (const w of [...wakers]) w();
  };

  const listener = await sql.listen(EVENTS_CHANNEL, wakeAll);

  function sleep(ms: number, on = wakers) {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        on.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      on.add(done);
    });
  }

  async function run(consumer: LogConsumer) {
    let failures = 0;
    while (!stopped) {
      let reserved: ReservedSql | undefined;
      try {
        reserved = await sql.reserve();
        const [{ locked }] = await reserved<{ locked: boolean }[]>`
          SELECT pg_try_advisory_lock(hashtext(${consumer.lockKey})) AS locked`;
        if (!locked) {
          reserved.release();
          reserved = undefined;
          await sleep(pollMs);
          continue;
        }
        leaders.add(consumer.name);
        log(`${consumer.kind} ${consumer.name}: active`);
        let checkpoint = await readCheckpoint(sql, consumer.checkpoint);
        while (!stopped) {
          const seen = wakeups;
          const batch = await consumer.step(checkpoint);
          failures = 0;
          if (batch.to === null) {
            checkpoint = await readCheckpoint(sql, consumer.checkpoint);
            continue;
          }
          checkpoint = batch.to;
          if (batch.applied.length) consumer.afterBatch?.(batch.applied);
          if (batch.read > 0 || wakeups !== seen) continue;
          // Nothing readable. If committed events wait behind an older running transaction
          // (pg_snapshot_xmin), look again shortly: that transaction may never notify. Otherwise
          // sleep until notified, or polled.
          const waiting = await store.readAllVisible(checkpoint, 1);
          await sleep(waiting.length ? 5 : pollMs);
        }
      } catch (error) {
        if (!stopped) {
          const pause = Math.min(Math.min(pollMs, 500) * 2 ** failures, 10_000);
          failures++;
          log(`${consumer.kind} ${consumer.name}: ${(error as Error).message}; retrying in ${pause} ms`);
          await sleep(pause, pauses);
        }
      } finally {
        leaders.delete(consumer.name);
        if (reserved) {
          try {
            await reserved`SELECT pg_advisory_unlock(hashtext(${consumer.lockKey}))`;
          } catch {
            // The connection is gone, and the lock with it.
          }
          reserved.release();
        }
      }
    }
  }

  const runs = consumers.map((c) => run(c));

  return {
    isLeader: (name) => leaders.has(name),
    async stop() {
      stopped = true;
      wakeAll();
      for (const p of [...pauses]) p();
      await Promise.allSettled(runs);
      await listener.unlisten().catch(() => {});
    },
  };
}
