import { PM_AUTO_OPEN_QUEUE, startPmAutoOpenWorker } from './pm-auto-open';
import type { PgBoss } from 'pg-boss';
import type { Sql } from 'postgres';
import { createEventStore, type EventStore } from '../../events/store';
import { inlineProjections } from '../../projections/registry';
import type { Config } from '../shared/config';
import type { Logger } from '../shared/logger';
import { createSicamClient } from '../shared/sicam-client';
import { createMailSender, MAIL_QUEUE, type Mail } from '../app/jobs/mail';
import { SICAM_QUEUE_OPTIONS, startSicamWorker } from '../app/jobs/sicam';
import { SICAM_MATERIALS_QUEUE_OPTIONS } from '../app/jobs/sicam-materials';
import { SICAM_ANNUL_QUEUE_OPTIONS } from '../app/jobs/sicam-annul';
import { EXPIRY_ALERTS_QUEUE_OPTIONS, startExpiryAlertsWorker } from './expiry-alerts';
import { PROFIT_PDF_QUEUE_OPTIONS } from '../app/jobs/profitability-pdf';
import { startProfitPdfWorker } from './profitability-pdf';

export const QUEUES = [MAIL_QUEUE, ...SICAM_QUEUE_OPTIONS.map(([name]) => name), ...SICAM_MATERIALS_QUEUE_OPTIONS.map(([name]) => name), ...SICAM_ANNUL_QUEUE_OPTIONS.map(([name]) => name), ...EXPIRY_ALERTS_QUEUE_OPTIONS.map(([name]) => name), ...PROFIT_PDF_QUEUE_OPTIONS.map(([name]) => name)] as const;

/** Creates the queues (idempotent): senders may run before any worker. */
export async function ensureQueues(boss: PgBoss) {
  await boss.createQueue(MAIL_QUEUE);
  for (const [name, options] of [...SICAM_QUEUE_OPTIONS, ...SICAM_MATERIALS_QUEUE_OPTIONS, ...SICAM_ANNUL_QUEUE_OPTIONS, ...EXPIRY_ALERTS_QUEUE_OPTIONS, ...PROFIT_PDF_QUEUE_OPTIONS]) await boss.createQueue(name, options);
  await boss.createQueue(PM_AUTO_OPEN_QUEUE);
}

export type WorkerConfig = Pick<Config, 'smtpUrl' | 'mailFrom'> & Partial<Pick<Config, 'sicamUrl' | 'sicamToken' | 'sicamPollSeconds' | 'dataDir'>> & {
  /** Run the daily expiry notices (the worker and `npm start` do; tests that start a worker for
   * other jobs leave them out, so the demo's expiries do not notify their users). */
  expiryAlerts?: boolean;
};

/** The job handlers of the worker process. pg-boss retries a failed job with backoff. The daily
 * expiry notices (./expiry-alerts.ts) with `expiryAlerts`; with a SICAM address, the SICAM pushes and the status pull too (`store`: the process's event store, created
 * here when not given). */
export async function startWorker(boss: PgBoss, sql: Sql, config: WorkerConfig, log: Logger, options: { store?: EventStore } = {}) {
  await ensureQueues(boss);
  const sendMail = createMailSender(sql, log, config.smtpUrl, config.mailFrom);
  await boss.work<Mail>(MAIL_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 5 }, async (jobs) => {
    for (const job of jobs) await sendMail(job.id, job.data);
  });
  const store = options.store ?? createEventStore(sql, { inlineProjections });
  if (config.expiryAlerts) await startExpiryAlertsWorker(boss, { store, sql, log: log.child({ worker: 'expiry-alerts' }) });
  // Issue 20: the preventive OTs the sites' settings open on their own, hour by hour.
  await startPmAutoOpenWorker(boss, { sql, store, now: () => new Date() });
  // Issue 19: the profitability generator's PDFs, stored where the API serves them (`dataDir`).
  if (config.dataDir) await startProfitPdfWorker(boss, { sql, dataDir: config.dataDir, log: log.child({ worker: 'rentabilidad-pdf' }) });
  if (config.sicamUrl) {
    const sicam = createSicamClient({ url: config.sicamUrl, token: config.sicamToken });
    await startSicamWorker(boss, { store, sicam, log }, { pollSeconds: config.sicamPollSeconds ?? 60 });
  }
}
