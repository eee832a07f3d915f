import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { updateRecord } from '../events/record/commands';
import type { EventStore } from '../events/store';
import { rebuildProjection } from '../projections/rebuild';
import { asyncProjections } from '../projections/registry';
import { kpisProjection } from '../projections/kpis';
import { processBatch, readCheckpoint } from '../projections/runner';
import { createApp } from '../services/api/app';
import { openSession } from '../services/api/auth/sessions';
import { createApiDeps } from '../services/api/create-deps';
import { equiposScaleStep } from '../services/demo/scale/equipment';
import { seedScaleHorometros } from '../services/demo/scale/hour-meters';
import { seedScaleRequests } from '../services/demo/scale/purchase-requests';
import { seedScaleStock } from '../services/demo/scale/stock-movements';
import { seedScaleWorkOrders } from '../services/demo/scale/work-orders';
import type { Sql } from '../services/shared/db';
import { createLogger } from '../services/shared/logger';
import { businessToday } from '../shared/time';
import { withScratchDatabase } from './scratch-database';
import { latencyFigures, type BenchResult } from './stats';

/** The scale data every report is measured on (issue 19: 2,000 machines, 100,000 work orders, a
 * year of hour-meter logs; the PM board of issue 20 reads the same machines and logs), on one
 * kept-or-throwaway database (`faena_bench_escala`, see scratch-database.ts for BENCH_KEEP). Each
 * step adds only what is missing, then every async projection that feeds a report is caught up. */
