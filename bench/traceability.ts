import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore } from '../events/store';
import { rebuildProjection } from '../projections/rebuild';
import { inlineProjections } from '../projections/registry';
import { traceabilityProjection } from '../projections/traceability';
import { createApp } from '../services/api/app';
import { openSession } from '../services/api/auth/sessions';
import { createApiDeps } from '../services/api/create-deps';
import { equiposScaleStep } from '../services/demo/scale/equipment';
import { seedScaleRequests } from '../services/demo/scale/purchase-requests';
import { seedScaleStock } from '../services/demo/scale/stock-movements';
import { seedScaleWorkOrders } from '../services/demo/scale/work-orders';
import { createLogger } from '../services/shared/logger';
import { prng } from '../services/demo/prng';
import { withScratchDatabase } from './scratch-database';
import { percentile, type BenchResult } from './stats';

const figures = (latencies: number[], ms: number) => ({
  requests: latencies.length, 'p50 ms': percentile(latencies, 50), 'p95 ms': percentile(latencies, 95), 'p99 ms': percentile(latencies, 99),
  'req/s': Math.round((latencies.length / ms) * 1000),
});

/** Traceability (issue 18) on the scale data (`npm run seed:scale`'s steps on a database of its
 * own: 2,000 machines, `orders` work orders with their opening, attention and closing, one purchase
 * request per five orders, `movements` stock movements driving the approved requests through SICAM,
 * the central entry, the transfer request and waybill, the site receipt and the issue):
 * - the async traceability projection rebuilt over the whole log (events/s, orders/s);
 * - through the real API app in-process, one request at a time, `seconds` each: the global
 *   aggregate over the last year, all sites, both states and all groups (goal p95 < 100 ms) and
 *   a narrower one (one site, closed only); one order's timeline for random orders (goal p95 <
 *   20 ms); the order lookup with a search. */
