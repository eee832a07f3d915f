import { beforeAll, describe, expect, it } from 'vitest';
import { kpisProjection } from '../../../projections/kpis';
import { profitHistoryProjection } from '../../../projections/profit-history';
import { tabRows, totalRow, donutItems, breakdown, type ProfitRow } from '../../../shared/profitability';
import { expectKeptProfitMonthsEqualFull } from '../../../tests/harness/profit-cache';
import { createProfitSite, profitFixture } from '../../../tests/harness/profit-fixture';
import { seedProfitQuarter } from '../../../tests/harness/profit-quarter';
import { useTestApi } from '../../../tests/harness/api';
import { catchUpProjections } from '../../../tests/harness/catch-up';

// Issue 19, profitability: a hand-computed fixture checked figure by figure (docs/modules/reports.md
// "Rentabilidad" works the same numbers). A new site with general expenses of S/ 3,000 a month and
// two machines over January-March 2023 (before the demo's year, so nothing else falls there):
//   M1 (PR-H-001) tariff HORA S/ 200 per hour; insurance S/ 3,650 a year from 2023-01-01
//      (365 days: Jan 310, Feb 280, Mar 310 = 900); acquisition S/ 36,000 over 36 months (1,000 a month)
//   M2 (PR-M-002) tariff MES S/ 9,000 per month; insurance S/ 7,300 a year (620 + 560 + 620 = 1,800);
//      S/ 18,000 over 24 months (750 a month)
// Worked hours (day shifts): M1 Jan 10, Feb 8 + 9, Mar 12 = 39 · M2 Jan 6, Feb 7, Mar 5 = 18.
// Parts: M1 MP order, Jan, 2 × 150 = 300 · M1 MC order, Feb, 1 × 400 = 400 · M2 MCD order, Mar, 3 × 50 = 150.
// General expenses: two machines at the site each month → 1,500 each a month → 4,500 each.
//   M1: costo = 300 + 400 + 0 + 900 + 3,000 + 4,500 = 9,100; facturado = 200 × 39 = 7,800;
//       rentabilidad = −1,300; % = −16.6667
//   M2: costo = 150 + 1,800 + 2,250 + 4,500 = 8,700; facturado = 9,000 × 3 = 27,000;
//       rentabilidad = 18,300; % = 67.7778

const t = useTestApi();
let admin = '';
const ids = { obra: 0, m1: 0, m2: 0, operador: 0, mecanico: 0, supervisor: 0, subgrupo: 0 };
let subgrupo = '';
const obraNombre = 'Obra rentabilidad prueba';
const period = { date_from: '2023-01-01', date_to: '2023-03-31' };

const catchUp = () => catchUpProjections(t.sql, t.store, [kpisProjection, profitHistoryProjection]);

const fixture = profitFixture(t, () => admin, ids, 980_001);

const get = (path: string, query: Record<string, unknown> = {}) => t.call('GET', path, { token: admin, query: { ...period, ...query } });
const post = (path: string, json: Record<string, unknown>) => t.call('POST', path, { token: admin, json: { ...period, ...json } });

