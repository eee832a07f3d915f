import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../../events/execute';
import type { StockKey } from '../../../events/stock/types';
import { kpisProjection } from '../../../projections/kpis';
import { rebuildProjection } from '../../../projections/rebuild';
import { stockProjection } from '../../../projections/stock';
import { expectKeptProfitMonthsEqualFull } from '../../../tests/harness/profit-cache';
import { useTestApi } from '../../../tests/harness/api';
import { driveToOrder, firstSite, firstUnit, signInPurchaseChain } from '../../../tests/harness/purchase-chain';
import { createPlainMachine } from '../../../tests/harness/equipment';
import { MSG_DUPLICADO, MSG_MES, MSG_MONEDA, MSG_MONEDA_SOLES, MSG_USADO } from '../admin/settings/tipos-cambio';
import { carried, stockCode, stockMoves } from './stock-moves';
import { catchUpProjections } from '../../../tests/harness/catch-up';

// Issue 19, decision "Amounts in another currency are converted with a monthly rate kept in
// settings; a figure that lacks a rate is left out with a visible note, never silently mixed".
// Real Excel imports of central entries in USD (products brought to 'En OC' through the real
// commands), one month with a rate and one without; the units travel to a site and one is issued
// to a work order, so the KPI and profitability replies show the cost left out and its note, and
// then the cost once the month's rate is entered.
//
// Material B (month 2026-09, no rate at first): 2 units entered in soles at S/ 10 (S/ 20) and
// 2 units in USD for USD 50 in all. The balance: 4 units, S/ 20 known, USD 50 waiting. All 4 go to
// the site; 1 is issued: S/ 5 known and USD 12.5 waiting (its share, 1/4). With USD 2026-09 at
// 4.00 the part costs 5 + 12.5 × 4 = S/ 55, exactly the moving average had the rate been known at
// entry ((20 + 50 × 4) ÷ 4).

const api = useTestApi();
const tokens: Record<string, string> = {};
let obra: { id: number; codigo: string };
let materials: { id: number; codigo: string }[];
let unidad = 0;
let machine = 0;
let order = 0;

const HEADER = ['Número', 'Código Obra', 'Descripción Obra', 'Moneda', 'Fecha Desde', 'Fecha Hasta', 'Procedencia', 'Fecha Movimiento',
  'Código Recurso', 'Descripción Recurso', 'Unidad', 'Albarán', 'Cantidad', 'Importe', 'Número Orden Compra'];
type Line = { recurso: string; orden: string; cantidad: number; importe: number; moneda: string; fecha: string; albaran: string };

async function workbook(lines: Line[]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Ingresos');
  ws.addRow(HEADER);
  lines.forEach((l, i) => ws.addRow([i + 1, obra.codigo, 'Obra de prueba', l.moneda, new Date(Date.UTC(2026, 8, 1)), new Date(Date.UTC(2026, 10, 30)), 'Proveedor',
    new Date(`${l.fecha}T00:00:00Z`), l.recurso, `Recurso ${l.recurso}`, 'UND', l.albaran, l.cantidad, l.importe, l.orden]));
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

async function importLines(lines: Line[]) {
  const form = new FormData();
  form.append('archivo', new File([(await workbook(lines)) as Uint8Array<ArrayBuffer>], 'ingresos.xlsx'));
  const r = await api.call('POST', '/almacen_central_entradas_archivos', { token: tokens.central, form });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.invalidos).toEqual([]);
}

/** A compra of these materials driven to 7 'En OC' under `orden`, priced in USD. */
const inOrder = (orden: string, lines: { material: { id: number }; cantidad: number }[]) =>
  driveToOrder(api, tokens, { obra: obra.id, unidad, orden, descripcion: 'Repuestos importados', lines, moneda: 'USD' });

const catchUp = () => catchUpProjections(api.sql, api.store, [kpisProjection]);

type Movement = { motivo: string; cantidad: number; costo_unitario: number; cambio: Record<string, unknown> | null; sin_tipo_cambio: Record<string, number> | null };
const movements = (codigo: string) =>
  api.sql<Movement[]>`SELECT motivo, cantidad::float8, costo_unitario::float8, cambio, sin_tipo_cambio FROM rm_stock_movimientos
                       WHERE codigo = ${codigo} AND almacen = 'central' ORDER BY global_position`;

