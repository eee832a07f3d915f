// npm run seed:scale: scale data for measuring (docs/PERFORMANCE.md), against DATABASE_URL, else
// the embedded cluster of a running `npm start`, else the same embedded cluster `npm start` uses
// (started for this command). Migrates, loads the demo data into an empty database, then runs
// each step; a step adds only what is missing up to its target, so running it twice is harmless.
// Targets: SCALE_EQUIPOS (default 2,000 machines).
import { createEventStore } from '../events/store';
import { migrate } from '../migrations/migrate';
import { inlineProjections } from '../projections/registry';
import { isDatabaseEmpty, loadDemoData } from '../services/demo/demo-data';
import { equiposScaleStep } from '../services/demo/scale/equipos';
import type { ScaleStep } from '../services/demo/scale/scaleStep';
import { createSql } from '../services/shared/db';
import { cliDatabase } from './cli-database';

/** The steps, in order (later ones may need the earlier ones' data). */
const steps: ScaleStep[] = [equiposScaleStep(Number(process.env.SCALE_EQUIPOS ?? 2_000))];

const db = await cliDatabase();
const sql = createSql(db.url, { max: 4, applicationName: 'faena-seed-scale' });
let code = 0;
try {
  await migrate(sql);
  const store = createEventStore(sql, { inlineProjections, notify: false });
  if (await isDatabaseEmpty(store)) {
    process.stderr.write('Base vacía: cargando los datos de demostración…\n');
    await loadDemoData(store);
  }
  for (const step of steps) {
    const started = performance.now();
    const result = await step.run({
      store,
      progress: (done, total) => process.stderr.write(`${step.name}: ${done}/${total}\n`),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`${step.name}: ${result.added} añadidos, ${result.total} en total (${seconds} s)\n`);
  }
  // Async projections (activity log, live) catch up on their own when the projector runs.
  store.wakeReaders();
} catch (error) {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  code = 1;
} finally {
  await sql.end({ timeout: 5 });
  await db.stop();
}
process.exit(code);
