// The SICAM workers (docs/ARCHITECTURE.md, "SICAM workers"): the push of an approved purchase
// request, exactly once, and the status pull that turns its purchase order's progress into events.
import { createHash, randomUUID } from 'node:crypto';
import type { JobWithMetadata, PgBoss, Queue, SendOptions } from 'pg-boss';
import type { TransactionSql } from 'postgres';
import { fold } from '../../events/decider';
import { CommandRejected } from '../../events/errors';
import { executeOn } from '../../events/execute';
import { RequestState } from '@shared/purchase-request-codes';
import { MSG_NOT_IN_SICAM, MSG_NOT_REQUESTED, MSG_REQUEST_NOT_FOUND, purchaseRequests } from '../../events/purchase-request/decider';
import type { PurchaseRequestEvent, PurchaseRequestState, SicamStatusSeen } from '../../events/purchase-request/types';
import { streamIdOf, type EventStore } from '../../events/store';
import type { RecordedEvent } from '../../events/types';
import { txDb } from '../shared/boss';
import type { Logger } from '../shared/logger';
import { SicamError, type SicamClient, type SicamRequestStatus } from '../shared/sicam-client';
import { startSicamAnnulWorker } from './sicam-annul';
import { pullMaterialsStatus, startSicamMaterialsWorker } from './sicam-materials';

/** Pushes of approved requests to SICAM: one live job per request (queue policy `exclusive`). */
export const SICAM_PUSH_QUEUE = 'sicam-push';
/** Push jobs pg-boss gave up on without the handler recording an outcome (a worker killed or a
 * database error on the last attempt): their handler records the failure, so none is left silent. */
export const SICAM_PUSH_FAILED_QUEUE = 'sicam-push-failed';
/** The periodic status pull: one job per SICAM_POLL_SECONDS slot, one running at a time. */
export const SICAM_PULL_QUEUE = 'sicam-pull';

export const MSG_ALREADY_SENT = 'La solicitud ya fue enviada a SICAM';
export const MSG_PUSH_IN_PROGRESS = 'El envío a SICAM ya está en curso';
export const MSG_NOTHING_TO_RESEND = 'La solicitud no tiene un envío a SICAM que reenviar';
export const MSG_PUSH_INTERRUPTED = 'El envío a SICAM se interrumpió sin respuesta; reenvíe la solicitud';

/** The queues and their policies, in creation order (a dead-letter queue before its source). */
export const SICAM_QUEUE_OPTIONS: [string, Omit<Queue, 'name'>][] = [
  [SICAM_PUSH_FAILED_QUEUE, { retryLimit: 5, retryDelay: 5, retryBackoff: true }],
  [SICAM_PUSH_QUEUE, { policy: 'exclusive', deadLetter: SICAM_PUSH_FAILED_QUEUE }],
  [SICAM_PULL_QUEUE, { policy: 'singleton', retryLimit: 0, expireInSeconds: 300 }],
];

/** Retries of a push: 9 attempts over about six minutes (2 s, 4 s, 8 s… doubling with jitter, at
 * most 2 minutes apart), so an outage of a few minutes is ridden out. An attempt may run 60 s (the
 * client gives up after 10 s); one whose worker died is retried once pg-boss sees it expired. */
export const SICAM_PUSH_OPTIONS: SendOptions = {
  retryLimit: 8,
  retryDelay: 2,
  retryBackoff: true,
  retryDelayMax: 120,
  expireInSeconds: 60,
  deadLetter: SICAM_PUSH_FAILED_QUEUE,
};

/** What a push job carries: the request, SICAM's idempotency key (the PurchaseRequestApproved
 * event id, the same for every retry and resend until a success is recorded) and the body. */
export type SicamPushJob = { id_solicitud_compra: number; key: string; body: Record<string, unknown> };
/** `series`: one id per enqueue (the approval, each resend): the failure it ends with is
 * recorded once under it, however often its job is run. */
