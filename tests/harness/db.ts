import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { createEventStore, type EventStore } from '../../events/store';
import { inlineProjections } from '../../projections/registry';
import { createSql, type Sql } from '../../services/shared/db';
import { withDatabase } from './global-setup';

export type TestDatabase = { name: string; url: string; sql: Sql; store: EventStore };

/** A fresh database cloned from the migrated template (fast: no migrations per file); with
 * `demo`, from the template that also holds the full demo data set (loaded once per run). */
export async function createTestDatabase(options: { demo?: boolean } = {}): Promise<TestDatabase & { drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const template = options.demo ? inject('pgDemoTemplate') : inject('pgTemplate');
  const name = `faena_t_${inject('pgTemplate').split('_').pop()}_${randomBytes(5).toString('hex')}`;
  const admin = createSql(adminUrl, { max: 1 });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = withDatabase(adminUrl, name);
  const sql = createSql(url, { max: 20 });
  const store = createEventStore(sql, { inlineProjections });
  return {
    name,
    url,
    sql,
    store,
    async drop() {
      await sql.end({ timeout: 5 });
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Per test file: `const db = useTestDatabase();` then `db.sql`, `db.store` inside tests; with
 * `demo`, a clone of the demo data set. */
export function useTestDatabase(options: { demo?: boolean } = {}): TestDatabase {
  const handle = {} as TestDatabase;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const db = await createTestDatabase(options);
    Object.assign(handle, db);
    drop = db.drop;
  });
  afterAll(async () => {
    await drop?.();
  });
  return handle;
}
