// The SICAM workers (docs/ARCHITECTURE.md, "SICAM workers"): the push of an approved purchase
// request, exactly once (a kind of the one pusher, ./sicam-push.ts), and the status pull that turns its purchase order's progress into events.
import { createHash } from 'node:crypto';
import type { JobWithMetadata, PgBoss, Queue, SendOptions } from 'pg-boss';
import type { TransactionSql } from 'postgres';
import { CommandRejected } from '../../../events/errors';
import { executeOn } from '../../../events/execute';
import { canPushToSicam, purchaseRequests, refuseSicamPushRunning, refuseSicamResend, refuseStatusPull } from '../../../events/purchase-request/decider';
import type { SicamStatusSeen } from '../../../events/purchase-request/types';
import { streamIdOf, type EventStore } from '../../../events/store';
import type { RecordedEvent } from '../../../events/types';
import type { Logger } from '../../shared/logger';
import { SicamError, type SicamRequestStatus } from '../../shared/sicam-client';
import { startSicamAnnulWorker } from './sicam-annul';
import { pullMaterialsStatus, startSicamMaterialsWorker } from './sicam-materials';
import {
  enqueueWithBody, keptBody, loadPushed, pullEach, pushQueues, pushRetries, recordInterrupted, recordOutcome, runPush, startPushWorker,
  type PushAttempt, type PushKind, type PullResult, type PushRow, type SicamJobDeps,
} from './sicam-push';

/** Pushes of approved requests to SICAM: one live job per request (queue policy `exclusive`). */
export const SICAM_PUSH_QUEUE = 'sicam-push';
/** Push jobs pg-boss gave up on without the handler recording an outcome (a worker killed or a
 * database error on the last attempt): their handler records the failure, so none is left silent. */
export const SICAM_PUSH_FAILED_QUEUE = 'sicam-push-failed';
/** The periodic status pull: one job per SICAM_POLL_SECONDS slot, one running at a time. */
export const SICAM_PULL_QUEUE = 'sicam-pull';

export const MSG_PUSH_INTERRUPTED = 'El envío a SICAM se interrumpió sin respuesta; reenvíe la solicitud';

/** Retries of a push (pushRetries): 9 attempts over about six minutes. */
export const SICAM_PUSH_OPTIONS: SendOptions = pushRetries(SICAM_PUSH_FAILED_QUEUE);

/** What a push job carries: the request, SICAM's idempotency key (the PurchaseRequestApproved
 * event id, the same for every retry and resend until a success is recorded) and the body. */
export type SicamPushJob = { id_solicitud_compra: number; key: string; body: Record<string, unknown> };
/** `series`: one id per enqueue (the approval, each resend): the failure it ends with is
 * recorded once under it, however often its job is run. */
type PushJobData = SicamPushJob & { series: string };

export type SicamDeps = SicamJobDeps;

const PUSH_ROW: PushRow = { table: 'sicam_pushes', column: 'id_solicitud_compra' };

/** The id of the PurchaseRequestApproved event among a command's events (`within`'s second
 * argument): the key of the request's push. */
export function approvalKeyOf(events: readonly RecordedEvent[]): string {
  const approved = events.find((e) => e.type === 'PurchaseRequestApproved');
  if (!approved) throw new Error('No hay un evento PurchaseRequestApproved entre los eventos del comando');
  return approved.id;
}

/** The request's stream, with its last approval (the push's key). */
function loadRequest(store: EventStore, id: number) {
  return loadPushed(store, purchaseRequests, id, 'PurchaseRequestApproved');
}

/** The push of an approved request (./sicam-push.ts). SICAM accepted: PurchaseRequestSentToSicam
 * (command id from the key, so a worker killed after SICAM's reply, before or after the commit,
 * never records twice); a request annulled in Faena while SICAM was accepting it is annulled in
 * SICAM too. A failure: PurchaseRequestSicamFailed, once per series. A request already sent,
 * annulled or gone is not pushed. */
