import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CommandRejected } from '../../../events/errors';
import { execute } from '../../../events/execute';
import type { StockKey } from '../../../events/stock/types';
import { rebuildProjection } from '../../../projections/rebuild';
import { stockProjection } from '../../../projections/stock';
import { useTestApi } from '../../../tests/harness/api';
import { driveToOrder, firstSite, firstUnit, signInPurchaseChain } from '../../../tests/harness/purchase-chain';
import { stockAsOf } from './stock-as-of';
import { stockMoves } from './stock-moves';
import { addDays } from '@shared/pm-forecast';
import { businessToday } from '@shared/time';

// Issue 17, the stock ledger: every movement of the chain (central entry, transfer with a waybill,
// site receipt) moves a balance per warehouse × material through the real calls; balances never go
// below zero, under concurrency too; on hand = Σ ledger; a balance as of any instant, summed from
// the events, equals the ledger up to that instant; rebuild equals live.

const api = useTestApi();
const tokens: Record<string, string> = {};
let obra: { id: number; codigo: string };
let material: { id: number; codigo: string };
let unidad: number;

const now = async () => (await api.sql<{ t: Date }[]>`SELECT clock_timestamp() AS t`)[0].t;

async function importEntry(orden: string, cantidad: number, importe: number, albaran: string) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Ingresos');
  ws.addRow(['Código Obra', 'Código Recurso', 'Descripción Recurso', 'Unidad', 'Albarán', 'Cantidad', 'Importe', 'Moneda', 'Número Orden Compra']);
  ws.addRow([obra.codigo, material.codigo, 'Recurso del kárdex', 'UND', albaran, cantidad, importe, 'PEN', orden]);
  const form = new FormData();
  form.append('archivo', new File([new Uint8Array(await wb.xlsx.writeBuffer())], 'kardex.xlsx'));
  const r = await api.call('POST', '/almacen_central_entradas_archivos', { token: tokens.central, form });
  expect(r.body).toMatchObject({ validos: 1, nuevos: 1 });
  return r.body.id_archivo as number;
}

/** A compra of `cantidades` of the material driven to 7 'En OC' under `orden`. */
const inOrder = (orden: string, cantidades: number[]) =>
  driveToOrder(api, tokens, { obra: obra.id, unidad, orden, descripcion: 'Repuestos del kárdex', lines: cantidades.map((cantidad) => ({ material, cantidad })) });

type Balance = { almacen: string; saldo: number; costo_promedio: number };
const balances = async (codigo: string) =>
  api.sql<Balance[]>`SELECT almacen, saldo::float8, costo_promedio::float8 FROM rm_stock WHERE codigo = ${codigo} AND (almacen = 'central' OR id_obra = ${obra.id}) ORDER BY almacen`;

/** Σ of the ledger's quantities per balance up to `t` (all of it without). */
async function ledgerSums(t?: Date, codigo?: string) {
  const rows = await api.sql<{ id_stock: number; saldo: number }[]>`
    SELECT id_stock::int, sum(cantidad)::float8 AS saldo FROM rm_stock_movimientos
     WHERE (${t ?? null}::timestamptz IS NULL OR fecha <= ${t ?? null}::timestamptz) AND (${codigo ?? null}::text IS NULL OR codigo = ${codigo ?? null}::text)
     GROUP BY id_stock`;
  return new Map(rows.map((r) => [r.id_stock, r.saldo]));
}

beforeAll(async () => {
  Object.assign(tokens, await signInPurchaseChain(api));
  tokens.root = await api.login('root@faena.pe');
  obra = await firstSite(api);
  [material] = await api.sql<{ id: number; codigo: string }[]>`SELECT id::int, upper(codigo) AS codigo FROM rm_materiales WHERE codigo <> '' ORDER BY id DESC LIMIT 1`;
  unidad = await firstUnit(api);
}, 120_000);

