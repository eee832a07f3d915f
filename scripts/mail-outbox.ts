// npm run mail:outbox [n]: the last mails stored in the dev outbox (when no SMTP_URL is set).
import { createSql } from '../services/shared/db';
import { cliDatabase } from './cli-database';

const limit = Number(process.argv[2] ?? 10);
const db = await cliDatabase();
const sql = createSql(db.url, { max: 1 });
try {
  const rows = await sql`SELECT id, to_address, subject, body_text, created_at FROM dev_mail_outbox ORDER BY id DESC LIMIT ${limit}`;
  if (rows.length === 0) process.stdout.write('No hay correos en la bandeja de desarrollo.\n');
  for (const r of rows.reverse()) {
    process.stdout.write(`#${r.id}  ${new Date(r.created_at).toISOString()}\nPara: ${r.to_address}\nAsunto: ${r.subject}\n\n${r.body_text}\n${'-'.repeat(60)}\n`);
  }
} finally {
  await sql.end();
  await db.stop();
}
