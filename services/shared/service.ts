// What each server process (api, worker, projector) opens first and how it stops.
import { createEventStore, type EventStore } from '../../events/store';
import { inlineProjections } from '../../projections/registry';
import { loadConfig, type Config } from './config';
import { prepareDatabase } from './database';
import { createSql, type Sql } from './db';
import { createLogger, type Logger } from './logger';

export type ServiceProcess = { config: Config; log: Logger; sql: Sql; store: EventStore };

/** The configuration, the service's logger, its pool of `max` connections to DATABASE_URL
 * (required: a service never starts an embedded PostgreSQL), the migrated database and the
 * event store with the inline projections. */
export async function openService(service: 'api' | 'worker' | 'projector', max: number): Promise<ServiceProcess> {
  const config = loadConfig();
  const log = createLogger({ service });
  if (!config.databaseUrl) throw new Error(`DATABASE_URL es obligatorio para services/${service}`);
  const sql = createSql(config.databaseUrl, { max, applicationName: `faena-${service}` });
  await prepareDatabase(sql);
  const store = createEventStore(sql, { inlineProjections });
  return { config, log, sql, store };
}

/** On SIGINT or SIGTERM: `close` what the service runs, end the pool, exit 0. */
export function stopOnSignal(sql: Sql, close: () => Promise<unknown>): void {
  const stop = async () => {
    await close();
    await sql.end({ timeout: 3 });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
