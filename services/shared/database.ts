import { join } from 'node:path';
import { migrate } from '../../migrations/migrate';
import type { Config } from './config';
import { createSql, type Sql } from './db';
import { startEmbeddedPostgres } from './embedded-postgres';
import type { Logger } from './logger';

export type Database = { url: string; embedded: boolean; stop(): Promise<void> };

const APP_DATABASE = 'faena';

/** DATABASE_URL when given; otherwise an embedded PostgreSQL with its data under ./.data/pg. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, log: Logger): Promise<Database> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, stop: async () => {} };
  const pg = await startEmbeddedPostgres({ dataDir: join(config.dataDir, 'pg'), port: Number(process.env.FAENA_PG_PORT) || undefined });
  const admin = createSql(pg.url, { max: 1 });
  try {
    const [exists] = await admin`SELECT 1 FROM pg_database WHERE datname = ${APP_DATABASE}`;
    if (!exists) await admin.unsafe(`CREATE DATABASE ${APP_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = pg.url.replace(/\/postgres$/, `/${APP_DATABASE}`);
  log.info('embedded PostgreSQL ready', { port: pg.port, dataDir: join(config.dataDir, 'pg') });
  return { url, embedded: true, stop: () => pg.stop() };
}

/** Migrations, then the job queue's own schema (pg-boss installs it on start). */
export async function prepareDatabase(sql: Sql) {
  return migrate(sql);
}