/** The kárdex's 'Otra moneda' column of a code's central movements, oldest first, soles left out. */
const ledgerCurrency = async (codigo: string) => {
  const r = await api.call('GET', '/stock_movimientos', { token: tokens.admin, query: { codigo, almacen: 'central', order_col: 'fecha', order_dir: 'asc' } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.items as { moneda: string | null }[]).flatMap((x) => (x.moneda ? [x.moneda] : []));
};

const saveRate = (json: Record<string, unknown>, token = tokens.admin) => api.call('POST', '/settings/tipos_cambio/create', { token, json });

const machineCosts = async () => {
  const r = await api.call('GET', '/kpis_equipos', { token: tokens.admin, query: { id_obra: obra.id } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const row = (r.body.items as { id_equipo: number; costo_mc: number }[]).find((x) => x.id_equipo === machine);
  return { costo: row?.costo_mc, notas: r.body.notas as string[] };
};

beforeAll(async () => {
  tokens.admin = await api.login('admin@faena.pe');
  Object.assign(tokens, await signInPurchaseChain(api));
  obra = await firstSite(api);
  materials = await api.sql<{ id: number; codigo: string }[]>`SELECT id::int, codigo FROM rm_materiales WHERE codigo <> '' ORDER BY id DESC LIMIT 2`;
  unidad = await firstUnit(api);
  machine = await createPlainMachine(api.store, api.sql, obra.id, 'T-FX-001');
  const people = async (role: number) => Number((await api.sql<{ id: number }[]>`SELECT id FROM rm_users WHERE id_role = ${role} ORDER BY id LIMIT 1`)[0].id);
  const r = await api.call('POST', '/ordenes_trabajo/create', { token: tokens.admin, json: {
    id: 0, version: 0, id_obra: obra.id, id_equipo: machine, placa_equipo: '', serie_equipo: 'S-1', fecha_parada: '', fecha_puesta_marcha: '',
    fecha_apertura_ot: '2026-11-02 08:00', fecha_cierre_ot: '', horometro_parada: '', horometro_puesta_marcha: '', horometro_apertura_ot: '1200',
    horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '', id_operador: await people(11), id_mecanico: await people(14),
    id_supervisor: await people(15), firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 1, terminado: 0,
    diagnosticos: [], intervenciones: [], documentos: [], productos_solicitados: [], id_tipo_mantenimiento: 2,
  } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  order = r.body.id as number;
}, 120_000);

describe('monthly currency rates (settings)', () => {
  it('bad rates are refused 422 with Spanish messages; a duplicate month too; without the settings right 403', async () => {
    const bad = await saveRate({ id: 0, moneda: 'US', mes: '2026-13', tasa: 0 });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ ok: false, errors: { moneda: MSG_MONEDA, mes: MSG_MES, tasa: 'Debe ser mayor a 0' } });
    const soles = await saveRate({ id: 0, moneda: 'pen', mes: '2026-01', tasa: '-1' });
    expect(soles.status).toBe(422);
    expect(soles.body.errors).toMatchObject({ moneda: MSG_MONEDA_SOLES, tasa: 'Debe ser un número' });
    const missing = await saveRate({ id: 0, moneda: 'USD', mes: '2026-01' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toMatchObject({ tasa: 'Este campo es obligatorio' });

    const ok = await saveRate({ id: 0, moneda: 'usd', mes: '2026-10', tasa: '3.75' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.item).toMatchObject({ moneda: 'USD', mes: '2026-10' });
    const twice = await saveRate({ id: 0, moneda: 'USD', mes: '2026-10', tasa: 3.8 });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toMatchObject({ mes: MSG_DUPLICADO });

    expect((await saveRate({ id: 0, moneda: 'EUR', mes: '2026-10', tasa: 4 }, tokens.central)).status).toBe(403);
    const list = await api.call('GET', '/settings/tipos_cambio', { token: tokens.admin, query: { query: 'USD' } });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([expect.objectContaining({ moneda: 'USD', mes: '2026-10', tasa: '3.750000', movimientos: 0 })]);
  });

  it('an entry in USD of a month with a rate enters the ledger in soles at that rate, and the rate is then locked', async () => {
    const a = materials[0];
    await inOrder('OC-FX-A', [{ material: a, cantidad: 4 }]);
    await importLines([{ recurso: a.codigo, orden: 'OC-FX-A', cantidad: 4, importe: 100, moneda: 'USD', fecha: '2026-10-20', albaran: 'ALB-FX-1' }]);
    const [entry] = await movements(stockCode(a.codigo));
    // USD 100 ÷ 4 = USD 25 a unit × 3.75 = S/ 93.75.
    expect(entry).toMatchObject({ motivo: 'ingreso_oc', cantidad: 4, costo_unitario: 93.75, sin_tipo_cambio: null });
    expect(entry.cambio).toMatchObject({ moneda: 'USD', mes: '2026-10', costo_moneda: 25, tasa: 3.75 });
    expect(await ledgerCurrency(stockCode(a.codigo))).toEqual(['USD 25.00 c/u × 3.75']);

    const [rate] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_tipos_cambio WHERE moneda = 'USD' AND mes = '2026-10'`;
    const changed = await saveRate({ id: rate.id, moneda: 'USD', mes: '2026-10', tasa: 3.8 });
    expect(changed.status).toBe(422);
    expect(changed.body.errors).toMatchObject({ tasa: MSG_USADO });
    const removed = await api.call('GET', '/settings/tipos_cambio/remove', { token: tokens.admin, query: { id: rate.id } });
    expect(removed.status).toBe(409);
  });

  it('without a rate the cost is left out (never another price) with a note; once the rate is entered the figures include it; rebuilds equal live', async () => {
    const b = materials[1];
    const code = stockCode(b.codigo);
    await inOrder('OC-FX-B', [{ material: b, cantidad: 4 }]);
    await importLines([
      { recurso: b.codigo, orden: 'OC-FX-B', cantidad: 2, importe: 20, moneda: 'PEN', fecha: '2026-09-10', albaran: 'ALB-FX-2' },
      { recurso: b.codigo, orden: 'OC-FX-B', cantidad: 2, importe: 50, moneda: 'USD', fecha: '2026-09-15', albaran: 'ALB-FX-3' },
    ]);
    const [soles, usd] = await movements(code);
    expect(soles).toMatchObject({ cantidad: 2, costo_unitario: 10, cambio: null });
    expect(usd).toMatchObject({ cantidad: 2, costo_unitario: 0, sin_tipo_cambio: { 'USD:2026-09': 50 } });
    expect(usd.cambio).toMatchObject({ moneda: 'USD', mes: '2026-09', costo_moneda: 25, tasa: null, id_tipo_cambio: null });

    // The 4 units travel to the site (transfer and receipt carry the waiting amount), 1 is issued to the order.
    const central: StockKey = { almacen: 'central', id_obra: 0, codigo: code };
    const transit: StockKey = { almacen: 'transito', id_obra: obra.id, codigo: code };
    const site: StockKey = { almacen: 'obra', id_obra: obra.id, codigo: code };
    const doc = { tipo: 'traslado' as const, id: 1, referencia: 'G-FX' };
    const base = { id_material: b.id, descripcion: 'Importado', by: null };
    await execute(api.store, async (c) => {
      const m = stockMoves(c);
      await m.lock([central, transit, site]);
      const out = await m.move({ ...base, key: central, motivo: 'traslado', cantidad: -4, costo_unitario: null, documento: doc });
      expect(out.sin_tipo_cambio).toEqual({ 'USD:2026-09': -50 });
      const inTransit = await m.move({ ...base, key: transit, motivo: 'traslado', cantidad: 4, costo_unitario: out.costo_unitario, sin_tipo_cambio: carried(out), documento: doc });
      const back = await m.move({ ...base, key: transit, motivo: 'recepcion', cantidad: -4, costo_unitario: null, documento: { tipo: 'entrada_obra', id: 1, referencia: '' } });
      expect(inTransit.pendiente).toEqual({ 'USD:2026-09': 50 });
      await m.move({ ...base, key: site, motivo: 'recepcion', cantidad: 4, costo_unitario: back.costo_unitario, sin_tipo_cambio: carried(back), documento: { tipo: 'entrada_obra', id: 1, referencia: '' } });
      const issued = await m.move({ ...base, key: site, motivo: 'salida', cantidad: -1, costo_unitario: null, id_orden_trabajo: order, documento: { tipo: 'salida_obra', id: 1, referencia: 'VS-FX' } });
      expect(issued).toMatchObject({ costo_unitario: 5, sin_tipo_cambio: { 'USD:2026-09': -12.5 }, pendiente: { 'USD:2026-09': 37.5 } });
    });
    await catchUp();
    expect(await ledgerCurrency(code)).toEqual(['USD 25.00 c/u, sin tipo de cambio de 09/2026', 'USD 50.00 sin tipo de cambio de 09/2026']);

    const note = 'Hay 1 ingreso en USD sin tipo de cambio de 09/2026: su costo no se incluye';
    expect(await machineCosts()).toEqual({ costo: 5, notas: [note] });
    const generales = await api.call('GET', '/kpis_generales', { token: tokens.admin, query: { id_obra: obra.id } });
    expect(generales.body.notas).toEqual([note]);
    const reporte = await api.call('GET', '/kpis_reporte', { token: tokens.admin, query: { id_reporte: 4, ids_equipos: String(machine) } });
    expect(reporte.status, JSON.stringify(reporte.body)).toBe(200);
    expect(reporte.body.notas).toEqual([note]);
    const profit = await api.call('GET', '/reportes_rentabilidad', { token: tokens.admin, query: { id_equipos: String(machine) } });
    expect(profit.status, JSON.stringify(profit.body)).toBe(200);
    expect(profit.body.notas).toEqual([note]);
    expect((profit.body.datas as { id_gf_2: number }[])[0].id_gf_2).toBe(5);
    const chart = await api.call('POST', '/reportes_rentabilidad/amortizacion', { token: tokens.admin, json: { id_selected: 1, id_equipos: [machine] } });
    expect(chart.status, JSON.stringify(chart.body)).toBe(200);
    expect(chart.body.notas).toEqual([note]);
    // Another site's people see no note about this site's parts.
    const other = await api.call('GET', '/kpis_generales', { token: tokens.admin, query: { id_obra: obra.id + 100_000 } });
    expect(other.body.notas).toEqual([]);

    // The profitability's kept month rows followed the rate through its marks (before the
    // rebuilds below, which mark everything).
    await expectKeptProfitMonthsEqualFull(api.sql);
    const live = await readModels();
    await rebuildProjection(api.sql, api.store, kpisProjection, 'async');
    await rebuildProjection(api.sql, api.store, stockProjection, 'inline');
    expect(await readModels()).toEqual(live);

    // The month's rate arrives: read at once, no projection to wait for.
    expect((await saveRate({ id: 0, moneda: 'USD', mes: '2026-09', tasa: 4 })).status).toBe(200);
    expect(await machineCosts()).toEqual({ costo: 55, notas: [] });
    const after = await api.call('GET', '/reportes_rentabilidad', { token: tokens.admin, query: { id_equipos: String(machine) } });
    expect(after.body.notas).toEqual([]);
    expect((after.body.datas as { id_gf_2: number }[])[0].id_gf_2).toBe(55);
  }, 180_000);
});

async function readModels() {
  const [moneda, mes, movs] = await Promise.all([
    api.sql`SELECT * FROM rm_kpi_repuestos_moneda ORDER BY global_position, moneda, mes_cambio`,
    api.sql`SELECT * FROM rm_kpi_equipo_mes WHERE id_equipo = ${machine} ORDER BY mes, id_obra`,
    api.sql`SELECT global_position, cambio, sin_tipo_cambio FROM rm_stock_movimientos WHERE cambio IS NOT NULL OR sin_tipo_cambio IS NOT NULL ORDER BY global_position`,
  ]);
  return { moneda: [...moneda], mes: [...mes], movs: [...movs] };
}

