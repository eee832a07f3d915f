import type { PgBoss } from 'pg-boss';
import type { Sql } from 'postgres';
import type { Config } from '../shared/config';
import type { Logger } from '../shared/logger';
import { createMailSender, MAIL_QUEUE, type Mail } from './mail';

export const QUEUES = [MAIL_QUEUE] as const;

/** Creates the queues (idempotent): senders may run before any worker. */
export async function ensureQueues(boss: PgBoss) {
  for (const q of QUEUES) await boss.createQueue(q);
}

/** The job handlers of the worker process. pg-boss retries a failed job with backoff. */
export async function startWorker(boss: PgBoss, sql: Sql, config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log: Logger) {
  await ensureQueues(boss);
  const sendMail = createMailSender(sql, log, config.smtpUrl, config.mailFrom);
  await boss.work<Mail>(MAIL_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 5 }, async (jobs) => {
    for (const job of jobs) await sendMail(job.id, job.data);
  });
}
