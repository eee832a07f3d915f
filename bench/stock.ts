import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../services/api/app';
import { openSession } from '../services/api/auth/sessions';
import { createApiDeps } from '../services/api/create-deps';
import { createLogger } from '../services/shared/logger';
import { withScaleData } from './reports';
import { latencyFigures, loadList, percentile, type BenchResult } from './stats';


/** The stock ledger on the scale data (bench/reports.ts `withScaleData`: 2,000 machines with a
 * year of logs, BENCH_ORDERS work orders, one purchase request per five orders, BENCH_MOVIMIENTOS
 * stock movements), through the real API app in-process, one request at a time:
 * - the issue: POST /almacen_obra_salidas/create of 1-3 lines of attended Pedidos holding stock
 *   received at their site, one unit each, until `minIssues` issues and `seconds` have passed
 *   (or the stock runs out);
 * - 'Stock por almacén' (first page; warehouse + site + with stock; a search; by value) and the
 *   Kárdex (first page; one balance's movements), `seconds` each;
 * - the as-of balances summed from the events (`/stock_almacen/al_dia`: first page, one site). */
export async function stockBench(serverUrl: string, seconds: number, minIssues = 1_000): Promise<BenchResult[]> {
  // The scale data shared with the reports' and the PM board's benchmarks (bench/reports.ts:
  // BENCH_ORDERS, BENCH_MOVIMIENTOS).
  return withScaleData(serverUrl, async (sql, store) => {
    await sql`VACUUM ANALYZE`;
    const [size] = await sql<{ balances: number; with_stock: number; moves: number; events: number }[]>`
      SELECT (SELECT count(*) FROM rm_stock)::int AS balances, (SELECT count(*) FROM rm_stock WHERE saldo > 0)::int AS with_stock,
             (SELECT count(*) FROM rm_stock_movimientos)::int AS moves, (SELECT count(*) FROM es_events)::int AS events`;
    const results: BenchResult[] = [{
      name: 'seed:scale stock movements (entries, transfers, receipts, issues through the deciders)',
      figures: { 'ledger rows': size.moves, balances: size.balances, 'balances with stock': size.with_stock, 'events in the store': size.events },
    }];
    const data = `${size.moves.toLocaleString('en')} movements, ${size.balances.toLocaleString('en')} balances`;

    const deps = await createApiDeps({ sql, store, boss: null, log: createLogger({}, true), config: { dataDir: mkdtempSync(join(tmpdir(), 'faena-bench-st-')), port: 0 } });
    const app = createApp({ deps, webDir: '/nonexistent' });
    const [admin] = await sql<{ id: number }[]>`SELECT id FROM rm_users WHERE email = 'admin@faena.pe'`;
    const { token } = await openSession(store, { userId: admin.id, device: { platform: 'bench' }, ip: '127.0.0.1', hours: 2, now: new Date() });
    const headers = { authorization: `Bearer ${token}` };

    // Lists first (the issues then change what they read).
    const [site] = await sql<{ id: number }[]>`SELECT id_obra::int AS id FROM rm_stock WHERE almacen = 'obra' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`;
    const codes = await sql<{ codigo: string }[]>`SELECT DISTINCT codigo FROM rm_stock ORDER BY codigo`;
    const busy = await sql<{ id: number }[]>`SELECT id_stock::int AS id FROM rm_stock ORDER BY movimientos DESC, id_stock LIMIT 50`;
    const days = await sql<{ d: string }[]>`
      SELECT to_char(d, 'YYYY-MM-DD') AS d FROM generate_series((SELECT min(fecha) FROM rm_stock_movimientos), (SELECT max(fecha) FROM rm_stock_movimientos), interval '17 days') d`;
    const code = (i: number) => codes[(i * 7) % codes.length].codigo;
    const lists: { name: string; shapes: ((i: number) => string)[] }[] = [
      {
        name: '/stock_almacen',
        shapes: [
          () => 'page=1&limit=25',
          () => `almacen=obra&id_obra=${site.id}&con_saldo=1&page=1&limit=25`,
          (i) => `query=${encodeURIComponent(code(i).slice(0, 5))}&page=1&limit=25`,
          () => 'order_col=valor&order_dir=desc&page=1&limit=25',
        ],
      },
      { name: '/stock_movimientos', shapes: [() => 'page=1&limit=25', (i) => `id_stock=${busy[i % busy.length].id}&page=1&limit=25`] },
      { name: '/stock_almacen/al_dia', shapes: [(i) => `fecha=${days[i % days.length].d}&per_page=25`, (i) => `fecha=${days[i % days.length].d}&almacen=obra&id_obra=${site.id}&per_page=25`] },
    ];
    for (const list of lists) {
      const { latencies, byShape, ms } = await loadList((url) => app.request(url, { headers }), list, seconds);
      process.stderr.write(`${list.name} p50/p95 by shape: ${byShape.map((l, k) => `${k + 1}: ${percentile(l, 50)}/${percentile(l, 95)}`).join(', ')}\n`);
      results.push({ name: `${list.name} (${list.shapes.length} shapes, page of 25), ${data}`, figures: latencyFigures(latencies, ms) });
    }

    // Lines of open, attended Pedidos with stock received at their site and still needed.
    type Line = { id: number; id_obra: number; codigo: string; left: number };
    const lines = await sql<Line[]>`
      SELECT l.id::int, o.id_obra::int, upper(coalesce(nullif(p.codigo, ''), pm.codigo, nullif(l.line->>'codigo_material', ''), '')) AS codigo,
             least(coalesce((l.line->>'cantidad_en_almacen_obra')::numeric, 0) + coalesce((l.line->>'cantidad_recibida')::numeric, 0) - coalesce((l.line->>'cantidad_salida')::numeric, 0),
                   (l.line->>'cantidad_solicitada_por_tecnico')::numeric - coalesce((l.line->>'cantidad_salida')::numeric, 0))::float8 AS left
        FROM rm_ot_lineas l JOIN rm_ordenes_trabajo o ON o.id = l.id_orden_trabajo
        LEFT JOIN rm_productos_solicitados p ON p.id = (l.line->>'id_producto_solicitado')::bigint LEFT JOIN rm_materiales pm ON pm.id = p.id_material
       WHERE l.tabla = 'productos_solicitados' AND o.estado = 1 AND o.atendido_por_almacen_obra = 1 AND coalesce((l.line->>'cantidad_recibida')::numeric, 0) > 0
       ORDER BY l.id`;
    // What the site's ledger holds per material: lines that share it take turns.
    const held = new Map((await sql<{ k: string; saldo: number }[]>`SELECT id_obra || ':' || codigo AS k, saldo::float8 AS saldo FROM rm_stock WHERE almacen = 'obra'`).map((r) => [r.k, r.saldo]));
    let pool = lines.filter((l) => l.left >= 1);
    const holding = pool.length;
    const units = pool.reduce((s, l) => s + Math.floor(l.left), 0);
    const latencies: number[] = [];
    let lineCount = 0;
    const start = performance.now();
    for (let i = 0; pool.length && (latencies.length < minIssues || performance.now() - start < seconds * 1000); i++) {
      const n = 1 + (i % 3);
      const picked: Line[] = [];
      for (let k = 0; k < pool.length && picked.length < n; k++) {
        const l = pool[(i * 7 + k * 13) % pool.length];
        const key = `${l.id_obra}:${l.codigo}`;
        if (!picked.includes(l) && (held.get(key) ?? 0) >= 1) {
          picked.push(l);
          held.set(key, (held.get(key) ?? 0) - 1);
        }
      }
      if (!picked.length) break;
      const body = JSON.stringify({ salidas: picked.map((l) => ({ id_producto_solicitado: l.id, cantidad_a_salir: 1 })), vale_salida: `VS-B-${i}` });
      const t0 = performance.now();
      const res = await app.request('/api/almacen_obra_salidas/create', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
      const reply = await res.text();
      latencies.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`issue ${res.status}: ${reply}`);
      lineCount += picked.length;
      for (const l of picked) l.left -= 1;
      pool = pool.filter((l) => l.left >= 1 && (held.get(`${l.id_obra}:${l.codigo}`) ?? 0) >= 1);
    }
    const ms = performance.now() - start;
    results.push({
      name: `POST /almacen_obra_salidas/create, 1-3 lines of one unit each, ${data}`,
      figures: { ...latencyFigures(latencies, ms), 'lines issued': lineCount, 'lines holding stock at start': holding, 'units held at start': units },
    });
    return results;
  });
}
