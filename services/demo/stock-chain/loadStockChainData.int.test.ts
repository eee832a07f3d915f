import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalizeRequest } from '../../../projections/reactors/finalize-request';
import { processReactorBatch, reactorCheckpoint } from '../../../projections/reactors/runner';
import { readCheckpoint } from '../../../projections/runner';
import { createTestDatabase, type TestDatabase } from '../../../tests/harness/db';
import { waitForLogReadable } from '../../../tests/harness/wait';
import type { ApiDeps } from '../../api/platform/deps';
import { LABEL_ATTENDED, loadState, partLabels } from '../../api/work-orders/load-work-order';
import { chainPlan, DEMO_ENTRIES_FILE, sheetRows, type PlanRequest, type Story } from './chain-plan';
import { loadStockChainData } from './loadStockChainData';

// A clone of the demo data set: the global setup loaded it through loadDemoData, the stock chain
// included (an Excel imported, transfers, receipts and issues through the real commands).
let db: TestDatabase & { drop(): Promise<void> };
let plan: PlanRequest[];
const uploads = mkdtempSync(join(tmpdir(), 'faena-chain-'));
beforeAll(async () => {
  db = await createTestDatabase({ demo: true });
  plan = await chainPlan(db.sql);
});
afterAll(async () => {
  await db?.drop();
  rmSync(uploads, { recursive: true, force: true });
});

const byStory = (story: Story) => {
  const r = plan.find((x) => x.story === story);
  if (!r) throw new Error(`no demo request for ${story}`);
  return r;
};

async function productStates(r: PlanRequest) {
  return db.sql<{ id: number; estado: number; numero_orden: string | null; enviado: number; recibido: number }[]>`
    SELECT id::int, estado::int, numero_orden, cantidad_enviada_obra::float8 AS enviado, cantidad_recibida_obra::float8 AS recibido
      FROM rm_productos_solicitados WHERE id_solicitud_compra = ${r.id} ORDER BY id`;
}

