import { createEventStore } from '../events/store';
import { migrate } from '../migrations/migrate';
import { inlineProjections } from '../projections/registry';
import { loadDemoData } from '../services/demo/demo-data';
import { equiposScaleStep } from '../services/demo/scale/equipment';
import { seedScaleHorometros } from '../services/demo/scale/hour-meters';
import { seedScaleWorkOrders } from '../services/demo/scale/work-orders';
import { createSql } from '../services/shared/db';
import type { BenchResult } from './stats';

/** The loaders' own speed: the demo data set (`npm start` on an empty database), then the
 * `seed:scale` steps (2,000 machines, `horometros` hour-meter events, `orders` work orders), each
 * timed on a fresh database of its own beside the benchmark's. All of them write through the
 * command pipeline, so this is what a bulk load through it costs. */
export async function demoLoadBench(serverUrl: string, opts: { horometros: number; orders: number }): Promise<BenchResult[]> {
  const database = `faena_bench_demo_${process.pid}`;
  const admin = createSql(serverUrl, { max: 1 });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${database}`);
  await admin.unsafe(`CREATE DATABASE ${database}`);
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  const sql = createSql(u.toString(), { max: 10, applicationName: 'faena-bench-demo' });
  const timed = async <T>(fn: () => Promise<T>) => {
    const t0 = performance.now();
    const value = await fn();
    return { value, seconds: Math.round((performance.now() - t0) / 100) / 10 };
  };
  const count = async (streamType: string) =>
    (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events WHERE stream_type = ${streamType}`)[0].n;
  try {
    await migrate(sql);
    const store = createEventStore(sql, { inlineProjections, notify: false });
    const demo = await timed(() => loadDemoData(store));
    const [{ events }] = await sql<{ events: number }[]>`SELECT count(*)::int AS events FROM es_events`;
    const equipos = await timed(() => equiposScaleStep(2_000).run({ store, progress: () => {} }));
    const before = await count('horometro');
    const horometros = await timed(() => seedScaleHorometros(store, { events: before + opts.horometros }));
    const orders = await timed(() => seedScaleWorkOrders(store, { target: opts.orders }));
    return [
      { name: 'demo data load (loadDemoData, empty database)', figures: { events, seconds: demo.seconds, 'events/s': Math.round(events / demo.seconds) } },
      { name: 'seed:scale machines (to 2,000)', figures: { added: equipos.value.added, seconds: equipos.seconds, 'records/s': Math.round(equipos.value.added / equipos.seconds) } },
      { name: 'seed:scale hour-meter logs', figures: { added: horometros.value.written, seconds: horometros.seconds, 'records/s': Math.round(horometros.value.written / horometros.seconds) } },
      { name: 'seed:scale work orders', figures: { added: orders.value.added, 'work-order events': await count('work_order'), seconds: orders.seconds, 'orders/s': Math.round(orders.value.added / orders.seconds) } },
    ];
  } finally {
    await sql.end({ timeout: 5 });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}
