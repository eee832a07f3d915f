import type { EventStore } from '../events/store';
import { createApp } from '../services/api/app';
import { openSession } from '../services/api/auth/sessions';
import { createApiDeps } from '../services/api/create-deps';
import { equiposScaleStep } from '../services/demo/scale/equipment';
import type { Sql } from '../services/shared/db';
import { createLogger } from '../services/shared/logger';
import { withScratchDatabase } from './scratch-database';
import { percentile, type BenchResult } from './stats';

const MACHINES = 2_000;

/** Times GET /equipos (filter + sort + page of 10) through the real API app in-process, on a
 * database that already holds the demo data and the scale machines. The requests cycle through
 * the screen's filters (site, group, subgroup, brand, state, tariff, search) and sort columns,
 * the computed pendiente_por_mes included, over pages 1-5: one client, then four concurrent ones. */
export async function measureEquipmentList(sql: Sql, store: EventStore, seconds: number, machines: number): Promise<BenchResult[]> {
  const deps = await createApiDeps({ sql, store, boss: null, log: createLogger({}, true), config: { dataDir: '/nonexistent', port: 0 } });
  const app = createApp({ deps, webDir: '/nonexistent' });
  const [user] = await sql<{ id: number }[]>`SELECT id FROM rm_users WHERE email = 'admin@faena.pe'`;
  const { token } = await openSession(store, { userId: user.id, device: { platform: 'bench' }, ip: '127.0.0.1', hours: 2, now: new Date() });

  const ids = async (q: string) => (await sql.unsafe<{ id: number }[]>(q)).map((r) => r.id);
  const [sites, groups, subgroups, brands] = await Promise.all([
    ids('SELECT DISTINCT id_obra AS id FROM rm_equipos ORDER BY 1'),
    ids('SELECT DISTINCT id_equipo_grupo AS id FROM rm_equipos ORDER BY 1'),
    ids('SELECT DISTINCT id_equipo_subgrupo AS id FROM rm_equipos ORDER BY 1'),
    ids('SELECT DISTINCT id_marca AS id FROM rm_equipos ORDER BY 1'),
  ]);
  const orders: [string, 'asc' | 'desc'][] = [
    ['codigo', 'asc'], ['obra', 'asc'], ['costo_adquisicion', 'desc'], ['anio', 'desc'], ['descripcion', 'asc'], ['marca', 'asc'], ['pendiente_por_mes', 'desc'],
  ];
  const filters: ((i: number) => Record<string, string | number>)[] = [
    (i) => ({ id_obra: sites[i % sites.length] }),
    (i) => ({ id_equipo_grupo: groups[i % groups.length] }),
    (i) => ({ id_equipo_subgrupo: subgroups[i % subgroups.length] }),
    (i) => ({ id_marca: brands[i % brands.length] }),
    () => ({ estado: 1 }),
    (i) => ({ tipo_tarifa: i % 2 ? 'MES' : 'HORA' }),
    (i) => ({ query: ['EX-S0', 'volquete', 'cat0', 'CF-'][i % 4] }),
  ];
  const byFilter = filters.map(() => [] as number[]);
  const request = async (i: number) => {
    const [order_col, order_dir] = orders[i % orders.length];
    const f = Math.floor(i / orders.length) % filters.length;
    const params = { ...filters[f](i), order_col, order_dir, page: (i % 5) + 1, limit: 10 };
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    const t = performance.now();
    const res = await app.request(`/api/equipos?${query}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { ok: boolean; items: unknown[]; msg: string };
    const ms = performance.now() - t;
    if (!body.ok) throw new Error(`GET /equipos?${query}: ${res.status} ${body.msg}`);
    byFilter[f].push(ms);
    return ms;
  };

  for (let i = 0; i < 300; i++) await request(i); // warm-up: prepared statements, caches, JIT
  const run = async (clients: number) => {
    for (const list of byFilter) list.length = 0;
    const latencies: number[] = [];
    const until = performance.now() + seconds * 1000;
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) latencies.push(await request(next++));
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    if (process.env.BENCH_DETAIL) {
      const names = ['obra', 'grupo', 'subgrupo', 'marca', 'estado', 'tarifa', 'búsqueda'];
      process.stderr.write(`${clients} client(s), p95 by filter: ${byFilter.map((l, k) => `${names[k]} ${percentile(l, 95)}`).join(', ')}\n`);
    }
    return { 'requests/s': Math.round(latencies.length / elapsed), 'p50 ms': percentile(latencies, 50), 'p95 ms': percentile(latencies, 95), 'p99 ms': percentile(latencies, 99) };
  };
  const one = await run(1);
  const four = await run(4);
  return [
    { name: `equipment list GET /equipos, filter + sort + page of 10, ${machines} machines, 1 client`, figures: one },
    { name: `equipment list GET /equipos, filter + sort + page of 10, ${machines} machines, 4 clients`, figures: four },
  ];
}

/** The equipment-list benchmark on a scratch database: the demo data, the scale step's 2,000
 * machines, ANALYZE, then measureEquipmentList. Target: p95 < 20 ms. */
export async function equipmentListBench(serverUrl: string, seconds: number): Promise<BenchResult[]> {
  return withScratchDatabase(serverUrl, 'equipos', async (sql, store) => {
    const seeded = await equiposScaleStep(MACHINES).run({ store, progress: () => {} });
    await sql`ANALYZE`;
    return measureEquipmentList(sql, store, seconds, seeded.total);
  });
}