describe('demo stock chain', () => {
  it('follows demo requests at every stage: purchase order, entries from the shipped Excel, transfers with waybills, receipts and issues', async () => {
    expect(plan.map((r) => r.story).sort()).toEqual(
      ['atendida', 'desde_stock', 'en_oc', 'ingresada', 'recepcion_parcial', 'salida_parcial', 'traslado_parcial', 'traslado_solicitado'].sort(),
    );
    const rows = sheetRows(plan);
    const [file] = await db.sql<{ id: number; validos: number; nuevos: number; invalidos: number; objeto_procesado: number }[]>`
      SELECT id::int, validos, nuevos, invalidos, objeto_procesado FROM rm_almacen_central_entradas_archivos WHERE nombre = ${DEMO_ENTRIES_FILE}`;
    expect(file).toMatchObject({ validos: rows.length - 2, nuevos: rows.length - 2, invalidos: 2, objeto_procesado: 1 });
    const entries = await db.sql<{ moneda: string; importe: number; cantidad: number }[]>`
      SELECT moneda, importe::float8, cantidad::float8 FROM rm_almacen_central_entradas WHERE id_archivo = ${file.id}`;
    expect(entries).toHaveLength(rows.length - 2);
    for (const e of entries) expect(e.moneda === 'PEN' && e.importe > 0 && e.cantidad > 0).toBe(true);

    // States per story (seed 002 product codes).
    expect((await productStates(byStory('en_oc'))).map((p) => [p.estado, p.numero_orden])).toEqual(byStory('en_oc').productos.map(() => [7, byStory('en_oc').numero_orden]));
    expect((await productStates(byStory('ingresada'))).every((p) => p.estado === 8 && p.enviado === 0)).toBe(true);
    const half = await productStates(byStory('traslado_solicitado'));
    expect(half.every((p) => p.estado === 7)).toBe(true);
    const [{ entrada }] = await db.sql<{ entrada: number }[]>`SELECT cantidad_en_almacen_central_entrada::float8 AS entrada FROM rm_productos_solicitados WHERE id = ${half[0].id}`;
    expect(entrada).toBeGreaterThan(0);
    const [requested] = await db.sql`SELECT 1 FROM rm_traslados_solicitados WHERE numero_orden_compra = ${byStory('traslado_solicitado').numero_orden} LIMIT 1`;
    expect(requested).toBeDefined();
    const part = await productStates(byStory('traslado_parcial'));
    expect(part.every((p) => p.estado === 8 && p.enviado > 0 && p.recibido === 0)).toBe(true);
    const receiving = await productStates(byStory('recepcion_parcial'));
    expect(receiving.every((p) => p.estado === 9 && p.recibido > 0 && p.recibido < p.enviado)).toBe(true);
    expect((await productStates(byStory('salida_parcial'))).every((p) => p.estado === 10)).toBe(true);
    for (const story of ['atendida', 'desde_stock'] as const) expect((await productStates(byStory(story))).every((p) => p.estado === 11)).toBe(true);

    // Transfers carry their waybill, from purchase orders and from central stock ('STOCK': order '').
    const transfers = await db.sql<{ id_traslado: number; numero_guia: string; numero_orden: string }[]>`
      SELECT id_traslado::int, numero_guia, numero_orden FROM rm_almacen_central_traslados WHERE id_solicitud_compra IN ${db.sql(plan.map((r) => r.id))}`;
    expect(new Set(transfers.map((t) => t.id_traslado)).size).toBe(5);
    expect(transfers.every((t) => /^T001-\d{8}$/.test(t.numero_guia))).toBe(true);
    expect(transfers.some((t) => t.numero_orden === '')).toBe(true);
    const [{ receipts }] = await db.sql<{ receipts: number }[]>`SELECT count(DISTINCT id_entrada)::int AS receipts FROM rm_almacen_obra_entradas`;
    expect(receipts).toBe(4);
    // The chain's own issues (the demo's story issued parts to orders of its own, services/demo/story).
    const issues = await db.sql<{ vale_salida: string }[]>`SELECT DISTINCT vale_salida FROM rm_almacen_obra_salidas WHERE id_orden_trabajo IN ${db.sql(plan.map((r) => r.id_orden_trabajo))}`;
    expect(issues.map((i) => i.vale_salida).sort()).toEqual(['VS-000001', 'VS-000002', 'VS-000003']);

    // The work orders: every part issued shows REPUESTOS ATENDIDOS, a partial issue does not.
    const deps = { sql: db.sql, store: db.store } as unknown as ApiDeps;
    const labels = async (r: PlanRequest) => partLabels((await loadState(deps, r.id_orden_trabajo)).state);
    expect(await labels(byStory('atendida'))).toEqual([LABEL_ATTENDED]);
    expect(await labels(byStory('desde_stock'))).toEqual([LABEL_ATTENDED]);
    expect(await labels(byStory('salida_parcial'))).not.toContain(LABEL_ATTENDED);

    // The requests whose every product was issued finish when the reactor runs.
    await waitForLogReadable(db.sql);
    let from = await readCheckpoint(db.sql, reactorCheckpoint(finalizeRequest.name));
    for (;;) {
      const batch = await processReactorBatch(db.sql, db.store, finalizeRequest, from);
      if (!batch.to || batch.read === 0) break;
      from = batch.to;
    }
    const estados = await db.sql<{ id: number; estado: number }[]>`SELECT id::int, estado::int FROM rm_solicitudes_compras WHERE id IN ${db.sql(plan.map((r) => r.id))}`;
    const finished = new Set(estados.filter((e) => e.estado === 7).map((e) => e.id));
    expect(finished).toEqual(new Set([byStory('atendida').id, byStory('desde_stock').id]));
  });

  it('moves the stock ledger: every balance is the sum of its movements and none is negative', async () => {
    const [{ moves }] = await db.sql<{ moves: number }[]>`SELECT count(*)::int AS moves FROM rm_stock_movimientos`;
    expect(moves).toBeGreaterThan(0);
    const off = await db.sql`
      SELECT s.id_stock, s.saldo, coalesce(m.total, 0) AS total
        FROM rm_stock s FULL JOIN (SELECT id_stock, sum(cantidad) AS total FROM rm_stock_movimientos GROUP BY id_stock) m ON m.id_stock = s.id_stock
       WHERE coalesce(s.saldo, 0) <> coalesce(m.total, 0)`;
    expect(off).toEqual([]);
    const [{ negative }] = await db.sql<{ negative: number }[]>`
      SELECT (SELECT count(*) FROM rm_stock WHERE saldo < 0) + (SELECT count(*) FROM rm_stock_movimientos WHERE saldo < 0) AS negative`;
    expect(Number(negative)).toBe(0);
    // What the site issued left its warehouse; what is still in transit is what was sent and not received.
    const [site] = await db.sql<{ issued: number }[]>`SELECT coalesce(-sum(cantidad), 0)::float8 AS issued FROM rm_stock_movimientos WHERE motivo = 'salida'`;
    const [{ issued }] = await db.sql<{ issued: number }[]>`SELECT sum(cantidad)::float8 AS issued FROM rm_almacen_obra_salidas`;
    expect(site.issued).toBe(issued);
    const [transit] = await db.sql<{ saldo: number }[]>`SELECT coalesce(sum(saldo), 0)::float8 AS saldo FROM rm_stock WHERE almacen = 'transito'`;
    const [pending] = await db.sql<{ n: number }[]>`SELECT sum(cantidad_enviada_obra - cantidad_recibida_obra)::float8 AS n FROM rm_productos_solicitados`;
    expect(transit.saldo).toBe(pending.n);
  });

  it('loading again adds nothing', async () => {
    const [before] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events`;
    const again = await loadStockChainData(db.store, { uploadsDir: uploads });
    expect(again.cadena).toEqual({ ordenes_compra: 0, ingresos: 0, invalidos: 0, traslados: 0, entradas_obra: 0, salidas_obra: 0 });
    const [after] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events`;
    expect(after.n).toBe(before.n);
  });
});
