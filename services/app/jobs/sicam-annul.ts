// Telling SICAM that a product was annulled in Faena (`anular_sicoe_material` on a request SICAM
// knows): a kind of the one SICAM pusher (./sicam-push.ts). The job is written in the annulment's
// transaction (outbox), retried with backoff, and its outcome recorded once as an event of the
// request: RequestedProductAnnulledInSicam ('SICAM informado de la anulación') or
// RequestedProductSicamAnnulFailed with the reason.
import type { PgBoss, Queue, SendOptions } from 'pg-boss';
import type { TransactionSql } from 'postgres';
import { executeOn } from '../../../events/execute';
import { purchaseRequests } from '../../../events/purchase-request/decider';
import type { PurchaseRequestCommand } from '../../../events/purchase-request/types';
import { streamIdOf, type EventStore } from '../../../events/store';
import type { RecordedEvent } from '../../../events/types';
import { txDb } from '../../shared/boss';
import type { Logger } from '../../shared/logger';
import type { SicamClient } from '../../shared/sicam-client';
import { pushQueues, pushRetries, recordOutcome, runPush, sendPush, startPushWorker, type OutcomeDeps, type PushAttempt, type PushKind, type PushReady } from './sicam-push';

/** One job per annulled product (its RequestedProductAnnulled event). */
export const SICAM_ANNUL_QUEUE = 'sicam-annul-product';
/** Annulment jobs pg-boss gave up on without an outcome: their handler records the failure. */
export const SICAM_ANNUL_FAILED_QUEUE = 'sicam-annul-product-failed';

export const MSG_ANNUL_INTERRUPTED = 'El aviso de anulación a SICAM se interrumpió sin respuesta';

/** Retries as the push (SICAM_PUSH_OPTIONS): 9 attempts over about six minutes. */
export const SICAM_ANNUL_OPTIONS: SendOptions = pushRetries(SICAM_ANNUL_FAILED_QUEUE);

/** What a job carries: the request, the product, SICAM's id of the request and the key (the
 * RequestedProductAnnulled event's id), from which the outcome's command id is derived. */
export type SicamAnnulJob = { id_solicitud_compra: number; id_producto: number; id_sicam: string; key: string };

export type SicamAnnulDeps = { store: EventStore; sicam: SicamClient; log?: Logger };

function record(deps: OutcomeDeps, job: SicamAnnulJob, command: PurchaseRequestCommand, commandId: string) {
  return recordOutcome(deps, 'SICAM product annulment', { id: job.id_solicitud_compra, idProducto: job.id_producto }, () =>
    executeOn(deps.store, purchaseRequests, job.id_solicitud_compra, command, { commandId, metadata: { causationId: job.key } }),
  );
}

/** The annulment of a product (./sicam-push.ts). SICAM annulled it (annulling it again answers
 * the same, so a lost reply retried is harmless): RequestedProductAnnulledInSicam, command id from
 * the key, so a second delivery records nothing. A failure: RequestedProductSicamAnnulFailed with
 * the reason, once per key. A delivery after either outcome was recorded does not call SICAM. */
export const productAnnulment: PushKind<SicamAnnulJob, true> = {
  label: 'SICAM product annulment',
  queue: SICAM_ANNUL_QUEUE,
  failedQueue: SICAM_ANNUL_FAILED_QUEUE,
  interrupted: MSG_ANNUL_INTERRUPTED,
  singletonKey: (job) => `product-${job.id_producto}`,
  logFields: (job) => ({ id: job.id_solicitud_compra, idProducto: job.id_producto }),
  streamOf: (job) => streamIdOf(purchaseRequests.streamType, job.id_solicitud_compra),
  async prepare(deps, job): Promise<PushReady> {
    const [done] = await deps.store.sql`SELECT 1 FROM es_events WHERE stream_id = ${`purchase_request-${job.id_solicitud_compra}`}
      AND event_type IN ('RequestedProductAnnulledInSicam', 'RequestedProductSicamAnnulFailed') AND (data->>'id_producto')::int = ${job.id_producto}`;
    return done ? { skip: 'outcome recorded' } : {};
  },
  call: async (sicam, job) => {
    await sicam.annulProduct(Number(job.id_sicam), job.id_producto);
    return true;
  },
  async recordSent(deps, job) {
    await record(deps, job, { type: 'RecordProductAnnulledInSicam', id: job.id_solicitud_compra, idProducto: job.id_producto }, `sicam-annulled:${job.key}`);
    return 'annulled';
  },
  recordFailed: (deps, job, reason, attempts) =>
    record(deps, job, { type: 'RecordProductSicamAnnulFailed', id: job.id_solicitud_compra, idProducto: job.id_producto, reason, attempts }, `sicam-annul-failed:${job.key}`),
  work: { batchSize: 1 },
};

/** The queues and their policies, in creation order (the dead-letter queue before its source). */
export const SICAM_ANNUL_QUEUE_OPTIONS: [string, Omit<Queue, 'name'>][] = pushQueues(productAnnulment);

/** Inside the annulment's transaction (`execute`'s `within`): for each RequestedProductAnnulled
 * among `events` of a request SICAM has accepted (its `sicam_pushes` row has SICAM's id), the job
 * that tells SICAM, committed or rolled back with the events. Nothing for a request not in SICAM. */
export async function enqueueProductAnnulments(boss: PgBoss, tx: TransactionSql, events: readonly RecordedEvent[], options: SendOptions = {}): Promise<string[]> {
  const jobs: string[] = [];
  for (const e of events) {
    if (e.type !== 'RequestedProductAnnulled') continue;
    const d = e.data as { id: number; id_producto: number };
    const [push] = await tx<{ id_sicam: string }[]>`SELECT id_sicam FROM sicam_pushes WHERE id_solicitud_compra = ${d.id} AND id_sicam IS NOT NULL`;
    if (!push) continue;
    const id = await sendPush(boss, productAnnulment, { id_solicitud_compra: d.id, id_producto: d.id_producto, id_sicam: push.id_sicam, key: e.id }, txDb(tx), options);
    if (id) jobs.push(id);
  }
  return jobs;
}

export type AnnulOutcome = 'annulled' | 'failed' | 'skipped';

/** One attempt (runPush with `productAnnulment`). */
export function runSicamAnnul(deps: SicamAnnulDeps, job: PushAttempt<SicamAnnulJob>): Promise<AnnulOutcome> {
  return runPush(deps, productAnnulment, job) as Promise<AnnulOutcome>;
}

/** Registers the annulment's handler and its dead-letter handler. */
export async function startSicamAnnulWorker(boss: PgBoss, deps: SicamAnnulDeps & { log: Logger }) {
  await startPushWorker(boss, deps, productAnnulment);
}