async function chartItems(id_selected: number, extra: Record<string, unknown> = {}): Promise<ProfitRow[]> {
  const r = await post('/reportes_rentabilidad/amortizacion', { id_obra: [ids.obra], id_selected, ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.ok).toBe(true);
  return r.body.items as ProfitRow[];
}

beforeAll(async () => {
  admin = await t.login('admin@faena.pe');
  Object.assign(ids, await createProfitSite(t, { codigo: 'OB-RENT-01', nombre: obraNombre }, ['PR-H-001', 'PR-M-002']));
  const [s] = await t.sql<{ id: number; nombre: string }[]>`SELECT s.id::int, s.nombre FROM rm_equipos e JOIN rm_equipo_subgrupos s ON s.id = e.id_equipo_subgrupo WHERE e.id = ${ids.m1}`;
  ids.subgrupo = s.id;
  subgrupo = s.nombre;

  await seedProfitQuarter(fixture, ids, 'RENT');
  await catchUp();
}, 180_000);

const M1 = { id_gf_1: 300, id_gf_2: 400, id_gf_3: 0, seguro: 900, amortizacion: 3000, gastos_generales: 4500, costo: 9100, monto_facturado: 7800, rentabilidad_total: -1300, porcentaje_rentabilidad: -16.6667, horas_calculadas: 39, cantidad_equipos: 1 };
const M2 = { id_gf_1: 0, id_gf_2: 0, id_gf_3: 150, seguro: 1800, amortizacion: 2250, gastos_generales: 4500, costo: 8700, monto_facturado: 27000, rentabilidad_total: 18300, porcentaje_rentabilidad: 67.7778, horas_calculadas: 18, cantidad_equipos: 1 };
const M1_HORA = { costo_mp_hora: 7.6923, costo_mc_hora: 10.2564, costo_mcd_hora: 0, costo_seguro_hora: 23.0769, costo_amortizacion_hora: 76.9231, costo_generales_hora: 115.3846, costo_total_hora: 233.3333, costo_montofac_hora: 200, costo_rentabilidad_hora: -33.3333 };
const M2_HORA = { costo_mp_hora: 0, costo_mc_hora: 0, costo_mcd_hora: 8.3333, costo_seguro_hora: 100, costo_amortizacion_hora: 125, costo_generales_hora: 250, costo_total_hora: 483.3333, costo_montofac_hora: 1500, costo_rentabilidad_hora: 1016.6667 };
/** Both machines summed (charts 2, 3 and 4: one subgroup, one site). */
const BOTH = { id_gf_1: 300, id_gf_2: 400, id_gf_3: 150, seguro: 2700, amortizacion: 5250, gastos_generales: 9000, costo: 17800, monto_facturado: 34800, rentabilidad_total: 17000, porcentaje_rentabilidad: 48.8506, horas_calculadas: 57, cantidad_equipos: 2 };
const BOTH_HORA = { costo_mp_hora: 5.2632, costo_mc_hora: 7.0175, costo_mcd_hora: 2.6316, costo_seguro_hora: 47.3684, costo_amortizacion_hora: 92.1053, costo_generales_hora: 157.8947, costo_total_hora: 312.2807, costo_montofac_hora: 610.5263, costo_rentabilidad_hora: 298.2456 };

describe('Profitability: the hand-computed fixture (issue 19)', () => {
  it('GET /reportes_rentabilidad: general, datas and equipos per machine, recomputed from the filters', async () => {
    const r = await get('/reportes_rentabilidad', { id_obra: String(ids.obra) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.ok).toBe(true);
    const datas = r.body.datas as Record<string, unknown>[];
    expect(datas.map((d) => d.codigo_equipo)).toEqual(['PR-H-001', 'PR-M-002']);
    const pick = ({ costo: _c, rentabilidad_total: _r, porcentaje_rentabilidad: _p, cantidad_equipos: _q, ...x }: typeof M1) => x;
    expect(datas[0]).toMatchObject({ ...pick(M1), tipo_tarifa: 'HORA', tarifa: 200, meses: ['2023-01', '2023-02', '2023-03'], nombre_obra: obraNombre, subgrupo });
    expect(datas[1]).toMatchObject({ ...pick(M2), tipo_tarifa: 'MES', tarifa: 9000, horas: 3 });
    const general = r.body.general as Record<string, unknown>[];
    expect(general.filter((g) => g.id_equipo === ids.m1).map((g) => [g.id_gf, g.total_ps])).toEqual([[1, 300], [2, 400], [3, 0]]);
    expect(general.find((g) => g.id_equipo === ids.m2 && g.id_gf === 3)).toMatchObject({ total_ps: 150, total_monto_facturado: 27000, total_equipos: 2, horas_calculadas: 18, equipo_amortizacion: 24 });
    expect(r.body.equipos).toEqual([{ id: ids.m1, codigo: 'PR-H-001' }, { id: ids.m2, codigo: 'PR-M-002' }]);
    // POST takes the same filters in the body.
    const p = await post('/reportes_rentabilidad', { id_obra: [ids.obra] });
    expect(p.body.datas).toEqual(r.body.datas);
  });

  it('the months: the inputs of one month alone (February), and a month filter', async () => {
    const items = await chartItems(1, { id_meses: ['2023-02'] });
    expect(items[0]).toMatchObject({ id_gf_2: 400, seguro: 280, amortizacion: 1000, gastos_generales: 1500, costo: 3180, monto_facturado: 3400, rentabilidad_total: 220, horas_calculadas: 17 });
    expect(items[1]).toMatchObject({ seguro: 560, amortizacion: 750, gastos_generales: 1500, costo: 2810, monto_facturado: 9000, rentabilidad_total: 6190, horas_calculadas: 7 });
  });

  it('chart 1 (per machine): every column, and tabs 1-4 with their TOTAL rows rounded up', async () => {
    const items = await chartItems(1);
    expect(items.map((i) => i.nombre)).toEqual(['PR-H-001', 'PR-M-002']);
    expect(items[0]).toMatchObject({ ...M1, ...M1_HORA });
    expect(items[1]).toMatchObject({ ...M2, ...M2_HORA });
    // Tab 1 (one machine a row) = tab 2; the TOTAL of tab 1 is the average machine.
    expect(tabRows(items, 1, 1)).toEqual(tabRows(items, 1, 2));
    expect(totalRow(items, 1, 2)).toMatchObject({ nombre: 'TOTAL', costo: 17800, monto_facturado: 34800, rentabilidad_total: 17000, porcentaje_rentabilidad: 48.86, seguro: 2700 });
    expect(totalRow(items, 1, 1)).toMatchObject({ costo: 8900, monto_facturado: 17400, rentabilidad_total: 8500, porcentaje_rentabilidad: 48.86 });
    expect(tabRows(items, 1, 3)[0]).toEqual({ clave: items[0].clave, nombre: 'PR-H-001', ...M1_HORA });
    // Per-hour totals are Σ amount ÷ Σ hours, rounded up: 312.2807 → 312.29, 5.2632 → 5.27.
    expect(totalRow(items, 1, 3)).toEqual({ clave: 'total', nombre: 'TOTAL', costo_mp_hora: 5.27, costo_mc_hora: 7.02, costo_mcd_hora: 2.64, costo_seguro_hora: 47.37, costo_amortizacion_hora: 92.11, costo_generales_hora: 157.9, costo_total_hora: 312.29, costo_montofac_hora: 610.53, costo_rentabilidad_hora: 298.25 });
    expect(tabRows(items, 1, 4)[1]).toMatchObject({ horas_calculadas: 18, costo: 8700, monto_facturado: 27000, rentabilidad_total: 18300, ...M2_HORA });
    expect(totalRow(items, 1, 4)).toMatchObject({ horas_calculadas: 57, costo: 17800, costo_total_hora: 312.29 });
    // Only the profitable machine makes a donut slice; its drill-down.
    expect(donutItems(items).map((i) => i.nombre)).toEqual(['PR-M-002']);
    expect(breakdown(items[1])).toMatchObject({ costo: 8700, monto_facturado: 27000, rentabilidad_total: 18300 });
    expect(breakdown(items[1]).barras.map((b) => b.valor)).toEqual([0, 0, 150, 1800, 2250, 4500]);
  });

  it('chart 2 (general by subgroup) and chart 3 (by site): both machines in one row; tab 1 per machine', async () => {
    for (const [chart, nombre] of [[2, subgrupo], [3, obraNombre]] as const) {
      const items = await chartItems(chart);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ nombre, ...BOTH, ...BOTH_HORA });
      expect(tabRows(items, chart, 1)[0]).toEqual({
        clave: items[0].clave, nombre, cantidad_equipos: 2, id_gf_1: 150, id_gf_2: 200, id_gf_3: 75, seguro: 1350, amortizacion: 2625, gastos_generales: 4500,
        costo: 8900, monto_facturado: 17400, rentabilidad_total: 8500, porcentaje_rentabilidad: 48.8506,
      });
      expect(tabRows(items, chart, 2)[0]).toMatchObject({ costo: 17800, monto_facturado: 34800, rentabilidad_total: 17000 });
      expect(tabRows(items, chart, 2)[0]).not.toHaveProperty('cantidad_equipos');
      expect(tabRows(items, chart, 3)[0]).toMatchObject(BOTH_HORA);
      expect(totalRow(items, chart, 2)).toMatchObject({ costo: 17800, porcentaje_rentabilidad: 48.86 });
      expect(donutItems(items)).toHaveLength(1);
    }
  });

  it('chart 4 (per hour by subgroup): the per-hour columns; the reply names its columns with their formulas', async () => {
    const r = await post('/reportes_rentabilidad/amortizacion', { id_obra: [ids.obra], id_selected: 4 });
    const body = r.body as unknown as { formato: unknown; opciones: { colores: unknown }; filas: unknown; items: ProfitRow[] };
    expect(body.formato).toMatchObject({ primera_columna: 'subgrupo', tipo: 'barras', moneda: 'S/' });
    expect(body.opciones.colores).toMatchObject({ positivo: '#15803d', negativo: '#b91c1c' });
    const filas = body.filas as { key: string; formula: string | null }[];
    expect(filas[0].key).toBe('subgrupo');
    expect(filas.find((f) => f.key === 'costo')?.formula).toBe('MP + MC + MCD + seguro + amortización + gastos generales');
    expect(body.items[0]).toMatchObject({ ...BOTH_HORA, horas_calculadas: 57 });
    expect(totalRow(body.items, 4, 4)).toMatchObject({ horas_calculadas: 57, costo_rentabilidad_hora: 298.25 });
  });

  it('figures sent by the client are ignored; filters never change a machine’s share of fixed costs', async () => {
    const honest = await chartItems(1);
    const forged = await chartItems(1, { data: [{ codigo_equipo: 'PR-H-001', costo: 1, monto_facturado: 999999 }], general: [{ total_ps: -5 }], equiposMaster: [] });
    expect(forged).toEqual(honest);
    // M1 alone (machine filter): its general expenses stay half of the site's.
    const only = await chartItems(2, { id_equipos: [ids.m1] });
    expect(only[0]).toMatchObject({ ...M1, cantidad_equipos: 1 });
  });

  it('GET /reportes_rentabilidad/parametros: the filter options, the four charts and the months with data', async () => {
    const r = await t.call('GET', '/reportes_rentabilidad/parametros', { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body.dashboard as { id: number }[]).map((d) => d.id)).toEqual([1, 2, 3, 4]);
    expect(r.body.obras).toContainEqual({ id: ids.obra, nombre: obraNombre });
    expect(r.body.equipos).toContainEqual({ id: ids.m1, nombre: 'PR-H-001' });
    expect(r.body.descripcion).toContainEqual({ id: ids.subgrupo, nombre: subgrupo });
    const meses = r.body.meses as { id: string; nombre: string }[];
    expect(meses).toContainEqual({ id: '2023-02', nombre: 'Febrero 2023' });
    // With no filters (the last 12 months of whatever data the database holds) the replies keep their schemas.
    const all = await t.call('GET', '/reportes_rentabilidad', { token: admin });
    expect(all.status, JSON.stringify(all.body).slice(0, 300)).toBe(200);
    for (const id_selected of [1, 2, 3, 4]) {
      const c = await t.call('POST', '/reportes_rentabilidad/amortizacion', { token: admin, json: { id_selected } });
      expect(c.status, JSON.stringify(c.body).slice(0, 300)).toBe(200);
    }
  });

  it('bad input: no chart, a bad month, a reversed range → 4xx with a message', async () => {
    const a = await post('/reportes_rentabilidad/amortizacion', { id_selected: 9 });
    expect(a.status).toBe(422);
    expect(a.body).toMatchObject({ ok: false });
    const b = await get('/reportes_rentabilidad', { id_meses: '2023-13' });
    expect(b.status).toBe(422);
    const c = await get('/reportes_rentabilidad', { date_from: '2023-03-01', date_to: '2023-01-01' });
    expect(c.status).toBe(422);
    expect(c.body.msg).toBe('La fecha final no puede ser anterior a la inicial');
  });

  it('no data in the range: empty rows (the screen says "No hay información para este rango de fechas")', async () => {
    const r = await post('/reportes_rentabilidad/amortizacion', { id_selected: 1, date_from: '2001-01-01', date_to: '2001-03-31' });
    expect(r.body.items).toEqual([]);
  });
});

describe('the kept profitability month rows (rent_equipo_mes)', () => {
  it('recomputed only where this file\'s commands changed their sources, they equal a full recomputation', async () => {
    await expectKeptProfitMonthsEqualFull(t.sql);
  });
});
