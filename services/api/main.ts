// The API service alone (docker-compose runs several replicas): needs DATABASE_URL.
import { createBoss } from '../shared/boss';
import { openService, stopOnSignal } from '../shared/service';
import { createApiDeps } from './create-deps';
import { startApiServer } from './server';

const { config, log, sql, store } = await openService('api', 20);
// The API only sends jobs (mail, SICAM); the worker service runs them.
const boss = createBoss(sql, { supervise: false, schedule: false });
boss.on('error', (e) => log.error('job queue error', { error: e.message }));
await boss.start();
const deps = await createApiDeps({ sql, store, boss, log, config });
const api = await startApiServer({ deps, webDir: config.webDir, port: config.port, host: process.env.HOST ?? '0.0.0.0' });
log.info('api listening', { port: api.port });
stopOnSignal(sql, async () => {
  await api.close();
  await boss.stop({ graceful: false, close: false }).catch(() => {});
});