export const requestPush: PushKind<PushJobData, { id_sicam: number | string }> = {
  label: 'SICAM push',
  queue: SICAM_PUSH_QUEUE,
  failedQueue: SICAM_PUSH_FAILED_QUEUE,
  interrupted: MSG_PUSH_INTERRUPTED,
  singletonKey: (job) => `request-${job.id_solicitud_compra}`,
  logFields: (job) => ({ id: job.id_solicitud_compra }),
  streamOf: (job) => streamIdOf(purchaseRequests.streamType, job.id_solicitud_compra),
  async prepare(deps, job) {
    const { state, request } = await loadRequest(deps.store, job.id_solicitud_compra);
    const refusal = canPushToSicam(state);
    return refusal ? { skip: refusal } : { correlationId: request?.metadata.correlationId };
  },
  call: (sicam, job) => sicam.pushRequest(job.key, job.body),
  async recordSent(deps, job, reply, metadata) {
    const id = job.id_solicitud_compra;
    const idSicam = String(reply.id_sicam);
    try {
      await executeOn(deps.store, purchaseRequests, id, { type: 'RecordSicamSent', id, idSicam }, {
        commandId: `sicam-sent:${job.key}`,
        metadata,
        within: async (tx) => {
          await tx`UPDATE sicam_pushes SET id_sicam = ${idSicam}, updated_at = now() WHERE id_solicitud_compra = ${id}`;
        },
      });
    } catch (error) {
      if (!(error instanceof CommandRejected)) throw error;
      // Annulled in Faena while SICAM was accepting it: SICAM is told to annul it too.
      deps.log?.warn('SICAM accepted a request Faena no longer asks for; annulling it in SICAM', { id, idSicam, reason: error.message });
      await deps.sicam.annulRequest(Number(reply.id_sicam)).catch((e: Error) => deps.log?.error('SICAM annulment failed', { id, idSicam, error: e.message }));
      return 'skipped';
    }
    return 'sent';
  },
  recordFailed: (deps, job, reason, attempts, metadata) =>
    recordOutcome(deps, 'SICAM push', { id: job.id_solicitud_compra }, () =>
      executeOn(deps.store, purchaseRequests, job.id_solicitud_compra, { type: 'RecordSicamFailed', id: job.id_solicitud_compra, reason, attempts }, {
        commandId: `sicam-failed:${job.series}`,
        metadata,
      }),
    ),
  work: { burstWhenBatchFull: true },
};

/** The queues and their policies, in creation order (a dead-letter queue before its source). */
export const SICAM_QUEUE_OPTIONS: [string, Omit<Queue, 'name'>][] = [
  ...pushQueues(requestPush),
  [SICAM_PULL_QUEUE, { policy: 'singleton', retryLimit: 0, expireInSeconds: 300 }],
];

/** Queues the push of an approved request. Inside `tx` (the approval's transaction, through
 * `execute`'s `within`) the job and the row that keeps its key and body commit or roll back with
 * the events. While a push of the request is queued, waiting for a retry or running, another one
 * is not queued: the answer is then null. `options` override SICAM_PUSH_OPTIONS (tests). */
export function enqueueSicamPush(boss: PgBoss, job: SicamPushJob, tx?: TransactionSql, options: SendOptions = {}): Promise<string | null> {
  return enqueueWithBody(boss, requestPush, PUSH_ROW, job.id_solicitud_compra, job, tx, options);
}

/** Queues the push of an approved request again with the same key and body (the resend of a
 * failed push). Refused by the decider (refuseSicamResend) when the request was sent already, is
 * not solicitado, has no push to resend, or a push of it is queued or running. */
export async function resendToSicam(deps: Pick<SicamDeps, 'store' | 'boss'>, idSolicitud: number): Promise<{ jobId: string }> {
  const { state, request: approval } = await loadRequest(deps.store, idSolicitud);
  const body = await keptBody(deps.store.sql, PUSH_ROW, idSolicitud);
  const push = refuseSicamResend(state, approval && body ? { key: approval.id, body } : null);
  const jobId = refuseSicamPushRunning(await enqueueSicamPush(deps.boss, { id_solicitud_compra: idSolicitud, ...push }));
  return { jobId };
}

export type PushOutcome = 'sent' | 'failed' | 'skipped';

/** One attempt of a push job (runPush with `requestPush`). */
export function runSicamPush(deps: Omit<SicamDeps, 'boss'>, job: PushAttempt<PushJobData>): Promise<PushOutcome> {
  return runPush(deps, requestPush, job) as Promise<PushOutcome>;
}

/** The dead-letter handler: a push whose last attempt ended without an outcome. */
export function recordInterruptedPush(deps: Pick<SicamDeps, 'store' | 'log'>, job: Pick<JobWithMetadata<PushJobData>, 'data' | 'sourceRetryCount'>) {
  return recordInterrupted(deps, requestPush, job);
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

export type SicamPullResult = PullResult;

/**
 * The status pull. With `idSolicitud` (the central warehouse's "Actualizar Estados"): that
 * request, refused when it is not in SICAM; SICAM's failure (no answer, or a refusal) comes back
 * as `failed: 1`, which the route answers with its 409 (issue 28: never a 5xx). Without: every request sent to SICAM whose order is neither
 * approved nor annulled, a few at a time; one request's failure is logged and the rest go on.
 */
export async function pullSicamStatus(deps: Pick<SicamDeps, 'store' | 'sicam' | 'log'>, idSolicitud?: number): Promise<SicamPullResult> {
  if (idSolicitud !== undefined) {
    const { state, version } = await loadRequest(deps.store, idSolicitud);
    const idSicam = refuseStatusPull(state);
    try {
      return { polled: 1, events: await pullOne(deps, idSolicitud, idSicam, version), failed: 0 };
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
  return pullEach(deps, 'SICAM status pull failed', rows.map((r) => r.id), async (id) => {
    const { state, version } = await loadRequest(deps.store, id);
    if (state.status === 'absent' || !state.idSicam) return null;
    return pullOne(deps, id, state.idSicam, version);
  });
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
  await startPushWorker(boss, ctx, requestPush, { batchSize: options.batchSize ?? 10, localConcurrency: options.localConcurrency ?? 2 });
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
