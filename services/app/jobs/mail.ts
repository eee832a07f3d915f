import nodemailer from 'nodemailer';
import type { PgBoss } from 'pg-boss';
import type { Sql, TransactionSql } from 'postgres';
import { txDb } from '../../shared/boss';
import type { Logger } from '../../shared/logger';

export const MAIL_QUEUE = 'mail';

export type Mail = { to: string; subject: string; text: string; html?: string };

/** Queues a mail; inside `tx` it commits or rolls back with the command that causes it. */
export async function enqueueMail(boss: PgBoss, mail: Mail, tx?: TransactionSql): Promise<string | null> {
  return boss.send(MAIL_QUEUE, mail, { retryLimit: 5, retryDelay: 5, retryBackoff: true, ...(tx ? { db: txDb(tx) } : {}) });
}

export type MailSender = (jobId: string, mail: Mail) => Promise<void>;

/** SMTP through nodemailer when SMTP_URL is set; otherwise the dev outbox table and the log
 * (read it with `npm run mail:outbox`). The job id keeps a retried job from storing twice. */
export function createMailSender(sql: Sql, log: Logger, smtpUrl: string | undefined, from: string): MailSender {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return async (jobId, mail) => {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: `<${jobId}@faena>` });
      log.info('mail sent', { jobId, to: mail.to, subject: mail.subject });
    };
  }
  return async (jobId, mail) => {
    await sql`INSERT INTO dev_mail_outbox (job_id, to_address, subject, body_text, body_html)
      VALUES (${jobId}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null})
      ON CONFLICT (job_id) DO NOTHING`;
    log.info('mail stored in dev outbox (no SMTP_URL)', { jobId, to: mail.to, subject: mail.subject });
  };
}
