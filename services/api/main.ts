// The API service alone (docker-compose runs several replicas): needs DATABASE_URL.
import { createEventStore } from '../../events/store';
import { inlineProjections } from '../../projections/registry';
import { loadConfig } from '../shared/config';
import { prepareDatabase } from '../shared/database';
import { createSql } from '../shared/db';
import { createLogger } from '../shared/logger';
import { createBoss } from '../shared/boss';
import { createApiDeps } from './create-deps';
import { startApiServer } from './server';

const config = loadConfig();
const log = createLogger({ service: 'api' });
if (!config.databaseUrl) throw new Error('DATABASE_URL es obligatorio para services/api');
const sql = createSql(config.databaseUrl, { max: 20, applicationName: 'faena-api' });
await prepareDatabase(sql);
const store = createEventStore(sql, { inlineProjections });
// The API only sends jobs (mail, SICAM); the worker service runs them.
const boss = createBoss(sql, { supervise: false, schedule: false });
boss.on('error', (e) => log.error('job queue error', { error: e.message }));
await boss.start();
const deps = await createApiDeps({ sql, store, boss, log, config });
const api = await startApiServer({ deps, webDir: config.webDir, port: config.port, host: process.env.HOST ?? '0.0.0.0' });
log.info('api listening', { port: api.port });
const stop = async () => {
  await api.close();
  await boss.stop({ graceful: false, close: false }).catch(() => {});
  await sql.end({ timeout: 3 });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
