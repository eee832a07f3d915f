import { createEventStore, type EventStore } from '../events/store';
import { migrate } from '../migrations/migrate';
import { inlineProjections } from '../projections/registry';
import { loadDemoData } from '../services/demo/demo-data';
import { createSql, type Sql } from '../services/shared/db';

function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs `fn` on a database of its own beside the benchmark's: created, migrated and loaded with
 * the demo data (the scale steps then add what each benchmark measures), dropped afterwards. */
export async function withScratchDatabase<T>(serverUrl: string, name: string, fn: (sql: Sql, store: EventStore) => Promise<T>): Promise<T> {
  const database = `faena_bench_${name}_${process.pid}`;
  const admin = createSql(serverUrl, { max: 1 });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${database}`);
  await admin.unsafe(`CREATE DATABASE ${database}`);
  const sql = createSql(databaseUrl(serverUrl, database), { max: 10, applicationName: `faena-bench-${name}` });
  try {
    await migrate(sql);
    const store = createEventStore(sql, { inlineProjections, notify: false });
    await loadDemoData(store);
    return await fn(sql, store);
  } finally {
    await sql.end({ timeout: 5 });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}
