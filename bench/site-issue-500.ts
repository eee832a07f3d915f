import { updateRecord } from '../events/record/commands';
import { createApp } from '../services/api/app';
import { openSession } from '../services/api/auth/sessions';
import { createApiDeps } from '../services/api/create-deps';
import { loadWorkOrderContext } from '../services/demo/work-orders/work-order-context';
import { createLogger } from '../services/shared/logger';
import { withScratchDatabase } from './scratch-database';
import { latencyFigures, type BenchResult } from './stats';

/** The most lines one issue takes (services/api/site-warehouse/site-issues.ts `issueInput`). */
const ISSUE_LINES = 500;
/** The most part lines one work order carries: its save takes `productos_solicitados` through
 * `listOf` (services/api/work-orders/work-order-schemas.ts), whose default maximum is 200; the
 * Pedido's save has the same cap. An issue may take the lines of several orders of one site, so
 * 500 lines are three orders' (200 + 200 + 100). */
const ORDER_LINES = 200;

/** A site issue of 500 lines by a SITE-SCOPED storekeeper (all_works 0, one site), on a scratch
 * database with the demo data, through the real API app in-process, one request at a time. `runs`
 * issues are prepared first: per issue, three new orders at the site with 200 + 200 + 100 part
 * lines of one unit each, whose Pedidos are attended with that unit declared as site stock
 * (`cantidad_en_almacen_obra`, so the lines can be issued without receipts). Then each issue is
 * timed: POST /almacen_obra_salidas/create of one unit of each of its 500 lines. */
export async function siteIssue500Bench(serverUrl: string, runs: number): Promise<BenchResult[]> {
  return withScratchDatabase(serverUrl, 'salida500', async (sql, store) => {
    const deps = await createApiDeps({ sql, store, boss: null, log: createLogger({}, true), config: { dataDir: '/nonexistent', port: 0 } });
    const app = createApp({ deps, webDir: '/nonexistent' });
    const ctx = await loadWorkOrderContext(sql);
    const site = ctx.sites[0];
    const [storekeeper] = await sql<{ id: number }[]>`SELECT id::int FROM rm_users WHERE email = 'almacen.obra@faena.pe'`;
    await updateRecord(store, 'user', storekeeper.id, { id_obra: site.id, all_works: 0 }, { metadata: { userId: null, requestId: 'bench' } });
    const signIn = async (userId: number) => {
      const { token } = await openSession(store, { userId, device: { platform: 'bench' }, ip: '127.0.0.1', hours: 4, now: new Date() });
      return (path: string, json: unknown) =>
        app.request(`/api${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(json) });
    };
    const asAdmin = await signIn(ctx.adminId!);
    const asStorekeeper = await signIn(storekeeper.id);
    const ok = async (what: string, res: Response) => {
      const reply = await res.text();
      if (res.status !== 200) throw new Error(`${what} ${res.status}: ${reply}`);
      return JSON.parse(reply) as { id: number };
    };

    // The orders and their attended Pedidos (not timed).
    const element = ctx.elements[0];
    const prepStart = performance.now();
    const issues: number[][] = [];
    for (let run = 0; run < runs; run++) {
      const lineIds: number[] = [];
      for (let from = 0; from < ISSUE_LINES; from += ORDER_LINES) {
        const equipo = site.equipos[(run + from) % site.equipos.length];
        const parts = Array.from({ length: Math.min(ORDER_LINES, ISSUE_LINES - from) }, (_, i) => {
          const material = ctx.materials[(from + i) % ctx.materials.length];
          return {
            id: 0, id_grupo_funcional: element.id_grupo_funcional, id_grupo_funcional_elemento: element.id, descripcion: material.nombre, id_unidad: material.id_unidad,
            id_material: material.id, codigo_material: material.codigo, id_material_tipo: material.id_material_tipo, solicitud_material: 0, cantidad_solicitada_por_tecnico: 1,
          };
        });
        const order = await ok('work order', await asAdmin('/ordenes_trabajo/create', {
          id: 0, id_obra: site.id, id_equipo: equipo.id, fecha_parada: '2026-11-20 08:00', fecha_apertura_ot: '2026-11-20 08:30',
          horometro_parada: String(equipo.horometro), horometro_apertura_ot: String(equipo.horometro),
          id_operador: site.operadores[0], id_mecanico: site.mecanicos[0], id_supervisor: site.supervisores[0],
          diagnosticos: [], intervenciones: [], documentos: [], productos_solicitados: parts,
        }));
        const lines = await sql<{ id: number }[]>`
          SELECT id::int FROM rm_ot_lineas WHERE id_orden_trabajo = ${order.id} AND tabla = 'productos_solicitados' ORDER BY id`;
        await ok('Pedido', await asStorekeeper('/almacen_obra_ots/create', {
          id: order.id, terminado: 1, productos_solicitados: lines.map((l) => ({ id: l.id, cantidad_en_almacen_obra: 1 })),
        }));
        lineIds.push(...lines.map((l) => l.id));
      }
      issues.push(lineIds);
    }
    const prepMs = performance.now() - prepStart;
    await sql`VACUUM ANALYZE`;

    const latencies: number[] = [];
    const start = performance.now();
    for (const [run, lineIds] of issues.entries()) {
      const body = { salidas: lineIds.map((id) => ({ id_producto_solicitado: id, cantidad_a_salir: 1 })), vale_salida: `VS-500-${run}` };
      const t0 = performance.now();
      const res = await asStorekeeper('/almacen_obra_salidas/create', body);
      await ok('issue', res);
      latencies.push(performance.now() - t0);
    }
    const ms = performance.now() - start;
    const [issued] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM rm_ot_lineas WHERE id IN ${sql(issues.flat())} AND coalesce((line->>'cantidad_salida')::numeric, 0) = 1`;
    if (issued.n !== runs * ISSUE_LINES) throw new Error(`${issued.n} of ${runs * ISSUE_LINES} lines issued`);
    return [{
      name: `POST /almacen_obra_salidas/create of ${ISSUE_LINES} lines (${Math.ceil(ISSUE_LINES / ORDER_LINES)} OTs of one site, one unit each) by a site-scoped storekeeper`,
      figures: {
        ...latencyFigures(latencies, ms),
        'max ms': Math.round(Math.max(...latencies) * 100) / 100,
        'distinct materials': Math.min(ctx.materials.length, ISSUE_LINES),
        'preparation s': Math.round(prepMs / 1000),
      },
    }];
  });
}