export async function withScaleData<T>(serverUrl: string, fn: (sql: Sql, store: EventStore, sizes: ScaleSizes) => Promise<T>): Promise<T> {
  const machines = Number(process.env.BENCH_PM_MACHINES ?? 2_000);
  const days = Number(process.env.BENCH_PM_DAYS ?? 365);
  const orders = Number(process.env.BENCH_ORDERS ?? 100_000);
  const movements = Number(process.env.BENCH_MOVIMIENTOS ?? Math.floor(orders * 0.4));
  return withScratchDatabase(serverUrl, 'escala', async (sql, store) => {
    let last = 0;
    const progress = (what: string) => (done: number, total: number) => {
      if (done - last >= 20_000 || done === total) process.stderr.write(`${what}: ${(last = done)}/${total}\n`);
    };
    const seeded = await equiposScaleStep(machines).run({ store, progress: () => {} });
    const [{ n }] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_equipos WHERE estado = 1`;
    const logs = await seedScaleHorometros(store, { events: n * days, onProgress: progress('hour-meter logs') });
    last = 0;
    await seedScaleWorkOrders(store, { target: orders, onProgress: progress('work orders') });
    last = 0;
    await seedScaleRequests(store, { target: Math.floor(orders / 5), onProgress: progress('requests') });
    last = 0;
    await seedScaleStock(store, { target: movements, onProgress: progress('stock movements') });
    // The projections the screens read, caught up as the running projector would (the live push
    // and the activity log feed no report).
    for (const projection of asyncProjections.filter((p) => p.name !== 'live' && p.name !== 'activity_log')) {
      for (;;) {
        const r = await processBatch(sql, store, projection, await readCheckpoint(sql, projection.name));
        if (r.read === 0) break;
      }
    }
    await sql`VACUUM ANALYZE`;
    const [size] = await sql<{ ordenes: number; events: number; horometros: number }[]>`
      SELECT (SELECT count(*) FROM rm_ordenes_trabajo)::int AS ordenes, (SELECT count(*) FROM es_events)::int AS events, (SELECT count(*) FROM rm_horometros)::int AS horometros`;
    return fn(sql, store, { machines: seeded.total, logs: logs.total, orders: size.ordenes, events: size.events, horometros: size.horometros });
  });
}

export type ScaleSizes = { machines: number; logs: number; orders: number; events: number; horometros: number };


/** The KPI and profitability reads (issue 19) on the scale data, through the real API app
 * in-process, one request at a time, `seconds` each, over the last twelve whole months and every
 * site: the KPI report's five kinds in turn (goal p95 < 200 ms), the KPIs per machine and the
 * general blocks, the profitability rows (goal p95 < 300 ms) and each of its four charts; and the
 * KPI projection rebuilt over the whole log (events/s). */
export async function reportsBench(serverUrl: string, seconds: number): Promise<BenchResult[]> {
  return withScaleData(serverUrl, async (sql, store, sizes) => {
    const results: BenchResult[] = [{ name: 'scale data for the reports', figures: { ...sizes } }];
    // BENCH_REBUILD=0 skips the rebuild (minutes at full size) when only the reads are wanted.
    if (process.env.BENCH_REBUILD !== '0') {
      const rebuilt = await rebuildProjection(sql, store, kpisProjection, 'async');
      await sql`VACUUM ANALYZE`;
      results.push({
        name: 'KPI inputs projection (rm_kpi_equipo_mes), full rebuild over the log (async, one transaction)',
        figures: { 'events read': rebuilt.events, 'events applied': rebuilt.applied, seconds: Number((rebuilt.elapsedMs / 1000).toFixed(2)), 'events/s': Math.round(rebuilt.eventsPerSecond) },
      });
    }

    const deps = await createApiDeps({ sql, store, boss: null, log: createLogger({}, true), config: { dataDir: mkdtempSync(join(tmpdir(), 'faena-bench-rep-')), port: 0 } });
    const app = createApp({ deps, webDir: '/nonexistent' });
    const [admin] = await sql<{ id: number }[]>`SELECT id FROM rm_users WHERE email = 'admin@faena.pe'`;
    const { token } = await openSession(store, { userId: admin.id, device: { platform: 'bench' }, ip: '127.0.0.1', hours: 2, now: new Date() });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // The last twelve whole months up to today.
    const today = businessToday(new Date());
    const from = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    from.setUTCMonth(from.getUTCMonth() - 11);
    const year = { date_from: from.toISOString().slice(0, 10), date_to: today };
    const [rows] = await sql<{ filas: number; equipos: number; obras: number }[]>`
      SELECT count(*)::int AS filas, count(DISTINCT id_equipo)::int AS equipos, count(DISTINCT id_obra)::int AS obras
        FROM rm_kpi_equipo_mes WHERE mes BETWEEN ${year.date_from}::date AND ${year.date_to}::date`;
    const span = `one year (${year.date_from} – ${year.date_to}), all ${rows.obras} sites, ${rows.equipos.toLocaleString('en')} machines, ${rows.filas.toLocaleString('en')} machine × site × month rows`;
    const get = (path: string, params: Record<string, string | number>) =>
      app.request(`/api${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`, { headers });

    type Call = { name: string; goal?: string; request: (i: number) => Response | Promise<Response>; before?: (i: number) => Promise<unknown> };
    // The profitability keeps its month rows (rent_equipo_mes) and recomputes what a change marked on
    // the next read: the last call edits one machine's tariff (a real command, untimed) before
    // every fifth request, so those reads pay for recomputing that machine's months.
    const machineIds = (await sql<{ id: number }[]>`SELECT id::int FROM rm_equipos ORDER BY random() LIMIT 100`).map((r) => r.id);
    const editTariff = (i: number) =>
      updateRecord(store, 'equipo', machineIds[i % machineIds.length], { tarifa: 100 + (i % 97) }, { metadata: { userId: null, requestId: 'bench-rentabilidad' } });
    const calls: Call[] = [
      { name: `GET /kpis_reporte, the five kinds in turn, costs, ${span}`, goal: 'p95 < 200 ms', request: (i) => get('/kpis_reporte', { ...year, id_reporte: (i % 5) + 1, id_tipo_kpi: 1 }) },
      { name: 'GET /kpis_equipos, one year, all sites, first page', request: () => get('/kpis_equipos', { ...year, page: 1, limit: 15 }) },
      { name: 'GET /kpis_generales, one year, all sites', request: () => get('/kpis_generales', year) },
      { name: `GET /reportes_rentabilidad, ${span}`, goal: 'p95 < 300 ms', request: () => get('/reportes_rentabilidad', year) },
      {
        name: 'POST /reportes_rentabilidad/amortizacion, charts 1-4 in turn, one year, all sites',
        goal: 'p95 < 300 ms',
        request: (i) => app.request('/api/reportes_rentabilidad/amortizacion', { method: 'POST', headers, body: JSON.stringify({ ...year, id_selected: (i % 4) + 1 }) }),
      },
      {
        name: `GET /reportes_rentabilidad, ${span}, a machine's tariff edited before every 5th request`,
        goal: 'p95 < 300 ms',
        request: () => get('/reportes_rentabilidad', year),
        before: (i) => (i % 5 === 0 ? editTariff(i / 5) : Promise.resolve()),
      },
    ];
    for (const call of calls) {
      for (let i = 0; i < 5; i++) await (await call.request(i)).arrayBuffer();
      const latencies: number[] = [];
      let untimed = 0;
      const start = performance.now();
      for (let i = 0; performance.now() - start - untimed < seconds * 1000 || latencies.length < 20; i++) {
        if (call.before) {
          const u = performance.now();
          await call.before(i);
          untimed += performance.now() - u;
        }
        const t0 = performance.now();
        const res = await call.request(i);
        const body = await res.text();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${call.name} ${res.status}: ${body.slice(0, 500)}`);
        if (i === 0) process.stderr.write(`${call.name}: ${body.slice(0, 300)}\n`);
      }
      results.push({ name: `${call.name}${call.goal ? ` (goal ${call.goal})` : ''}`, figures: latencyFigures(latencies, performance.now() - start - untimed) });
    }
    return results;
  });
}