export async function traceabilityBench(serverUrl: string, seconds: number, orders = 100_000, movements = Math.floor(orders * 0.4)): Promise<BenchResult[]> {
  return withScratchDatabase(serverUrl, 'trazabilidad', async (sql) => {
    const store = createEventStore(sql, { inlineProjections, notify: false });
    await equiposScaleStep(2_000).run({ store, progress: () => {} });
    let last = 0;
    const progress = (what: string) => (done: number, total: number) => {
      if (done - last >= 10_000 || done === total) process.stderr.write(`${what}: ${(last = done)}/${total}\n`);
    };
    const seedStarted = performance.now();
    await seedScaleWorkOrders(store, { target: orders, onProgress: progress('work orders') });
    last = 0;
    await seedScaleRequests(store, { target: Math.floor(orders / 5), onProgress: progress('requests') });
    last = 0;
    await seedScaleStock(store, { target: movements, onProgress: progress('stock movements') });
    const seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
    await sql`VACUUM ANALYZE`;

    // The table, built as a rebuild builds it: the projection over the whole log in one transaction.
    const rebuilt = await rebuildProjection(sql, store, traceabilityProjection, 'async');
    await sql`VACUUM ANALYZE rm_trazabilidad`;
    await sql`VACUUM ANALYZE rm_trazabilidad_hitos`;
    const [size] = await sql<{ rows: number; open: number; closed: number; cancelled: number; events: number; milestones: number }[]>`
      SELECT count(*)::int AS rows, count(*) FILTER (WHERE estado_ot = 1)::int AS open, count(*) FILTER (WHERE estado_ot = 3)::int AS closed,
             count(*) FILTER (WHERE estado_ot = 2)::int AS cancelled, (SELECT count(*) FROM es_events)::int AS events,
             (SELECT count(*) FROM rm_trazabilidad t, unnest(t.fechas) f WHERE f IS NOT NULL)::int AS milestones
        FROM rm_trazabilidad`;
    // How far the chains reach: orders per milestone, and the distribution of chain lengths.
    const reached = await sql<{ k: number; n: number }[]>`
      SELECT u.k::int, count(*)::int AS n FROM rm_trazabilidad t CROSS JOIN LATERAL unnest(t.fechas) WITH ORDINALITY AS u(f, k)
       WHERE u.f IS NOT NULL AND t.estado_ot IN (1, 3) GROUP BY 1 ORDER BY 1`;
    const lengths = await sql<{ len: number; n: number }[]>`
      SELECT len, count(*)::int AS n FROM (SELECT (SELECT count(*) FROM unnest(t.fechas) f WHERE f IS NOT NULL)::int AS len FROM rm_trazabilidad t WHERE t.estado_ot IN (1, 3)) x GROUP BY 1 ORDER BY 1`;
    process.stderr.write(`orders per milestone: ${reached.map((r) => `${r.k}: ${r.n}`).join(', ')}\n`);
    process.stderr.write(`milestones reached per order: ${lengths.map((r) => `${r.len}: ${r.n}`).join(', ')}\n`);
    const results: BenchResult[] = [
      {
        name: 'seed:scale for traceability (work orders, requests, stock chains through the deciders)',
        figures: { seconds: seedSeconds, 'events in the store': size.events, 'traceability rows': size.rows, open: size.open, closed: size.closed, cancelled: size.cancelled, 'milestones reached': size.milestones },
      },
      {
        name: 'traceability projection, full rebuild over the log (async, one transaction)',
        figures: {
          'events read': rebuilt.events, 'events applied': rebuilt.applied, seconds: Number((rebuilt.elapsedMs / 1000).toFixed(2)),
          'events/s': Math.round(rebuilt.eventsPerSecond), 'applied events/s': Math.round(rebuilt.applied / (rebuilt.elapsedMs / 1000)),
          'orders/s': Math.round(size.rows / (rebuilt.elapsedMs / 1000)),
        },
      },
      { name: 'orders per milestone (1-18)', figures: Object.fromEntries(reached.map((r) => [`${r.k}`, r.n])) },
    ];

    const deps = await createApiDeps({ sql, store, boss: null, log: createLogger({}, true), config: { dataDir: mkdtempSync(join(tmpdir(), 'faena-bench-tz-')), port: 0 } });
    const app = createApp({ deps, webDir: '/nonexistent' });
    const [admin] = await sql<{ id: number }[]>`SELECT id FROM rm_users WHERE email = 'admin@faena.pe'`;
    const { token } = await openSession(store, { userId: admin.id, device: { platform: 'bench' }, ip: '127.0.0.1', hours: 2, now: new Date() });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    // The last year of openings, every site and group the data has.
    const [range] = await sql<{ date_from: string; date_to: string }[]>`
      SELECT to_char(max(apertura) - 364, 'YYYY-MM-DD') AS date_from, to_char(max(apertura), 'YYYY-MM-DD') AS date_to FROM rm_trazabilidad`;
    const sites = (await sql<{ id: number }[]>`SELECT id::int FROM rm_obras WHERE estado = 1 ORDER BY id`).map((r) => r.id);
    const groups = (await sql<{ id: number }[]>`SELECT id::int FROM rm_grupos_funcionales WHERE estado = 1 ORDER BY id`).map((r) => r.id);
    const busySites = (await sql<{ id: number }[]>`SELECT id_obra::int AS id FROM rm_trazabilidad WHERE estado_ot = 3 GROUP BY 1 ORDER BY count(*) DESC LIMIT 5`).map((r) => r.id);
    const [inYear] = await sql<{ n: number; values: number }[]>`
      SELECT count(*)::int AS n, sum((SELECT count(*) FROM unnest(t.minutos) m WHERE m IS NOT NULL))::int AS values
        FROM rm_trazabilidad t WHERE t.estado_ot IN (1, 3) AND t.apertura BETWEEN ${range.date_from}::date AND ${range.date_to}::date`;
    const ids = (await sql<{ id: number }[]>`SELECT id_orden_trabajo::int AS id FROM rm_trazabilidad WHERE estado_ot IN (1, 3)`).map((r) => r.id);
    const codes = (await sql<{ codigo: string }[]>`SELECT codigo FROM rm_trazabilidad WHERE estado_ot IN (1, 3) ORDER BY id_orden_trabajo LIMIT 500`).map((r) => r.codigo);
    const rng = prng(18);
    const year = { date_from: range.date_from, date_to: range.date_to, grupos_funcionales: groups };

    type Call = { name: string; goal?: string; request: (i: number) => Response | Promise<Response> };
    const calls: Call[] = [
      {
        name: `POST /trazabilidad/getInfoLTAll, one year (${range.date_from} – ${range.date_to}), all ${sites.length} sites, both states, all ${groups.length} groups: ${inYear.n.toLocaleString('en')} OTs, ${inYear.values.toLocaleString('en')} durations`,
        goal: 'p95 < 100 ms',
        request: () => app.request('/api/trazabilidad/getInfoLTAll', { method: 'POST', headers, body: JSON.stringify({ ...year, id_obras: sites, estado_ot_abierto: 1, estado_ot_cerrado: 1 }) }),
      },
      {
        name: 'POST /trazabilidad/getInfoLTAll, one year, one site (the 5 busiest in turn), closed only, all groups',
        request: (i) => app.request('/api/trazabilidad/getInfoLTAll', { method: 'POST', headers, body: JSON.stringify({ ...year, id_obras: [busySites[i % busySites.length]], estado_ot_abierto: 0, estado_ot_cerrado: 1 }) }),
      },
      {
        name: 'GET /trazabilidad/getInfoLT, a random OT',
        goal: 'p95 < 20 ms',
        request: () => app.request(`/api/trazabilidad/getInfoLT?id_ot=${ids[rng.int(0, ids.length - 1)]}`, { headers }),
      },
      {
        name: 'GET /fil_datas/ordenTrabajoLT, one year, all sites, both states, all groups, searching part of an OT code',
        request: (i) => {
          const q = new URLSearchParams({ ...year, grupos_funcionales: groups.join(','), id_obras: sites.join(','), estado_ot_abierto: '1', estado_ot_cerrado: '1', details: '1', search: codes[i % codes.length].slice(-5) });
          return app.request(`/api/fil_datas/ordenTrabajoLT?${q}`, { headers });
        },
      },
    ];
    for (const call of calls) {
      for (let i = 0; i < 10; i++) await (await call.request(i)).arrayBuffer();
      const latencies: number[] = [];
      const start = performance.now();
      for (let i = 0; performance.now() - start < seconds * 1000; i++) {
        const t0 = performance.now();
        const res = await call.request(i);
        const body = await res.text();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${call.name} ${res.status}: ${body}`);
        if (i === 0) process.stderr.write(`${call.name}: ${body.slice(0, 300)}\n`);
      }
      results.push({ name: `${call.name}${call.goal ? ` (goal ${call.goal})` : ''}`, figures: figures(latencies, performance.now() - start) });
    }

    // The global aggregate's SQL alone, on the same data: the first shape (the durations unnested
    // from rm_trazabilidad's wide rows, after the count) against the one the route runs now (the
    // aggregate over rm_trazabilidad_hitos, migrations/0043, the count from milestone 1), alternated.
    const w = sql`t.estado_ot IN (1, 3) AND t.apertura BETWEEN ${range.date_from}::date AND ${range.date_to}::date AND t.id_obra IN ${sql(sites)} AND t.gf && ${groups}::bigint[]`;
    const shapes: [string, () => Promise<unknown>][] = [
      ['unnest over rm_trazabilidad, count first', async () => {
        await sql`SELECT count(*)::int FROM rm_trazabilidad t WHERE ${w}`;
        await sql`SELECT u.k::int, count(*)::int, min(u.m)::float8, avg(u.m)::float8, max(u.m)::float8, percentile_cont(0.5) WITHIN GROUP (ORDER BY u.m)::float8,
                         percentile_cont(0.9) WITHIN GROUP (ORDER BY u.m)::float8
                    FROM rm_trazabilidad t CROSS JOIN LATERAL unnest(t.minutos) WITH ORDINALITY AS u(m, k) WHERE ${w} AND u.m IS NOT NULL GROUP BY u.k`;
      }],
      ['rm_trazabilidad_hitos, the count from milestone 1', () =>
        sql`SELECT t.k::int, count(*)::int, min(t.minutos)::float8, avg(t.minutos)::float8, max(t.minutos)::float8,
                   (percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY t.minutos))[1]::float8, (percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY t.minutos))[2]::float8
              FROM rm_trazabilidad_hitos t WHERE ${w} GROUP BY t.k`],
    ];
    const byShape = shapes.map(() => [] as number[]);
    const start = performance.now();
    for (let i = 0; performance.now() - start < seconds * 1000 * shapes.length; i++) {
      const t0 = performance.now();
      await shapes[i % shapes.length][1]();
      byShape[i % shapes.length].push(performance.now() - t0);
    }
    for (const [k, [name]] of shapes.entries()) {
      results.push({ name: `global aggregate SQL, one year, all sites, both states, all groups: ${name}`, figures: { runs: byShape[k].length, 'p50 ms': percentile(byShape[k], 50), 'p95 ms': percentile(byShape[k], 95) } });
    }
    for (const [label, q] of [
      ['unnest over rm_trazabilidad', sql`EXPLAIN (ANALYZE, BUFFERS) SELECT u.k, count(*), min(u.m), avg(u.m), max(u.m), percentile_cont(0.5) WITHIN GROUP (ORDER BY u.m), percentile_cont(0.9) WITHIN GROUP (ORDER BY u.m)
        FROM rm_trazabilidad t CROSS JOIN LATERAL unnest(t.minutos) WITH ORDINALITY AS u(m, k) WHERE ${w} AND u.m IS NOT NULL GROUP BY u.k`],
      ['rm_trazabilidad_hitos', sql`EXPLAIN (ANALYZE, BUFFERS) SELECT t.k, count(*), min(t.minutos), avg(t.minutos), max(t.minutos), percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY t.minutos)
        FROM rm_trazabilidad_hitos t WHERE ${w} GROUP BY t.k`],
    ] as const) {
      process.stderr.write(`EXPLAIN ${label}:\n${(await q).map((r) => r['QUERY PLAN']).join('\n')}\n`);
    }
    return results;
  });
}