describe('the stock ledger', () => {
  it('an entry, a transfer and receipts move central → in transit → site, each with its balance before and after and its document; as-of any step from the events', async () => {
    const at: Date[] = [await now()];
    const [a, b] = await inOrder('OC-K001', [3, 4]);
    const file = await importEntry('OC-K001', 5, 50, 'ALB-K1');
    at.push(await now());
    expect(await balances(material.codigo)).toEqual([{ almacen: 'central', saldo: 5, costo_promedio: 10 }]);

    const sent = await api.call('POST', '/almacen_central_traslado_materiales/create', { token: tokens.central, json: { numero_guia: 'G-K1', salidas: [{ id_producto_solicitado: b, cantidad_a_salir: 4 }] } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    at.push(await now());
    expect(await balances(material.codigo)).toEqual([{ almacen: 'central', saldo: 1, costo_promedio: 10 }, { almacen: 'transito', saldo: 4, costo_promedio: 10 }]);

    const receive = (n: number) => api.call('POST', '/almacen_obra_entradas/create', { token: tokens.root, json: { entradas: [{ id_producto_solicitado: b, cantidad_entrante: n }] } });
    expect((await receive(3)).status).toBe(200);
    at.push(await now());
    expect((await receive(1)).status).toBe(200);
    at.push(await now());
    // Everything sent was received: one more is refused and nothing moves.
    const more = await receive(1);
    expect(more.status).toBe(422);
    expect(await balances(material.codigo)).toEqual([
      { almacen: 'central', saldo: 1, costo_promedio: 10 }, { almacen: 'obra', saldo: 4, costo_promedio: 10 }, { almacen: 'transito', saldo: 0, costo_promedio: 10 },
    ]);

    const ledger = await api.call('GET', '/stock_movimientos', { token: tokens.central, query: { codigo: material.codigo, order_col: 'fecha', order_dir: 'asc', per_page: 50 } });
    expect(ledger.status).toBe(200);
    const rows = (ledger.body.items as Record<string, unknown>[]).filter((r) => r.almacen === 'central' || r.id_obra === obra.id);
    expect(rows.map((r) => [r.almacen, r.motivo, r.cantidad, r.saldo_anterior, r.saldo, r.documento_tipo])).toEqual([
      ['central', 'ingreso_oc', 5, 0, 5, 'archivo_entradas'],
      ['central', 'traslado', -4, 5, 1, 'traslado'],
      ['transito', 'traslado', 4, 0, 4, 'traslado'],
      ['transito', 'recepcion', -3, 4, 1, 'entrada_obra'],
      ['obra', 'recepcion', 3, 0, 3, 'entrada_obra'],
      ['transito', 'recepcion', -1, 1, 0, 'entrada_obra'],
      ['obra', 'recepcion', 1, 3, 4, 'entrada_obra'],
    ]);
    expect(rows[0]).toMatchObject({ documento_id: file, documento: expect.stringContaining('OC-K001 / ALB-K1') });
    expect(rows[1]).toMatchObject({ documento: expect.stringContaining('G-K1') });

    // As of each step, from the events: the balances the ledger had then.
    const expected = [
      {},
      { central: 5 },
      { central: 1, transito: 4 },
      { central: 1, transito: 1, obra: 3 },
      { central: 1, transito: 0, obra: 4 },
    ];
    for (const [i, t] of at.entries()) {
      const { items } = await stockAsOf(api.sql, t, { codigo: material.codigo });
      const mine = Object.fromEntries(items.filter((x) => x.almacen === 'central' || x.id_obra === obra.id).map((x) => [x.almacen, Number(x.saldo)]));
      expect(mine, `as of step ${i}`).toEqual(expected[i]);
    }
    const asOfCall = await api.call('GET', '/stock_almacen/al_dia', { token: tokens.central, query: { hasta: at[2].toISOString(), codigo: material.codigo } });
    expect(asOfCall.status, JSON.stringify(asOfCall.body)).toBe(200);
    expect((asOfCall.body.items as { almacen: string; saldo: number; valor: number }[]).find((x) => x.almacen === 'central')).toMatchObject({ saldo: 1, valor: 10 });
    // A day reads the stock at the end of that day in Lima: the day of the last step holds all of
    // it; two days before the first step (a run across midnight moves it one day) holds none.
    const dayCall = (fecha: string) => api.call('GET', '/stock_almacen/al_dia', { token: tokens.central, query: { fecha, codigo: material.codigo } });
    const endOfToday = await dayCall(businessToday(at[at.length - 1]));
    expect(endOfToday.status, JSON.stringify(endOfToday.body)).toBe(200);
    expect((endOfToday.body.items as { almacen: string; saldo: number }[]).find((x) => x.almacen === 'central')).toMatchObject({ saldo: expected[expected.length - 1].central });
    const yesterday = await dayCall(addDays(businessToday(at[0]), -2));
    expect((yesterday.body.items as { almacen: string }[]).filter((x) => x.almacen === 'central')).toEqual([]);
    void a;
  });

  it('seed numbers (SEED-002-ANALYSIS WP3): received 3 of 3 sent, receiving one more is 422 and moves nothing', async () => {
    const [p] = await inOrder('OC-K002', [3]);
    await importEntry('OC-K002', 3, 30, 'ALB-K2');
    expect((await api.call('POST', '/almacen_central_traslado_materiales/create', { token: tokens.central, json: { numero_guia: 'G-K2', salidas: [{ id_producto_solicitado: p, cantidad_a_salir: 3 }] } })).status).toBe(200);
    const receive = (n: number) => api.call('POST', '/almacen_obra_entradas/create', { token: tokens.root, json: { entradas: [{ id_producto_solicitado: p, cantidad_entrante: n }] } });
    expect((await receive(3)).status).toBe(200);
    const before = await api.sql`SELECT count(*)::int AS n FROM rm_stock_movimientos`;
    const more = await receive(1);
    expect(more.status).toBe(422);
    expect(more.body.errors).toEqual({ 'entradas.0.cantidad_entrante': 'No puede ser mayor a lo enviado pendiente de recibir (0)' });
    expect(await api.sql`SELECT count(*)::int AS n FROM rm_stock_movimientos`).toEqual(before);
  });

  it('the stock lists answer and refuse bad input with 422; exports download', async () => {
    const list = await api.call('GET', '/stock_almacen', { token: tokens.central, query: { codigo: material.codigo, con_saldo: '1' } });
    expect(list.status).toBe(200);
    expect((list.body.items as { saldo: number }[]).every((r) => r.saldo > 0)).toBe(true);
    expect((await api.call('GET', '/stock_almacen', { token: tokens.central, query: { almacen: 'luna' } })).status).toBe(422);
    const bad = await api.call('GET', '/stock_almacen/al_dia', { token: tokens.central, query: { fecha: '2026-02-31' } });
    expect(bad.status).toBe(422);
    // Without a day: now, the same as on hand.
    const current = await api.call('GET', '/stock_almacen/al_dia', { token: tokens.central, query: { codigo: material.codigo } });
    expect((current.body.items as { almacen: string; saldo: number }[]).find((x) => x.almacen === 'central')).toMatchObject({ saldo: 1 });
    const day = await api.call('GET', '/stock_almacen/al_dia', { token: tokens.central, query: { fecha: '2000-01-01' } });
    expect(day.body).toMatchObject({ items: [], total: 0 });
    for (const path of ['/stock_almacen/export', '/stock_movimientos/export']) {
      const r = await api.call('GET', path, { token: tokens.central, query: { kind: 'xlsx' } });
      expect(r.status, path).toBe(200);
    }
  });

  it('fifty concurrent exits of 1 on a balance of 2: exactly 2 go, 48 are 409 in Spanish; the balance ends at 0, never below', async () => {
    const key: StockKey = { almacen: 'obra', id_obra: obra.id, codigo: 'K-CONC-1' };
    const move = (cantidad: number) => execute(api.store, async (c) => {
      await stockMoves(c).move({ key, id_material: null, descripcion: 'Concurrencia', motivo: cantidad > 0 ? 'recepcion' : 'salida', cantidad, costo_unitario: 2, documento: { tipo: 'salida_obra', id: 1, referencia: '' }, by: null });
    });
    await move(2);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => move(-1)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason);
    expect(refused).toHaveLength(48);
    for (const e of refused) {
      expect(e).toBeInstanceOf(CommandRejected);
      expect((e as CommandRejected).status).toBe(409);
      expect((e as CommandRejected).message).toBe('Stock insuficiente de K-CONC-1 en el almacén de obra: quedan 0');
    }
    const rows = await api.sql<{ saldo: number }[]>`SELECT saldo::float8 FROM rm_stock_movimientos WHERE codigo = 'K-CONC-1' ORDER BY global_position`;
    expect(rows.map((r) => r.saldo)).toEqual([2, 1, 0]);
  });

  it('random movement sequences: on hand = Σ ledger, never below 0; as of random instants = Σ ledger up to them; rebuild equals live', async () => {
    let seed = 20261126;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const keys: StockKey[] = ['P-1', 'P-2', 'P-3'].flatMap((codigo) => [{ almacen: 'central', id_obra: 0, codigo }, { almacen: 'obra', id_obra: obra.id, codigo }] as StockKey[]);
    const instants: Date[] = [await now()];
    let refused = 0;
    for (let i = 0; i < 60; i++) {
      // One command moves 1 to 3 balances, some in, some out (out may exceed what is there).
      const picks = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => ({ key: keys[Math.floor(rand() * keys.length)], cantidad: Math.round((rand() * 10 - 4) * 100) / 100 || 1 }));
      try {
        await execute(api.store, async (c) => {
          const m = stockMoves(c);
          await m.lock(picks.map((p) => p.key));
          for (const p of picks) {
            await m.move({ key: p.key, id_material: null, descripcion: 'Propiedad', motivo: p.cantidad > 0 ? 'ingreso_oc' : 'salida', cantidad: p.cantidad, costo_unitario: Math.round(rand() * 5000) / 100, documento: { tipo: 'salida_obra', id: i + 1, referencia: `R-${i}` }, by: null });
          }
        });
      } catch (e) {
        expect(e).toBeInstanceOf(CommandRejected);
        expect((e as CommandRejected).status).toBe(409);
        refused++;
      }
      if (i % 6 === 0) instants.push(await now());
    }
    instants.push(await now());
    expect(refused).toBeGreaterThan(0);
    const onHand = await api.sql<{ id_stock: number; saldo: number }[]>`SELECT id_stock::int, saldo::float8 FROM rm_stock WHERE codigo LIKE 'P-%'`;
    const sums = await ledgerSums();
    for (const b of onHand) expect(b.saldo).toBeCloseTo(sums.get(b.id_stock)!, 4);
    const [{ negative }] = await api.sql<{ negative: number }[]>`SELECT count(*)::int AS negative FROM rm_stock_movimientos WHERE saldo < 0 OR saldo_anterior < 0`;
    expect(negative).toBe(0);
    // Each balance's running sum, movement by movement, is what the ledger recorded after it.
    const runs = await api.sql<{ bad: number }[]>`
      SELECT count(*)::int AS bad FROM (SELECT saldo, sum(cantidad) OVER (PARTITION BY id_stock ORDER BY global_position) AS running FROM rm_stock_movimientos WHERE codigo LIKE 'P-%') x WHERE x.saldo <> x.running`;
    expect(runs[0].bad).toBe(0);

    // Random instants between the first and the last movement.
    const from = instants[0].getTime();
    const to = instants[instants.length - 1].getTime();
    const probes = [...instants, ...Array.from({ length: 8 }, () => new Date(from + rand() * (to - from)))];
    for (const t of probes) {
      const { items } = await stockAsOf(api.sql, t, {}, { limit: 100, offset: 0 });
      const expected = await ledgerSums(t);
      const asOf = new Map(items.filter((x) => x.codigo.startsWith('P-')).map((x) => [x.id_stock, Number(x.saldo)]));
      const wanted = new Map([...expected].filter(([id]) => onHand.some((b) => b.id_stock === id)));
      expect(asOf, `as of ${t.toISOString()}`).toEqual(wanted);
    }

    const live = await api.sql`SELECT * FROM rm_stock_movimientos ORDER BY global_position`;
    const liveStock = await api.sql`SELECT * FROM rm_stock ORDER BY id_stock`;
    await rebuildProjection(api.sql, api.store, stockProjection, 'inline');
    expect(await api.sql`SELECT * FROM rm_stock_movimientos ORDER BY global_position`).toEqual(live);
    expect(await api.sql`SELECT * FROM rm_stock ORDER BY id_stock`).toEqual(liveStock);
  });
});
