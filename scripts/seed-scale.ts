// npm run seed:scale: scale data for measuring (docs/PERFORMANCE.md), against DATABASE_URL, else
// the embedded cluster of a running `npm start`, else the same embedded cluster `npm start` uses
// (started for this command). Migrates, loads the demo data into an empty database, then runs
// each step; a step adds only what is missing up to its target, so running it twice is harmless.
// Targets: SCALE_EQUIPOS (default 2,000 machines), SCALE_HOROMETROS (500,000 hour-meter events),
// SCALE_ORDENES (100,000 work orders), SCALE_SOLICITUDES (purchase requests: default one per five orders),
// SCALE_MOVIMIENTOS (stock movements: default four per ten orders, from the approved requests'
// purchase orders, central entries, transfer requests and transfers, site receipts and issues).
import { isDatabaseEmpty, loadDemoData } from '../services/demo/demo-data';
import { equiposScaleStep } from '../services/demo/scale/equipment';
import { seedScaleHorometros } from '../services/demo/scale/hour-meters';
import { seedScaleWorkOrders } from '../services/demo/scale/work-orders';
import { seedScaleRequests } from '../services/demo/scale/purchase-requests';
import { seedScaleStock } from '../services/demo/scale/stock-movements';
import type { ScaleStep } from '../services/demo/scale/scaleStep';
import { runOnStore } from './store-command';

/** The steps, in order (later ones may need the earlier ones' data). */
const steps: ScaleStep[] = [
  equiposScaleStep(Number(process.env.SCALE_EQUIPOS ?? 2_000)),
  {
    name: 'horometros',
    async run({ store, progress }) {
      const r = await seedScaleHorometros(store, { events: Number(process.env.SCALE_HOROMETROS ?? 500_000), onProgress: progress });
      return { added: r.written, total: r.total };
    },
  },
  {
    name: 'ordenes_trabajo',
    async run({ store, progress }) {
      const { added } = await seedScaleWorkOrders(store, { target: Number(process.env.SCALE_ORDENES ?? 100_000), onProgress: progress });
      const [{ n }] = await store.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_ordenes_trabajo`;
      return { added, total: n };
    },
  },
  {
    name: 'solicitudes_compras',
    async run({ store, progress }) {
      const target = Number(process.env.SCALE_SOLICITUDES ?? Math.floor(Number(process.env.SCALE_ORDENES ?? 100_000) / 5));
      const { added } = await seedScaleRequests(store, { target, onProgress: progress });
      const [{ n }] = await store.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_solicitudes_compras`;
      return { added, total: n };
    },
  },
  {
    name: 'movimientos_stock',
    async run({ store, progress }) {
      const target = Number(process.env.SCALE_MOVIMIENTOS ?? Math.floor((Number(process.env.SCALE_ORDENES ?? 100_000) * 4) / 10));
      return seedScaleStock(store, { target, onProgress: progress });
    },
  },
];

await runOnStore('seed-scale', async (store, sql) => {
  if (await isDatabaseEmpty(store)) {
    process.stderr.write('Base vacía: cargando los datos de demostración…\n');
    await loadDemoData(store);
  }
  for (const step of steps) {
    const started = performance.now();
    let shown = -1;
    const result = await step.run({
      store,
      // One line per 5% (and the last): a step reports every batch.
      progress: (done, total) => {
        const pct = Math.floor((done / Math.max(1, total)) * 20) * 5;
        if (pct === shown && done < total) return;
        shown = pct;
        process.stderr.write(`${step.name}: ${done.toLocaleString('es-PE')}/${total.toLocaleString('es-PE')} (${pct}%)\n`);
      },
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`${step.name}: ${result.added} añadidos, ${result.total} en total (${seconds} s)\n`);
  }
  // After a bulk load, as PostgreSQL advises: statistics for the planner and the visibility map,
  // so list counts are index-only at once instead of after autovacuum (docs/PERFORMANCE.md).
  process.stderr.write('VACUUM ANALYZE…\n');
  await sql`VACUUM ANALYZE`;
  // Async projections (activity log, live) catch up on their own when the projector runs.
  store.wakeReaders();
}, (error) => `${error.stack ?? String(error)}\n`);