type PushJobData = SicamPushJob & { series: string };

export type SicamDeps = { store: EventStore; boss: PgBoss; sicam: SicamClient; log?: Logger };

/** The id of the PurchaseRequestApproved event among a command's events (`within`'s second
 * argument): the key of the request's push. */
export function approvalKeyOf(events: readonly RecordedEvent[]): string {
  const approved = events.find((e) => e.type === 'PurchaseRequestApproved');
  if (!approved) throw new Error('No hay un evento PurchaseRequestApproved entre los eventos del comando');
  return approved.id;
}

/** Queues the push of an approved request. Inside `tx` (the approval's transaction, through
 * `execute`'s `within`) the job and the row that keeps its key and body commit or roll back with
 * the events. While a push of the request is queued, waiting for a retry or running, another one
 * is not queued: the answer is then null. `options` override SICAM_PUSH_OPTIONS (tests). */
export async function enqueueSicamPush(boss: PgBoss, job: SicamPushJob, tx?: TransactionSql, options: SendOptions = {}): Promise<string | null> {
  const db = tx ? txDb(tx) : boss.getDb();
  // The first key and body are what SICAM knows the request by (it refuses a known key with
  // another body): every later push of the request, a resend included, sends them unchanged.
  const { rows: [first] } = await db.executeSql(
    `INSERT INTO sicam_pushes (id_solicitud_compra, key, body) VALUES ($1, $2::text::uuid, $3::text::jsonb)
     ON CONFLICT (id_solicitud_compra) DO UPDATE SET updated_at = now()
     RETURNING key::text AS key, body`,
    [job.id_solicitud_compra, job.key, JSON.stringify(job.body)],
  );
  const data: PushJobData = { id_solicitud_compra: job.id_solicitud_compra, key: first.key, body: first.body, series: randomUUID() };
  const send: SendOptions = { ...SICAM_PUSH_OPTIONS, ...options, singletonKey: `request-${job.id_solicitud_compra}`, db };
  if (send.retryBackoff !== true) delete send.retryDelayMax; // pg-boss takes a maximum only with backoff
  return boss.send(SICAM_PUSH_QUEUE, data, send);
}

async function loadRequest(store: EventStore, id: number) {
  const events = (await store.readStream(streamIdOf(purchaseRequests.streamType, id))) as RecordedEvent<PurchaseRequestEvent>[];
  const state: PurchaseRequestState = fold(purchaseRequests.decider, events);
  return { events, state, version: events.length ? events[events.length - 1].version : 0 };
}

function lastApproval(events: RecordedEvent<PurchaseRequestEvent>[]): RecordedEvent<PurchaseRequestEvent> | undefined {
  for (let i = events.length - 1; i >= 0; i--) if (events[i].type === 'PurchaseRequestApproved') return events[i];
  return undefined;
}

/** Queues the push of an approved request again with the same key and body (the resend of a
 * failed push). Refused when the request was sent already, is not solicitado, or a push of it is
 * queued or running. */
export async function resendToSicam(deps: Pick<SicamDeps, 'store' | 'boss'>, idSolicitud: number): Promise<{ jobId: string }> {
  const { state, events } = await loadRequest(deps.store, idSolicitud);
  if (state.status === 'absent') throw new CommandRejected(MSG_REQUEST_NOT_FOUND, {}, 404);
  if (state.enviadoSicam) throw new CommandRejected(MSG_ALREADY_SENT, {}, 409);
  if (state.estado !== RequestState.solicitado) throw new CommandRejected(MSG_NOT_REQUESTED, {}, 409);
  const approval = lastApproval(events);
  const [row] = await deps.store.sql<{ body: Record<string, unknown> }[]>`SELECT body FROM sicam_pushes WHERE id_solicitud_compra = ${idSolicitud}`;
  if (!approval || !row) throw new CommandRejected(MSG_NOTHING_TO_RESEND, {}, 409);
  const jobId = await enqueueSicamPush(deps.boss, { id_solicitud_compra: idSolicitud, key: approval.id, body: row.body });
  if (!jobId) throw new CommandRejected(MSG_PUSH_IN_PROGRESS, {}, 409);
  return { jobId };
}

