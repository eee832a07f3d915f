// npm run migrate: applies pending migrations (npm start and every service also do it on start).
import { migrate } from '../migrations/migrate';
import { createSql } from '../services/shared/db';
import { cliDatabase } from './cli-database';

const db = await cliDatabase();
const sql = createSql(db.url, { max: 1 });
try {
  const r = await migrate(sql);
  process.stdout.write(`Aplicadas: ${r.applied.join(', ') || 'ninguna'}; ya aplicadas: ${r.skipped.length}\n`);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await sql.end();
  await db.stop();
}
