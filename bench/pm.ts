import { setRecordEnabled } from '../events/record/commands';
import type { EventStore } from '../events/store';
import { createApp } from '../services/api/app';
import { openSession } from '../services/api/auth/sessions';
import { createApiDeps } from '../services/api/create-deps';
import type { Sql } from '../services/shared/db';
import { createLogger } from '../services/shared/logger';
import { withScaleData } from './reports';
import { percentile, type BenchResult } from './stats';

/** Times GET /mantenimiento_preventivo (the PM board, issue 20: every active plan with its
 * forecast from the last 30 days of logs, filter + sort + page of 15) through the real API app
 * in-process, cycling through the bands, the sites and the sort columns: one client, then four. */
export async function measurePmBoard(sql: Sql, store: EventStore, seconds: number, machines: number, logs: number): Promise<BenchResult[]> {
  const deps = await createApiDeps({ sql, store, boss: null, log: createLogger({}, true), config: { dataDir: '/nonexistent', port: 0 } });
  const app = createApp({ deps, webDir: '/nonexistent' });
  const [user] = await sql<{ id: number }[]>`SELECT id FROM rm_users WHERE email = 'admin@faena.pe'`;
  const { token } = await openSession(store, { userId: user.id, device: { platform: 'bench' }, ip: '127.0.0.1', hours: 2, now: new Date() });
  const sites = (await sql<{ id: number }[]>`SELECT DISTINCT id_obra AS id FROM rm_equipos ORDER BY 1`).map((r) => r.id);
  const orders: [string, 'asc' | 'desc'][] = [['dias', 'asc'], ['fecha', 'asc'], ['restante', 'asc'], ['codigo', 'asc'], ['obra', 'asc']];
  const filters: ((i: number) => Record<string, string | number>)[] = [
    () => ({}),
    () => ({ vencimiento: 'vencido' }),
    () => ({ vencimiento: 'proximo_7' }),
    () => ({ vencimiento: 'proximo_30' }),
    (i) => ({ id_obra: sites[i % sites.length] }),
    (i) => ({ id_obra: sites[i % sites.length], vencimiento: 'proximo_30' }),
    (i) => ({ query: ['EX-S0', 'CF-', 'subgrupo'][i % 3] }),
  ];
  // The board keeps its forecasts (pm_pronosticos) and recomputes the machines changed since the
  // last read: the third run disables or enables one random log (a real command) before every
  // fifth request, untimed, so the timed read pays for that machine's refresh.
  const toggled = (await sql<{ id: number }[]>`SELECT id::int FROM rm_horometros ORDER BY random() LIMIT 200`).map((r) => r.id);
  const disabled = new Set<number>();
  const change = async (i: number) => {
    const id = toggled[i % toggled.length];
    await setRecordEnabled(store, 'horometro', id, disabled.has(id), { metadata: { userId: null, requestId: 'bench-pm' } });
    if (disabled.has(id)) disabled.delete(id);
    else disabled.add(id);
  };
  const request = async (i: number) => {
    const [order_col, order_dir] = orders[i % orders.length];
    const params = { ...filters[Math.floor(i / orders.length) % filters.length](i), order_col, order_dir, page: 1, limit: 15 };
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    const t = performance.now();
    const res = await app.request(`/api/mantenimiento_preventivo?${query}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { ok: boolean; msg: string };
    const ms = performance.now() - t;
    if (!body.ok) throw new Error(`GET /mantenimiento_preventivo?${query}: ${res.status} ${body.msg}`);
    return ms;
  };
  for (let i = 0; i < 50; i++) await request(i); // warm-up
  const run = async (clients: number, writes = false) => {
    const latencies: number[] = [];
    const until = performance.now() + seconds * 1000;
    let untimed = 0;
    const started = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const i = next++;
        if (writes && i % 5 === 0) {
          const t = performance.now();
          await change(i / 5);
          untimed += performance.now() - t;
        }
        latencies.push(await request(i));
      }
    }));
    const elapsed = (performance.now() - started - untimed) / 1000;
    return { 'requests/s': Math.round(latencies.length / elapsed), 'p50 ms': percentile(latencies, 50), 'p95 ms': percentile(latencies, 95), 'p99 ms': percentile(latencies, 99) };
  };
  const label = `PM board GET /mantenimiento_preventivo, band/site filter + sort + page of 15, ${machines} machines, ${logs} logs`;
  return [
    { name: `${label}, 1 client`, figures: await run(1) },
    { name: `${label}, 4 clients`, figures: await run(4) },
    { name: `${label}, 1 client, a log disabled or enabled before every 5th request`, figures: await run(1, true) },
  ];
}

/** The PM-board benchmark on the reports' scale data (bench/reports.ts `withScaleData`: the demo,
 * BENCH_PM_MACHINES machines, default 2,000, with BENCH_PM_DAYS day shifts each, default 365:
 * 730,000 logs at full size, and the work orders, requests and stock chains), every report's
 * projection caught up, ANALYZE, then measurePmBoard. Target (issue 20): p95 < 50 ms. A smoke run:
 * BENCH_PM_MACHINES=100 BENCH_PM_DAYS=10 BENCH_ORDERS=500 BENCH_SECONDS=1. */
export async function pmBoardBench(serverUrl: string, seconds: number): Promise<BenchResult[]> {
  return withScaleData(serverUrl, (sql, store, sizes) => measurePmBoard(sql, store, seconds, sizes.machines, sizes.horometros));
}
