// The worker service: pg-boss job handlers (mail; with SICAM_URL, the SICAM pushes and the status
// pull). Needs DATABASE_URL. Any number may run side by side.
import { createBoss } from '../shared/boss';
import { openService, stopOnSignal } from '../shared/service';
import { startWorker } from './worker';

const { config, log, sql, store } = await openService('worker', 10);
const boss = createBoss(sql);
boss.on('error', (e) => log.error('job queue error', { error: e.message }));
await boss.start();
await startWorker(boss, sql, { ...config, expiryAlerts: true }, log, { store });
log.info('worker started', { sicam: config.sicamUrl ?? null });
stopOnSignal(sql, () => boss.stop({ graceful: true, timeout: 5000 }));
