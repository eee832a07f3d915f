// The one SICAM pusher (docs/ARCHITECTURE.md, "SICAM workers"). Every keyed call Faena owes SICAM
// (the push of an approved purchase request, a work order's material-creation request, a product
// annulment) is a `PushKind`: its queues, its job's key, what to check before calling, the call
// and how its reply or failure becomes an event. This module is the one implementation of what
// they share: the enqueue in the caller's transaction (one live job per key), the resend with the
// first key and body, the worker's attempts with retries, the dead letter, and the outcome's
// NOTIFY that a resend waits on.
import { randomUUID } from 'node:crypto';
import type { JobWithMetadata, PgBoss, Queue, SendOptions, WorkOptions } from 'pg-boss';
import type { Sql, TransactionSql } from 'postgres';
import { fold } from '../../../events/decider';
import { CommandRejected } from '../../../events/errors';
import type { Aggregate } from '../../../events/execute';
import { streamIdOf, type EventStore } from '../../../events/store';
import type { Event, RecordedEvent } from '../../../events/types';
import { txDb } from '../../shared/boss';
import type { Logger } from '../../shared/logger';
import { SicamError, type SicamClient } from '../../shared/sicam-client';

export type PushDeps = { store: EventStore; sicam: SicamClient; log?: Logger };
/** What a kind's enqueue, resend and worker need. */
export type SicamJobDeps = PushDeps & { boss: PgBoss };
/** What recording an outcome needs. */
export type OutcomeDeps = Pick<PushDeps, 'store' | 'log'>;

/** What the outcome's event carries besides its command id. */
export type PushMetadata = { correlationId?: string; causationId: string };

/** Every job carries SICAM's idempotency key (an event's id, the same for every retry and resend). */
export type KeyedJob = { key: string };

/** Before a call: skip the job (why), or call SICAM (the correlation id its outcome carries). */
export type PushReady = { skip: string } | { correlationId?: string };

/** One attempt of a job, as pg-boss hands it over. */
export type PushAttempt<J> = Pick<JobWithMetadata<J>, 'data' | 'retryCount' | 'retryLimit'>;

/** A kind of SICAM call, declared once. */
export type PushKind<J extends KeyedJob, Reply> = {
  /** The call, in log lines ('SICAM push', 'SICAM materials push', 'SICAM product annulment'). */
  label: string;
  /** The job's queue (one live job per `singletonKey`) and its dead-letter queue. */
  queue: string;
  failedQueue: string;
  singletonKey(job: J): string;
  /** What identifies the job in log lines. */
  logFields(job: J): Record<string, unknown>;
  /** The event stream the outcome is recorded on (the NOTIFY's payload a resend waits for). */
  streamOf(job: J): string;
  /** Before the call: a reason to skip the job (its outcome is recorded already, or nothing is
   * owed any more), or the correlation id the outcome's events carry. */
  prepare(deps: PushDeps, job: J): Promise<PushReady>;
  call(sicam: SicamClient, job: J): Promise<Reply>;
  /** Records SICAM's acceptance; answers the job's outcome. */
  recordSent(deps: PushDeps, job: J, reply: Reply, metadata: PushMetadata): Promise<string>;
  /** Records a failure: SICAM's refusal, the last attempt's reason or `interrupted`. */
  recordFailed(deps: OutcomeDeps, job: J, reason: string, attempts: number, metadata: PushMetadata): Promise<void>;
  /** The failure recorded by the dead-letter handler (a last attempt that ended without one). */
  interrupted: string;
  /** The handler's fetching, over the defaults (10 jobs at a time, one loop, every 0.5 s). */
  work?: Pick<WorkOptions, 'batchSize' | 'localConcurrency' | 'burstWhenBatchFull'>;
};

/** Pushes that keep their first key and body in a bookkeeping row (`sicam_pushes`,
 * `sicam_material_pushes`): a resend sends them unchanged, and each enqueue starts a `series`
 * under which the failure it ends with is recorded once, however often its job is run. */
export type BodyJob = KeyedJob & { body: Record<string, unknown>; series: string };
export type PushRow = { table: 'sicam_pushes' | 'sicam_material_pushes'; column: 'id_solicitud_compra' | 'id_orden_trabajo' };

/** The queues of a kind and their policies, in creation order (the dead-letter queue before its
 * source). */
export function pushQueues(kind: Pick<PushKind<KeyedJob, unknown>, 'queue' | 'failedQueue'>): [string, Omit<Queue, 'name'>][] {
  return [
    [kind.failedQueue, { retryLimit: 5, retryDelay: 5, retryBackoff: true }],
    [kind.queue, { policy: 'exclusive', deadLetter: kind.failedQueue }],
  ];
}

/** Retries of a SICAM job: 9 attempts over about six minutes (2 s, 4 s, 8 s… doubling with
 * jitter, at most 2 minutes apart), so an outage of a few minutes is ridden out. An attempt may
 * run 60 s (the client gives up after 10 s); one whose worker died is retried once pg-boss sees it
 * expired, and the last one without an outcome reaches `failedQueue`. */
