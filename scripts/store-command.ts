import { createEventStore, type EventStore } from '../events/store';
import { migrate } from '../migrations/migrate';
import { inlineProjections } from '../projections/registry';
import { createSql, type Sql } from '../services/shared/db';
import { cliDatabase } from './cli-database';

/** A bulk command on the event store (a rebuild, a scale load): the database (cliDatabase), a
 * pool of 4 connections named `faena-{name}`, the migrations, a store that does not NOTIFY after
 * each commit; then `work`. The pool and the database are closed whatever happens, and the
 * process exits: 0, or 1 after writing to stderr what `failed` says of the error. */
export async function runOnStore(name: string, work: (store: EventStore, sql: Sql) => Promise<void>, failed: (error: Error) => string): Promise<never> {
  const db = await cliDatabase();
  const sql = createSql(db.url, { max: 4, applicationName: `faena-${name}` });
  let code = 0;
  try {
    await migrate(sql);
    await work(createEventStore(sql, { inlineProjections, notify: false }), sql);
  } catch (error) {
    process.stderr.write(failed(error as Error));
    code = 1;
  } finally {
    await sql.end({ timeout: 5 });
    await db.stop();
  }
  process.exit(code);
}
