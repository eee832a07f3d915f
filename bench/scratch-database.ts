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
 * the demo data (the scale steps then add what each benchmark measures), dropped afterwards. With
 * BENCH_KEEP=1 the database (`faena_bench_{name}`) is kept and reused by the next run: the scale
 * steps add only what is missing, so a run can seed on a busy machine and a later one measure on
 * a quiet one without seeding again. */
export async function withScratchDatabase<T>(serverUrl: string, name: string, fn: (sql: Sql, store: EventStore) => Promise<T>): Promise<T> {
  const keep = process.env.BENCH_KEEP === '1';
  const database = keep ? `faena_bench_${name}` : `faena_bench_${name}_${process.pid}`;
  const admin = createSql(serverUrl, { max: 1 });
  const [exists] = await admin`SELECT 1 FROM pg_database WHERE datname = ${database}`;
  const fresh = !keep || !exists;
  if (fresh) {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${database}`);
    await admin.unsafe(`CREATE DATABASE ${database}`);
  }
  const sql = createSql(databaseUrl(serverUrl, database), { max: 10, applicationName: `faena-bench-${name}` });
  try {
    await migrate(sql);
    const store = createEventStore(sql, { inlineProjections, notify: false });
    // A kept database was loaded by the run that created it (migrations alone store events too).
    if (fresh) await loadDemoData(store);
    return await fn(sql, store);
  } finally {
    await sql.end({ timeout: 5 });
    if (!keep) await admin.unsafe(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}
