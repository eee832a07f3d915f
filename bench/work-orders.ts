import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore } from '../events/store';
import { inlineProjections } from '../projections/registry';
import { createApp } from '../services/api/app';
import { allRoutes } from '../services/api/routes';
import { defineList, type ListConfig } from '../services/api/platform/define-list';
import { workOrderList } from '../services/api/work-orders/work-order-routes';
import { updateRecord } from '../events/record/commands';
import { openSession } from '../services/api/auth/sessions';
import { createApiDeps } from '../services/api/create-deps';
import { equiposScaleStep } from '../services/demo/scale/equipment';
import { seedScaleWorkOrders } from '../services/demo/scale/work-orders';
import { loadWorkOrderContext } from '../services/demo/work-orders/work-order-context';
import type { Sql } from '../services/shared/db';
import { createLogger } from '../services/shared/logger';
import { withScratchDatabase } from './scratch-database';
import { latencyFigures as figures, percentile, type BenchResult } from './stats';

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** The other way to keep the list equal to a rebuild (docs/PERFORMANCE.md, "rebuild equals
 * live"): no copies on the order rows; the list joins the site, machine, product and people tables
 * at read time. Sorting by a name then sorts the joined rows, and the search runs over the joined
 * names row by row (no index spans the join). Measured beside the copies on the same data. */
const JOINED = {
  from: `rm_ordenes_trabajo o LEFT JOIN rm_obras ob ON ob.id = o.id_obra LEFT JOIN rm_equipos eq ON eq.id = o.id_equipo
    LEFT JOIN rm_equipo_productos ep ON ep.id = eq.id_equipo_producto LEFT JOIN rm_users us ON us.id = o.id_supervisor
    LEFT JOIN rm_users um ON um.id = o.id_mecanico`,
  columns: {
    obra: "coalesce(ob.nombre, '')",
    equipo_codigo: "coalesce(eq.codigo, '')",
    equipo_descripcion: "coalesce(ep.nombre, '')",
    supervisor: "coalesce(trim(us.name || ' ' || us.surname), '')",
    mecanico: "coalesce(trim(um.name || ' ' || um.surname), '')",
  } as Record<string, string>,
  searchColumn: "unaccent_lower(o.codigo || E'\\n' || coalesce(eq.codigo, '') || E'\\n' || coalesce(ep.nombre, '') || E'\\n' || o.placa_equipo)",
};
const joinedList: ListConfig = {
  ...workOrderList,
  from: JOINED.from,
  columns: workOrderList.columns.map((c) => (JOINED.columns[c.key] ? { ...c, sql: JOINED.columns[c.key] } : c)),
  searchColumn: JOINED.searchColumn,
};

/** The work-order calls through the real API app in-process (routing, auth, validation, SQL,
 * inline projection), one request at a time, on a database that already holds the scale data:
 * the list (filter + sort + page 10), measured right after the bulk load and again after VACUUM
 * ANALYZE (the steady state autovacuum reaches), then the multipart create with one row in each
 * of the four tables. */
export async function workOrderBenches(sql: Sql, seconds: number): Promise<BenchResult[]> {
  const store = createEventStore(sql, { inlineProjections });
  const dataDir = mkdtempSync(join(tmpdir(), 'faena-bench-ot-'));
  const deps = await createApiDeps({ sql, store, boss: null, log: createLogger({}, true), config: { dataDir, port: 0 } });
  const app = createApp({ deps, webDir: '/nonexistent' });
  const joinedApp = createApp({
    deps,
    webDir: '/nonexistent',
    routes: [...defineList(joinedList), ...allRoutes().filter((r) => r.path !== workOrderList.path && r.path !== `${workOrderList.path}/export`)],
  });
  const [admin] = await sql<{ id: number }[]>`SELECT id FROM rm_users WHERE email = 'admin@faena.pe'`;
  const { token } = await openSession(store, { userId: admin.id, device: { platform: 'bench' }, ip: '127.0.0.1', hours: 2, now: new Date() });
  const headers = { authorization: `Bearer ${token}` };
  const [{ orders }] = await sql<{ orders: number }[]>`SELECT count(*)::int AS orders FROM rm_ordenes_trabajo`;
  const sites = await sql<{ id_obra: number }[]>`SELECT DISTINCT id_obra FROM rm_ordenes_trabajo ORDER BY 1`;
  const machines = await sql<{ codigo: string }[]>`SELECT DISTINCT equipo_codigo AS codigo FROM rm_ordenes_trabajo ORDER BY 1 LIMIT 200`;
  const results: BenchResult[] = [];

  // The list: the filters users combine, sorted by the columns they click, on page 10.
  const siteAt = (i: number) => sites[i % sites.length].id_obra;
  const shapes = [
    (i: number) => `id_obra=${siteAt(i)}&estado=3&order_col=fecha_apertura_ot&order_dir=desc&page=10&limit=10`,
    () => `estado=1&order_col=codigo&order_dir=asc&page=10&limit=10`,
    (i: number) => `id_obra=${siteAt(i)}&date_from=2026-01-01&date_to=2026-06-30&order_col=fecha_apertura_ot&order_dir=asc&page=10&limit=10`,
    () => `page=10&limit=10`,
    () => `estado=3&order_col=supervisor&order_dir=desc&page=10&limit=10`,
    (i: number) => `id_obra=${siteAt(i)}&order_col=equipo_codigo&order_dir=asc&page=10&limit=10`,
    () => `order_col=obra&order_dir=asc&page=10&limit=10`,
    // A machine's orders, found by its code (the search supervisors use most).
    (i: number) => `query=${encodeURIComponent(machines[i % machines.length].codigo)}&order_col=fecha_apertura_ot&order_dir=desc&page=1&limit=10`,
  ];
  const measureList = async (label: string, api = app) => {
    for (let i = 0; i < 40; i++) await api.request(`/api/ordenes_trabajo?${shapes[i % shapes.length](i)}`, { headers });
    const list: number[] = [];
    const byShape = shapes.map(() => [] as number[]);
    const start = performance.now();
    for (let i = 0; performance.now() - start < seconds * 1000; i++) {
      const t0 = performance.now();
      const res = await api.request(`/api/ordenes_trabajo?${shapes[i % shapes.length](i)}`, { headers });
      if (res.status !== 200) throw new Error(`list ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      list.push(performance.now() - t0);
      byShape[i % shapes.length].push(list[list.length - 1]);
    }
    process.stderr.write(`OT list ${label}, p95 by shape: ${byShape.map((l, k) => `${k + 1}: ${percentile(l, 95)}`).join(', ')}\n`);
    results.push({ name: `OT list (filter + sort + page 10), ${orders.toLocaleString('en')} OTs, ${label}`, figures: figures(list, performance.now() - start) });
  };
  await measureList('right after the bulk load (ANALYZE only)');
  await sql`VACUUM ANALYZE rm_ordenes_trabajo`;
  await measureList('after VACUUM ANALYZE');
  // Copies (the product) against joins at read time, alternated twice on the same data (BENCH_COMPARE=0 skips).
  if (process.env.BENCH_COMPARE !== '0') {
    for (const round of [1, 2]) {
      await measureList(`names joined at read time, round ${round}`, joinedApp);
      await measureList(`names copied on the rows, round ${round}`);
    }
  }
  results.push(...(await renameBench(sql, store)));

  // The create: a new order with one diagnosis, one intervention, one part and one document.
  const ctx = await loadWorkOrderContext(sql);
  const site = ctx.sites[0];
  const element = ctx.elements[0];
  const material = ctx.materials[0];
  const body = (i: number) => {
    const form = new FormData();
    const line = { id: 0, id_grupo_funcional: element.id_grupo_funcional, id_grupo_funcional_elemento: element.id, descripcion: `Falla ${i}`, horas: 1, minutos: 30, observacion: '' };
    const values: Record<string, unknown> = {
      id: 0, id_obra: site.id, id_equipo: site.equipos[i % site.equipos.length].id, fecha_parada: '2026-11-20 08:00', fecha_apertura_ot: '2026-11-20 08:30',
      horometro_parada: '1200', horometro_apertura_ot: '1200', id_operador: site.operadores[0], id_mecanico: site.mecanicos[0], id_supervisor: site.supervisores[0],
      diagnosticos: [line], intervenciones: [{ ...line, descripcion: `Reparación ${i}` }],
      productos_solicitados: [{ ...line, id_unidad: material.id_unidad, id_material: material.id, codigo_material: material.codigo, id_material_tipo: material.id_material_tipo, cantidad_solicitada_por_tecnico: 2 }],
      documentos: [{ id: 0, observaciones: 'Informe', archivo: 'documento_0' }],
    };
    for (const [k, v] of Object.entries(values)) form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
    form.append('documento_0', new File([PDF], 'informe.pdf'));
    return form;
  };
  for (let i = 0; i < 10; i++) await app.request('/api/ordenes_trabajo/create', { method: 'POST', headers, body: body(i) });
  const create: number[] = [];
  const start = performance.now();
  for (let i = 0; performance.now() - start < seconds * 1000; i++) {
    const t0 = performance.now();
    const res = await app.request('/api/ordenes_trabajo/create', { method: 'POST', headers, body: body(i) });
    if (res.status !== 200) throw new Error(`create ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    create.push(performance.now() - t0);
  }
  results.push({ name: 'OT create (multipart, 4 lines + 1 file)', figures: figures(create, performance.now() - start) });
  rmSync(dataDir, { recursive: true, force: true });
  return results;
}

/** What the copies cost on the write side: renaming the site, the supervisor, the machine and the
 * product named on the most orders, through the record command (append + inline projections,
 * which rewrite the copies on every order naming the record), twice each. */
async function renameBench(sql: Sql, store: ReturnType<typeof createEventStore>): Promise<BenchResult[]> {
  const top = async (column: string) =>
    (await sql.unsafe<{ id: number; n: number }[]>(`SELECT ${column} AS id, count(*)::int AS n FROM rm_ordenes_trabajo GROUP BY 1 ORDER BY 2 DESC LIMIT 1`))[0];
  const site = await top('id_obra');
  const person = await top('id_supervisor');
  const machine = await top('id_equipo');
  const [product] = await sql<{ id: number; n: number }[]>`SELECT e.id_equipo_producto AS id, count(*)::int AS n
    FROM rm_ordenes_trabajo o JOIN rm_equipos e ON e.id = o.id_equipo GROUP BY 1 ORDER BY 2 DESC LIMIT 1`;
  const cases: [string, string, { id: number; n: number }, (i: number) => Record<string, string>][] = [
    ['site', 'obra', site, (i) => ({ nombre: `Obra renombrada ${i}` })],
    ['person (supervisor)', 'user', person, (i) => ({ name: `Persona ${i}` })],
    ['machine (code)', 'equipo', machine, (i) => ({ codigo: `EQ-R${i}` })],
    ['product (description)', 'equipo_producto', product, (i) => ({ nombre: `Producto renombrado ${i}` })],
  ];
  const out: BenchResult[] = [];
  for (const [label, entity, target, fields] of cases) {
    const times: number[] = [];
    for (const i of [1, 2]) {
      const t0 = performance.now();
      await updateRecord(store, entity, target.id, fields(i));
      times.push(Math.round((performance.now() - t0) * 10) / 10);
    }
    out.push({ name: `rename a ${label} named on the most orders (copies rewritten)`, figures: { orders: target.n, 'ms run 1': times[0], 'ms run 2': times[1] } });
  }
  return out;
}

/** The work-order benchmarks on a scratch database holding what `npm run seed:scale` writes for
 * them: the demo data, 2,000 machines and `orders` work orders (default 100,000) through the event
 * store, then ANALYZE (workOrderBenches measures the list before and after VACUUM). Targets: list
 * p95 < 20 ms, create p95 < 50 ms. */
export async function workOrderBench(serverUrl: string, seconds: number, orders = 100_000): Promise<BenchResult[]> {
  return withScratchDatabase(serverUrl, 'ordenes', async (sql, store) => {
    await equiposScaleStep(2_000).run({ store, progress: () => {} });
    const started = performance.now();
    let last = 0;
    const { added } = await seedScaleWorkOrders(store, {
      target: orders,
      onProgress: (done, total) => {
        if (done - last >= 10_000 || done === total) process.stderr.write(`work orders: ${(last = done)}/${total}\n`);
      },
    });
    const elapsed = (performance.now() - started) / 1000;
    const [{ events }] = await sql<{ events: number }[]>`SELECT count(*)::int AS events FROM es_events WHERE stream_type = 'work_order'`;
    await sql`ANALYZE`;
    const seed: BenchResult = {
      name: 'seed:scale work orders through the event store (decider + inline projection)',
      figures: { orders: added, 'work-order events': events, seconds: Math.round(elapsed), 'orders/s': Math.round(added / elapsed) },
    };
    return [seed, ...(await workOrderBenches(sql, seconds))];
  });
}