export type PushOutcome = 'sent' | 'failed' | 'skipped';

/** One attempt of a push job. SICAM accepted: PurchaseRequestSentToSicam (command id from the key,
 * so a worker killed after SICAM's reply, before or after the commit, never records twice).
 * SICAM refused (4xx): PurchaseRequestSicamFailed with SICAM's message, and the job ends. SICAM
 * unavailable: the error is thrown and pg-boss retries, except on the last attempt, which records
 * the failure with the client's reason. A request already sent, annulled or gone is not pushed. */
export async function runSicamPush(deps: Omit<SicamDeps, 'boss'>, job: Pick<JobWithMetadata<PushJobData>, 'data' | 'retryCount' | 'retryLimit'>): Promise<PushOutcome> {
  const { id_solicitud_compra: id, key, body, series } = job.data;
  const attempts = job.retryCount + 1;
  const { state, events } = await loadRequest(deps.store, id);
  if (state.status === 'absent' || state.enviadoSicam || state.estado !== RequestState.solicitado) {
    deps.log?.info('SICAM push skipped', { id, reason: state.status === 'absent' ? 'absent' : state.enviadoSicam ? 'already sent' : `estado ${state.estado}` });
    return 'skipped';
  }
  const correlationId = lastApproval(events)?.metadata.correlationId;
  let reply: { id_sicam: number };
  try {
    reply = await deps.sicam.pushRequest(key, body);
  } catch (error) {
    if (error instanceof SicamError && (!error.retryable || job.retryCount >= job.retryLimit)) {
      await recordFailure(deps, id, series, error.message, attempts, { correlationId, causationId: key });
      deps.log?.warn('SICAM push failed', { id, attempts, reason: error.message, status: error.status });
      return 'failed';
    }
    throw error;
  }
  const idSicam = String(reply.id_sicam);
  try {
    await executeOn(deps.store, purchaseRequests, id, { type: 'RecordSicamSent', id, idSicam }, {
      commandId: `sicam-sent:${key}`,
      metadata: { correlationId, causationId: key },
      within: async (tx) => {
        await tx`UPDATE sicam_pushes SET id_sicam = ${idSicam}, updated_at = now() WHERE id_solicitud_compra = ${id}`;
      },
    });
  } catch (error) {
    if (!(error instanceof CommandRejected)) throw error;
    // Annulled in Faena while SICAM was accepting it: SICAM is told to annul it too.
    deps.log?.warn('SICAM accepted a request Faena no longer asks for; annulling it in SICAM', { id, idSicam, reason: error.message });
    await deps.sicam.annulRequest(reply.id_sicam).catch((e: Error) => deps.log?.error('SICAM annulment failed', { id, idSicam, error: e.message }));
    return 'skipped';
  }
  return 'sent';
}

async function recordFailure(deps: Pick<SicamDeps, 'store' | 'log'>, id: number, series: string, reason: string, attempts: number, metadata: { correlationId?: string; causationId: string }) {
  try {
    await executeOn(deps.store, purchaseRequests, id, { type: 'RecordSicamFailed', id, reason, attempts }, {
      commandId: `sicam-failed:${series}`,
      metadata,
    });
  } catch (error) {
    if (!(error instanceof CommandRejected)) throw error;
    deps.log?.warn('SICAM failure not recorded', { id, reason: error.message });
  }
}

