// Telling SICAM that a product was annulled in Faena (`anular_sicoe_material` on a request SICAM
// knows): the purchase-request push's pattern (./sicam.ts). The job is written in the annulment's
// transaction (outbox), retried with backoff, and its outcome recorded once as an event of the
// request: RequestedProductAnnulledInSicam ('SICAM informado de la anulación') or
// RequestedProductSicamAnnulFailed with the reason.
import type { JobWithMetadata, PgBoss, Queue, SendOptions } from 'pg-boss';
import type { TransactionSql } from 'postgres';
import { CommandRejected } from '../../../events/errors';
import { executeOn } from '../../../events/execute';
import { purchaseRequests } from '../../../events/purchase-request/decider';
import type { EventStore } from '../../../events/store';
import type { RecordedEvent } from '../../../events/types';
import { txDb } from '../../shared/boss';
import { attemptSicam, sicamJobQueues, sicamJobRetries } from './sicam-outbox';
import type { Logger } from '../../shared/logger';
import type { SicamClient } from '../../shared/sicam-client';

/** One job per annulled product (its RequestedProductAnnulled event). */
export const SICAM_ANNUL_QUEUE = 'sicam-annul-product';
/** Annulment jobs pg-boss gave up on without an outcome: their handler records the failure. */
export const SICAM_ANNUL_FAILED_QUEUE = 'sicam-annul-product-failed';

export const MSG_ANNUL_INTERRUPTED = 'El aviso de anulación a SICAM se interrumpió sin respuesta';

/** The queues and their policies, in creation order (the dead-letter queue before its source). */
export const SICAM_ANNUL_QUEUE_OPTIONS: [string, Omit<Queue, 'name'>][] = sicamJobQueues(SICAM_ANNUL_QUEUE, SICAM_ANNUL_FAILED_QUEUE);

/** Retries as the push (SICAM_PUSH_OPTIONS): 9 attempts over about six minutes. */
export const SICAM_ANNUL_OPTIONS: SendOptions = sicamJobRetries(SICAM_ANNUL_FAILED_QUEUE);

/** What a job carries: the request, the product, SICAM's id of the request and the key (the
 * RequestedProductAnnulled event's id), from which the outcome's command id is derived. */
export type SicamAnnulJob = { id_solicitud_compra: number; id_producto: number; id_sicam: string; key: string };

export type SicamAnnulDeps = { store: EventStore; sicam: SicamClient; log?: Logger };

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
    const data: SicamAnnulJob = { id_solicitud_compra: d.id, id_producto: d.id_producto, id_sicam: push.id_sicam, key: e.id };
    const send: SendOptions = { ...SICAM_ANNUL_OPTIONS, ...options, singletonKey: `product-${d.id_producto}`, db: txDb(tx) };
    if (send.retryBackoff !== true) delete send.retryDelayMax; // pg-boss takes a maximum only with backoff
    const id = await boss.send(SICAM_ANNUL_QUEUE, data, send);
    if (id) jobs.push(id);
  }
  return jobs;
}

export type AnnulOutcome = 'annulled' | 'failed' | 'skipped';

/** One attempt. SICAM annulled the product (annulling it again answers the same, so a lost reply
 * retried is harmless): RequestedProductAnnulledInSicam, command id from the key, so a second
 * delivery records nothing. SICAM refused (4xx) or the last attempt failed:
 * RequestedProductSicamAnnulFailed with the reason. SICAM unavailable otherwise: thrown, retried. */
export async function runSicamAnnul(deps: SicamAnnulDeps, job: Pick<JobWithMetadata<SicamAnnulJob>, 'data' | 'retryCount' | 'retryLimit'>): Promise<AnnulOutcome> {
  const { id_solicitud_compra: id, id_producto: idProducto, id_sicam: idSicam, key } = job.data;
  const [done] = await deps.store.sql`SELECT 1 FROM es_events WHERE stream_id = ${`purchase_request-${id}`}
    AND event_type IN ('RequestedProductAnnulledInSicam', 'RequestedProductSicamAnnulFailed') AND (data->>'id_producto')::int = ${idProducto}`;
  if (done) return 'skipped'; // a delivery after the outcome was recorded: SICAM is not called again
  const reply = await attemptSicam(job, async () => { await deps.sicam.annulProduct(Number(idSicam), idProducto); return true; }, async (error, attempts) => {
    await recordAnnulFailure(deps, job.data, error.message, attempts);
    deps.log?.warn('SICAM product annulment failed', { id, idProducto, reason: error.message, status: error.status });
  });
  if (!reply) return 'failed';
  await record(deps, job.data, { type: 'RecordProductAnnulledInSicam', id, idProducto }, `sicam-annulled:${key}`);
  return 'annulled';
}

async function record(deps: SicamAnnulDeps, job: SicamAnnulJob, command: Parameters<typeof purchaseRequests.decider.decide>[0], commandId: string) {
  try {
    await executeOn(deps.store, purchaseRequests, job.id_solicitud_compra, command, { commandId, metadata: { causationId: job.key } });
  } catch (error) {
    if (!(error instanceof CommandRejected)) throw error;
    deps.log?.warn('SICAM product annulment outcome not recorded', { id: job.id_solicitud_compra, idProducto: job.id_producto, reason: error.message });
  }
}

function recordAnnulFailure(deps: SicamAnnulDeps, job: SicamAnnulJob, reason: string, attempts: number) {
  return record(deps, job, { type: 'RecordProductSicamAnnulFailed', id: job.id_solicitud_compra, idProducto: job.id_producto, reason, attempts }, `sicam-annul-failed:${job.key}`);
}

/** Registers the annulment's handler and its dead-letter handler. */
export async function startSicamAnnulWorker(boss: PgBoss, deps: SicamAnnulDeps & { log: Logger }) {
  const { log } = deps;
  await boss.work(SICAM_ANNUL_QUEUE, { includeMetadata: true, pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]: JobWithMetadata<SicamAnnulJob>[]) => {
    try {
      return { outcome: await runSicamAnnul(deps, job) };
    } catch (error) {
      log.info('SICAM product annulment will be retried', { id: job.data.id_solicitud_compra, idProducto: job.data.id_producto, attempt: job.retryCount + 1, error: (error as Error).message });
      throw error;
    }
  });
  await boss.work(SICAM_ANNUL_FAILED_QUEUE, { includeMetadata: true, pollingIntervalSeconds: 2 }, async ([job]: JobWithMetadata<SicamAnnulJob>[]) => {
    await recordAnnulFailure(deps, job.data, MSG_ANNUL_INTERRUPTED, (job.sourceRetryCount ?? 0) + 1);
  });
}
