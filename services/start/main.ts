// `npm start`: the whole product in one process: API + socket.io + web app on one port, the
// projector and the worker beside it, on DATABASE_URL or an embedded PostgreSQL (./.data/pg).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEventStore } from '../../events/store';
import { asyncProjections, inlineProjections, reactors } from '../../projections/registry';
import { startReactors } from '../../projections/reactors/runner';
import { startProjector } from '../../projections/runner';
import { createApiDeps } from '../api/create-deps';
import { startApiServer } from '../api/server';
import { isDatabaseEmpty, loadDemoData } from '../demo/demo-data';
import { createBoss } from '../shared/boss';
import { loadConfig } from '../shared/config';
import { openDatabase, prepareDatabase } from '../shared/database';
import { createSql } from '../shared/db';
import { createPublisher } from '../shared/live';
import { createLogger } from '../shared/logger';
import { ensureQueues, startWorker } from '../worker/worker';
import { startSicamSim, type SicamSimServer } from '../sicam-sim/server';

const config = loadConfig();
let sicam: SicamSimServer | undefined;
const log = createLogger({ service: 'faena' });

const db = await openDatabase(config, log);
const sql = createSql(db.url, { max: 20, applicationName: 'faena-all-in-one' });
let shuttingDown = false;

function bounded(step: Promise<unknown> | undefined, ms = 3000): Promise<void> {
  if (!step) return Promise.resolve();
  return Promise.race([step.then(() => {}, () => {}), new Promise<void>((r) => setTimeout(r, ms).unref())]);
}

async function shutdown(signal: string, code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  log.info('stopping', { signal });
  const force = setTimeout(() => process.exit(code || 1), 20000);
  force.unref();
  // Each step is bounded so a stuck one cannot keep PostgreSQL from being stopped.
  // Independent steps run side by side so a loaded machine still stops well inside the limit.
  await Promise.all([bounded(api?.close()), bounded(sicam?.close())]);
  await Promise.all([bounded(projector?.stop()), bounded(reactorRunner?.stop()), bounded(boss?.stop({ graceful: true, timeout: 2000 }))]);
  await bounded(sql.end({ timeout: 2 }));
  await bounded(db.stop(), 8000);
  if (db.embedded) rmSync(join(config.dataDir, 'runtime.json'), { force: true });
  log.info('stopped');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

let api: Awaited<ReturnType<typeof startApiServer>> | undefined;
let projector: Awaited<ReturnType<typeof startProjector>> | undefined;
let reactorRunner: Awaited<ReturnType<typeof startReactors>> | undefined;
let boss: ReturnType<typeof createBoss> | undefined;

try {
  if (!config.sicamUrl) {
    // SICAM is an external system: without SICAM_URL the simulator runs beside the product, as a
    // separate HTTP service on its own port, with its orders kept under the data folder. Orders go
    // to approval after 2 minutes and are approved 5 minutes later unless SICAM_SIM_* say otherwise.
    const unset = (name: string) => !process.env[name];
    sicam = await startSicamSim({
      port: Number(process.env.SICAM_SIM_PORT ?? 0),
      dataFile: join(config.dataDir, 'sicam-sim.jsonl'),
      knobs: {
        ...(unset('SICAM_SIM_APPROVAL_AFTER_S') && { approvalAfterS: 120 }),
        ...(unset('SICAM_SIM_APPROVED_AFTER_S') && { approvedAfterS: 300 }),
        ...(unset('SICAM_SIM_MATERIALS_AFTER_S') && { materialsAfterS: 180 }),
      },
    });
    config.sicamUrl = sicam.url;
    log.info('SICAM simulator started', { url: sicam.url });
  }
  const migrations = await prepareDatabase(sql);
  if (migrations.applied.length) log.info('migrations applied', { files: migrations.applied });
  const store = createEventStore(sql, { inlineProjections });
  boss = createBoss(sql);
  boss.on('error', (e) => log.error('job queue error', { error: e.message }));
  await boss.start();
  // The demo's approvals queue their SICAM pushes: the queues exist before it loads.
  await ensureQueues(boss);
  const deps = await createApiDeps({ sql, store, boss, log, config });
  if (await isDatabaseEmpty(store)) {
    const demo = await loadDemoData(store, { boss, uploadsDir: deps.config.uploadsDir });
    log.info('demo data loaded', demo);
  }
  // After the demo: its SICAM answers are recorded before the worker sends the pushes it queued.
  await startWorker(boss, sql, { ...config, expiryAlerts: true }, log, { store });
  projector = await startProjector(sql, store, asyncProjections, { publish: createPublisher(sql), log: (m) => log.info(m) });
  reactorRunner = await startReactors(sql, store, reactors, { log: (m) => log.info(m), warn: (m) => log.warn(m) });
  api = await startApiServer({ deps, webDir: config.webDir, port: config.port });
  if (db.embedded) {
    // Command-line tools (projections:rebuild, mail:outbox) attach to this cluster while it runs.
    writeFileSync(join(config.dataDir, 'runtime.json'), JSON.stringify({ databaseUrl: db.url, pid: process.pid }));
  }
  process.stdout.write(`Faena lista en http://localhost:${api.port}\n`);
} catch (error) {
  log.error('start failed', { error: (error as Error).message });
  await shutdown('error', 1);
}