/** The dead-letter handler: a push whose last attempt ended without an outcome. */
export async function recordInterruptedPush(deps: Pick<SicamDeps, 'store' | 'log'>, job: Pick<JobWithMetadata<PushJobData>, 'data' | 'sourceRetryCount'>) {
  const { id_solicitud_compra: id, key, series } = job.data;
  await recordFailure(deps, id, series, MSG_PUSH_INTERRUPTED, (job.sourceRetryCount ?? 0) + 1, { causationId: key });
}

/** What the decider compares, from SICAM's answer; products in a fixed order. */
function seenOf(status: SicamRequestStatus): SicamStatusSeen {
  return {
    estado: status.estado,
    numero_orden: status.orden?.numero_orden ?? null,
    productos: status.productos
      .map((p) => ({ id_producto_solicitado: p.id_producto_solicitado, precio: p.precio, moneda: p.moneda, anulado: p.anulado }))
      .sort((a, b) => a.id_producto_solicitado - b.id_producto_solicitado),
  };
}

const ORDER_EVENTS: Record<string, string> = {
  PurchaseOrderSentForApproval: 'enviada_aprobacion',
  PurchaseOrderApproved: 'aprobada',
  PurchaseOrderAnnulled: 'anulada',
};

/** Reads one request's status in SICAM and records what changed. The command id is derived from
 * the request, the stream version read and what SICAM answered: two pullers that saw the same
 * thing store one set of events; a status that changes nothing stores nothing. */
async function pullOne(deps: Pick<SicamDeps, 'store' | 'sicam'>, id: number, idSicam: string, version: number): Promise<number> {
  const seen = seenOf(await deps.sicam.requestStatus(Number(idSicam)));
  const digest = createHash('sha256').update(JSON.stringify(seen)).digest('hex').slice(0, 32);
  const r = await executeOn(deps.store, purchaseRequests, id, { type: 'RecordSicamStatus', id, status: seen }, {
    commandId: `sicam-status:${id}:${version}:${digest}`,
    within: async (tx, events) => {
      const last = events.filter((e) => e.type in ORDER_EVENTS).at(-1);
      if (last) await tx`UPDATE sicam_pushes SET orden_estado = ${ORDER_EVENTS[last.type]}, updated_at = now() WHERE id_solicitud_compra = ${id}`;
    },
  });
  return r.idempotent ? 0 : r.events.length;
}

export type SicamPullResult = { polled: number; events: number; failed: number };

/**
 * The status pull. With `idSolicitud` (the central warehouse's "Actualizar Estados"): that
 * request, refused when it is not in SICAM; SICAM's failure (no answer, or a refusal) comes back
 * as `failed: 1`, which the route answers with its 409 (issue 28: never a 5xx). Without: every request sent to SICAM whose order is neither
 * approved nor annulled, a few at a time; one request's failure is logged and the rest go on.
 */
export async function pullSicamStatus(deps: Pick<SicamDeps, 'store' | 'sicam' | 'log'>, idSolicitud?: number): Promise<SicamPullResult> {
  if (idSolicitud !== undefined) {
    const { state, version } = await loadRequest(deps.store, idSolicitud);
    if (state.status === 'absent') throw new CommandRejected(MSG_REQUEST_NOT_FOUND, {}, 404);
    if (!state.enviadoSicam || !state.idSicam) throw new CommandRejected(MSG_NOT_IN_SICAM, {}, 409);
    try {
      return { polled: 1, events: await pullOne(deps, idSolicitud, state.idSicam, version), failed: 0 };
    } catch (error) {
      // SICAM did not answer (or refused): the caller ('Actualizar Estados') answers its own 409
      // 'No se pudo consultar SICAM, intente nuevamente', never a 5xx with SICAM's own words.
      if (error instanceof SicamError) {
        deps.log?.warn('SICAM status pull failed', { id: idSolicitud, error: error.message });
        return { polled: 0, events: 0, failed: 1 };
      }
      throw error;
    }
  }
  const rows = await deps.store.sql<{ id: number }[]>`
    SELECT id_solicitud_compra AS id FROM sicam_pushes
     WHERE id_sicam IS NOT NULL AND (orden_estado IS NULL OR orden_estado = 'enviada_aprobacion')
     ORDER BY id_solicitud_compra`;
  const result: SicamPullResult = { polled: 0, events: 0, failed: 0 };
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const id = rows[next++].id;
      try {
        const { state, version } = await loadRequest(deps.store, id);
        if (state.status === 'absent' || !state.idSicam) continue;
        const written = await pullOne(deps, id, state.idSicam, version);
        result.events += written; // after the await: `x += await …` would add to a stale total
        result.polled += 1;
      } catch (error) {
        result.failed += 1;
        deps.log?.warn('SICAM status pull failed', { id, error: (error as Error).message });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, rows.length) }, lane));
  return result;
}