export function pushRetries(failedQueue: string): SendOptions {
  return { retryLimit: 8, retryDelay: 2, retryBackoff: true, retryDelayMax: 120, expireInSeconds: 60, deadLetter: failedQueue };
}

/** Queues one job of a kind through `db` (a transaction's adapter: the job commits or rolls back
 * with the caller's events). While a job of the same key is queued, waiting for a retry or
 * running, none is queued and the answer is null. `options` override the retries (tests). */
export function sendPush<J extends KeyedJob>(boss: PgBoss, kind: PushKind<J, unknown>, job: J, db: ReturnType<PgBoss['getDb']>, options: SendOptions = {}): Promise<string | null> {
  const send: SendOptions = { ...pushRetries(kind.failedQueue), ...options, singletonKey: kind.singletonKey(job), db };
  if (send.retryBackoff !== true) delete send.retryDelayMax; // pg-boss takes a maximum only with backoff
  return boss.send(kind.queue, job, send);
}

/** Queues a push that keeps its first key and body in `row`: inside `tx` (the command's
 * transaction, through `execute`'s `within`) the row and the job commit or roll back with the
 * events. The first key and body are what SICAM knows the record by (it refuses a known key with
 * another body): every later push of it, a resend included, sends them unchanged. */
export async function enqueueWithBody<J extends BodyJob>(
  boss: PgBoss,
  kind: PushKind<J, unknown>,
  row: PushRow,
  id: number,
  job: Omit<J, 'series'>,
  tx?: TransactionSql,
  options: SendOptions = {},
): Promise<string | null> {
  const db = tx ? txDb(tx) : boss.getDb();
  const { rows: [first] } = await db.executeSql(
    `INSERT INTO ${row.table} (${row.column}, key, body) VALUES ($1, $2::text::uuid, $3::text::jsonb)
     ON CONFLICT (${row.column}) DO UPDATE SET updated_at = now()
     RETURNING key::text AS key, body`,
    [id, job.key, JSON.stringify(job.body)],
  );
  const data = { ...job, key: first.key as string, body: first.body as Record<string, unknown>, series: randomUUID() } as J;
  return sendPush(boss, kind, data, db, options);
}

/** The body a row keeps for a record, or null when none was queued. */
export async function keptBody(sql: Sql, row: PushRow, id: number): Promise<Record<string, unknown> | null> {
  const [r] = await sql<{ body: Record<string, unknown> }[]>`SELECT body FROM ${sql(row.table)} WHERE ${sql(row.column)} = ${id}`;
  return r?.body ?? null;
}

/** A pushed record's stream: its events, folded state and version, and the last event of
 * `requestType` (the one whose id keys the push: the approval, the material request). */
export async function loadPushed<S, C, E extends Event>(store: EventStore, agg: Aggregate<S, C, E>, id: number, requestType: E['type']) {
  const events = (await store.readStream(streamIdOf(agg.streamType, id))) as RecordedEvent<E>[];
  const state: S = fold(agg.decider, events);
  return { events, state, version: events.length ? events[events.length - 1].version : 0, request: events.findLast((e) => e.type === requestType) };
}

/** The channel on which a push's outcome is announced after commit (payload: its stream id). */
export const SICAM_OUTCOME_CHANNEL = 'sicam_outcome';

/**
 * One attempt of a job. SICAM accepted: `recordSent`. SICAM refused (4xx, final at once) or the
 * last attempt found it unavailable: `recordFailed` with SICAM's or the client's reason, and the
 * job ends. SICAM unavailable otherwise: the error is thrown and pg-boss retries. A job whose
 * outcome is recorded already, or that nothing asks for any more, is skipped.
 */
export async function runPush<J extends KeyedJob, Reply>(deps: PushDeps, kind: PushKind<J, Reply>, job: PushAttempt<J>): Promise<string> {
  const data = job.data;
  const ready = await kind.prepare(deps, data);
  if ('skip' in ready) {
    deps.log?.info(`${kind.label} skipped`, { ...kind.logFields(data), reason: ready.skip });
    return 'skipped';
  }
  const metadata: PushMetadata = { correlationId: ready.correlationId, causationId: data.key };
  let reply: Reply;
  try {
    reply = await kind.call(deps.sicam, data);
  } catch (error) {
    if (error instanceof SicamError && (!error.retryable || job.retryCount >= job.retryLimit)) {
      const attempts = job.retryCount + 1;
      await kind.recordFailed(deps, data, error.message, attempts, metadata);
      deps.log?.warn(`${kind.label} failed`, { ...kind.logFields(data), attempts, reason: error.message, status: error.status });
      announce(deps, kind, data);
      return 'failed';
    }
    throw error;
  }
  const outcome = await kind.recordSent(deps, data, reply, metadata);
  announce(deps, kind, data);
  return outcome;
}

/** The dead-letter handler's step: a job whose last attempt ended without an outcome. */
export async function recordInterrupted<J extends KeyedJob>(deps: OutcomeDeps, kind: PushKind<J, unknown>, job: Pick<JobWithMetadata<J>, 'data' | 'sourceRetryCount'>): Promise<void> {
  await kind.recordFailed(deps, job.data, kind.interrupted, (job.sourceRetryCount ?? 0) + 1, { causationId: job.data.key });
  announce(deps, kind, job.data);
}

