// The worker service: pg-boss job handlers (mail; with SICAM_URL, the SICAM pushes and the status
// pull). Needs DATABASE_URL. Any number may run side by side.
import { createBoss } from '../shared/boss';
import { loadConfig } from '../shared/config';
import { prepareDatabase } from '../shared/database';
import { createSql } from '../shared/db';
import { createEventStore } from '../../events/store';
import { inlineProjections } from '../../projections/registry';
import { createLogger } from '../shared/logger';
import { startWorker } from './worker';

const config = loadConfig();
const log = createLogger({ service: 'worker' });
if (!config.databaseUrl) throw new Error('DATABASE_URL es obligatorio para services/worker');
const sql = createSql(config.databaseUrl, { max: 10, applicationName: 'faena-worker' });
await prepareDatabase(sql);
const boss = createBoss(sql);
boss.on('error', (e) => log.error('job queue error', { error: e.message }));
await boss.start();
await startWorker(boss, sql, { ...config, expiryAlerts: true }, log, { store: createEventStore(sql, { inlineProjections }) });
log.info('worker started', { sicam: config.sicamUrl ?? null });
const stop = async () => {
  await boss.stop({ graceful: true, timeout: 5000 });
  await sql.end({ timeout: 3 });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
