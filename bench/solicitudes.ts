import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../services/api/app';
import { openSession } from '../services/api/auth/sessions';
import { createApiDeps } from '../services/api/create-deps';
import { equiposScaleStep } from '../services/demo/scale/equipment';
import { seedScaleRequests } from '../services/demo/scale/purchase-requests';
import { seedScaleWorkOrders } from '../services/demo/scale/work-orders';
import { createLogger } from '../services/shared/logger';
import { withScratchDatabase } from './scratch-database';
import { latencyFigures, loadList, percentile, type BenchResult } from './stats';
import { createEventStore } from '../events/store';
import { inlineProjections } from '../projections/registry';

/** The purchase-request list (GET /solicitudes_compras) through the real API app in-process, one
 * request at a time, on the scale data: 100,000 work orders and one request per five of them
 * (`npm run seed:scale`'s shares), with the filters users combine, the sorts they click and
 * page 10; also the central warehouse's list and the requested-products list. */
export async function requestListBench(serverUrl: string, seconds: number, orders = 100_000): Promise<BenchResult[]> {
  return withScratchDatabase(serverUrl, 'solicitudes', async (sql) => {
    const store = createEventStore(sql, { inlineProjections, notify: false });
    await equiposScaleStep(2_000).run({ store, progress: () => {} });
    let last = 0;
    const progress = (what: string) => (done: number, total: number) => {
      if (done - last >= 10_000 || done === total) process.stderr.write(`${what}: ${(last = done)}/${total}\n`);
    };
    await seedScaleWorkOrders(store, { target: orders, onProgress: progress('work orders') });
    last = 0;
    const started = performance.now();
    const { added } = await seedScaleRequests(store, { target: Math.floor(orders / 5), onProgress: progress('requests') });
    const elapsed = (performance.now() - started) / 1000;
    await sql`VACUUM ANALYZE`;
    const [{ requests, products }] = await sql<{ requests: number; products: number }[]>`
      SELECT (SELECT count(*)::int FROM rm_solicitudes_compras) AS requests, (SELECT count(*)::int FROM rm_productos_solicitados) AS products`;
    const results: BenchResult[] = [{
      name: 'seed:scale purchase requests through the event store (deciders + inline projection)',
      figures: { requests: added, 'requests/s': Math.round(added / elapsed), 'rows in rm_solicitudes_compras': requests, 'requested products': products },
    }];

    const deps = await createApiDeps({ sql, store, boss: null, log: createLogger({}, true), config: { dataDir: mkdtempSync(join(tmpdir(), 'faena-bench-sc-')), port: 0 } });
    const app = createApp({ deps, webDir: '/nonexistent' });
    const [admin] = await sql<{ id: number }[]>`SELECT id FROM rm_users WHERE email = 'admin@faena.pe'`;
    const { token } = await openSession(store, { userId: admin.id, device: { platform: 'bench' }, ip: '127.0.0.1', hours: 2, now: new Date() });
    const headers = { authorization: `Bearer ${token}` };
    const sites = await sql<{ id: number }[]>`SELECT DISTINCT id_obra::int AS id FROM rm_solicitudes_compras ORDER BY 1`;
    const ots = await sql<{ codigo: string }[]>`SELECT ot.codigo FROM rm_solicitudes_compras r JOIN rm_ordenes_trabajo ot ON ot.id = r.id_orden_trabajo ORDER BY r.id LIMIT 200`;
    const site = (i: number) => sites[i % sites.length].id;
    const lists: { name: string; shapes: ((i: number) => string)[] }[] = [
      {
        name: '/solicitudes_compras',
        shapes: [
          () => 'page=10&limit=10',
          (i) => `id_obra=${site(i)}&page=10&limit=10`,
          (i) => `id_obra=${site(i)}&estado=5&order_col=fecha_creado&order_dir=desc&page=10&limit=10`,
          () => 'estado=4&order_col=codigo&order_dir=asc&page=10&limit=10',
          (i) => `numero_ot=${encodeURIComponent(ots[i % ots.length].codigo.slice(-6))}&page=1&limit=10`,
          (i) => `query=${encodeURIComponent(ots[i % ots.length].codigo)}&page=1&limit=10`,
          () => 'order_col=codigo_obra&order_dir=asc&page=10&limit=10',
          (i) => `id_obra=${site(i)}&date_from=2026-01-01&date_to=2026-06-30&page=10&limit=10`,
        ],
      },
      { name: '/almacen_central_ots', shapes: [() => 'page=10&limit=10', (i) => `id_obra=${site(i)}&atendido=0&page=1&limit=10`] },
      { name: '/solicitud_compra_productos', shapes: [() => 'page=10&limit=10', (i) => `id_obra=${site(i)}&page=10&limit=10`] },
    ];
    for (const list of lists) {
      const { latencies, byShape, ms } = await loadList((url) => app.request(url, { headers }), list, seconds);
      process.stderr.write(`${list.name} p95 by shape: ${byShape.map((l, k) => `${k + 1}: ${percentile(l, 95)}`).join(', ')}\n`);
      results.push({
        name: `${list.name} (filter + sort + page), ${requests.toLocaleString('en')} requests over ${orders.toLocaleString('en')} OTs`,
        figures: latencyFigures(latencies, ms),
      });
    }
    return results;
  });
}