export type SicamWorkerOptions = {
  /** Seconds between status pulls (SICAM_POLL_SECONDS). */
  pollSeconds: number;
  /** Push jobs fetched at once, and fetch loops per process. */
  batchSize?: number;
  localConcurrency?: number;
};

/** Registers the push, dead-letter and pull handlers (the material-creation pushes'
 * too, ./sicam-materials.ts, and the product annulments', ./sicam-annul.ts; the pull covers both), and the pull's clock: every process sends
 * the pull job of the current SICAM_POLL_SECONDS slot (pg-boss keeps one per slot and runs one at
 * a time), so any number of workers pull once per slot and none is needed in particular. */
export async function startSicamWorker(boss: PgBoss, deps: Omit<SicamDeps, 'boss'> & { log: Logger }, options: SicamWorkerOptions): Promise<{ stop(): void }> {
  const log = deps.log.child({ worker: 'sicam' });
  const ctx = { ...deps, log };
  await boss.work(
    SICAM_PUSH_QUEUE,
    {
      includeMetadata: true,
      perJobResults: true,
      batchSize: options.batchSize ?? 10,
      localConcurrency: options.localConcurrency ?? 2,
      pollingIntervalSeconds: 0.5,
      burstWhenBatchFull: true,
    },
    async (jobs: JobWithMetadata<PushJobData>[]) =>
      Promise.all(
        jobs.map(async (job) => {
          try {
            return { id: job.id, status: 'completed' as const, output: { outcome: await runSicamPush(ctx, job) } };
          } catch (error) {
            log.info('SICAM push will be retried', { id: job.data.id_solicitud_compra, attempt: job.retryCount + 1, error: (error as Error).message });
            return { id: job.id, status: 'failed' as const, output: { message: (error as Error).message } };
          }
        }),
      ),
  );
  await boss.work(SICAM_PUSH_FAILED_QUEUE, { includeMetadata: true, pollingIntervalSeconds: 2 }, async ([job]: JobWithMetadata<PushJobData>[]) => {
    await recordInterruptedPush(ctx, job);
  });
  await startSicamMaterialsWorker(boss, ctx);
  await startSicamAnnulWorker(boss, ctx);
  await boss.work(SICAM_PULL_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
    const r = await pullSicamStatus(ctx);
    if (r.events || r.failed) log.info('SICAM status pulled', r);
    // The material-creation requests sent whose materials are not all created yet.
    const m = await pullMaterialsStatus(ctx);
    if (m.events || m.failed) log.info('SICAM materials status pulled', m);
  });
  const seconds = Math.max(1, Math.round(options.pollSeconds));
  const tick = () =>
    void boss
      .send(SICAM_PULL_QUEUE, {}, { singletonKey: 'all', singletonSeconds: seconds, retryLimit: 0, expireInSeconds: 300 })
      .catch((e: Error) => log.warn('SICAM pull not scheduled', { error: e.message }));
  tick();
  const timer = setInterval(tick, Math.max(500, (seconds * 1000) / 2));
  timer.unref();
  const stop = () => clearInterval(timer);
  boss.once('stopped', stop);
  return { stop };
}