function announce<J extends KeyedJob>(deps: OutcomeDeps, kind: PushKind<J, unknown>, job: J) {
  deps.store.sql.notify(SICAM_OUTCOME_CHANNEL, kind.streamOf(job)).catch(() => {});
}

/** Records an outcome command; one the aggregate refuses now (the record moved on meanwhile) is
 * logged, not retried. */
export async function recordOutcome(deps: OutcomeDeps, label: string, fields: Record<string, unknown>, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof CommandRejected)) throw error;
    deps.log?.warn(`${label} outcome not recorded`, { ...fields, reason: error.message });
  }
}

/** Registers a kind's handler and its dead-letter handler; `work` overrides the kind's fetching. */
export async function startPushWorker<J extends KeyedJob, Reply>(boss: PgBoss, deps: PushDeps & { log: Logger }, kind: PushKind<J, Reply>, work: PushKind<J, Reply>['work'] = {}): Promise<void> {
  const { log } = deps;
  await boss.work(
    kind.queue,
    { includeMetadata: true, perJobResults: true, batchSize: 10, localConcurrency: 1, pollingIntervalSeconds: 0.5, ...kind.work, ...work },
    async (jobs: JobWithMetadata<J>[]) =>
      Promise.all(
        jobs.map(async (job) => {
          try {
            return { id: job.id, status: 'completed' as const, output: { outcome: await runPush(deps, kind, job) } };
          } catch (error) {
            log.info(`${kind.label} will be retried`, { ...kind.logFields(job.data), attempt: job.retryCount + 1, error: (error as Error).message });
            return { id: job.id, status: 'failed' as const, output: { message: (error as Error).message } };
          }
        }),
      ),
  );
  await boss.work(kind.failedQueue, { includeMetadata: true, pollingIntervalSeconds: 2 }, async ([job]: JobWithMetadata<J>[]) => {
    await recordInterrupted(deps, kind, job);
  });
}

/** How far a record's pushes got: its accepted and failed outcome events. */
export type OutcomeCount = { sent: number; failed: number };

/**
 * A resend's wait for its push's outcome, without polling the database: LISTENs on
 * SICAM_OUTCOME_CHANNEL before `resend` queues the push, and counts `stream`'s outcome events
 * once then on each announcement for that stream (and every few seconds, in case one was lost).
 * 'sent' once an acceptance was recorded, 'failed' once a new failure was, null when `waitMs`
 * passed with neither (the retries go on in the background).
 */
export async function resendAndWait(
  sql: Sql,
  stream: string,
  types: { sent: string; failed: string },
  resend: () => Promise<unknown>,
  waitMs: number,
): Promise<'sent' | 'failed' | null> {
  const count = async () => {
    const [ev] = await sql<OutcomeCount[]>`
      SELECT count(*) FILTER (WHERE event_type = ${types.sent})::int AS sent, count(*) FILTER (WHERE event_type = ${types.failed})::int AS failed
        FROM es_events WHERE stream_id = ${stream}`;
    return ev;
  };
  const signal = announcements(stream);
  const listener = await sql.listen(SICAM_OUTCOME_CHANNEL, signal.hear);
  try {
    const before = await count();
    await resend();
    const deadline = Date.now() + waitMs;
    for (;;) {
      signal.clear();
      const now = await count();
      if (now.sent > before.sent) return 'sent';
      if (now.failed > before.failed) return 'failed';
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await signal.next(Math.min(left, 2_000));
    }
  } finally {
    signal.clear();
    await listener.unlisten().catch(() => {});
  }
}

/** The announcements for one stream: `next(ms)` resolves on one heard since the last `clear()`
 * (at once when one was heard meanwhile) or after `ms`. */
function announcements(stream: string) {
  let heard = false;
  let wake: (() => void) | null = null;
  return {
    hear(payload: string) {
      if (payload !== stream) return;
      heard = true;
      wake?.();
    },
    clear() {
      heard = false;
    },
    next(ms: number): Promise<void> {
      if (heard) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });
    },
  };
}

/** What a status pull did: the records read in SICAM, the events written, the records that failed. */
export type PullResult = { polled: number; events: number; failed: number };

/** The periodic status pull's sweep over the pushed records (`ids`), 8 at a time. `pullOne`
 * answers the events it wrote, or null for a record with nothing to read in SICAM (not counted);
 * one record's failure is counted and logged as `label` and the rest go on. */
export async function pullEach(deps: Pick<PushDeps, 'log'>, label: string, ids: readonly number[], pullOne: (id: number) => Promise<number | null>): Promise<PullResult> {
  const result: PullResult = { polled: 0, events: 0, failed: 0 };
  let next = 0;
  const lane = async () => {
    while (next < ids.length) {
      const id = ids[next++];
      try {
        const written = await pullOne(id);
        if (written === null) continue;
        result.events += written; // after the await: `x += await …` would add to a stale total
        result.polled += 1;
      } catch (error) {
        result.failed += 1;
        deps.log?.warn(label, { id, error: (error as Error).message });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, ids.length) }, lane));
  return result;
}
