import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../../events/execute';
import { createRecord, setRecordEnabled } from '../../../events/record/commands';
import { stock } from '../../../events/stock/decider';
import { workOrders } from '../../../events/work-order/decider';
import { kpisProjection } from '../../../projections/kpis';
import { rebuildProjection } from '../../../projections/rebuild';
import { useTestApi } from '../../../tests/harness/api';
import { otPeople } from '../../../tests/harness/work-order-fixture';
import { createPlainMachine } from '../../../tests/harness/equipment';
import { catchUpProjections } from '../../../tests/harness/catch-up';

// Issue 19, the KPI half: a hand-computed fixture checked figure by figure. Two machines on one
// site over June-August 2023 (before the demo's year, so nothing else falls in the period), with
// known hour-meter logs, work orders of each maintenance type (stop and restart times) and parts
// issued at known costs. The numbers are worked out in the comments and in docs/modules/reports.md.
//
// Logs (day shifts, H = 12 h; S = H − W − R per log):
//   M1  Jun: W 10 R 1 S 1; W 8 R 2 S 2 · Jul: W 11 R 0 S 1 · Aug: W 6 R 4 S 2      → W 35, R 7, S 6
//   M2  Jun: W 12 R 0 S 0 · Jul: W 5 R 6.5 S 0.5 · Aug: a disabled log (not counted) → W 17, R 6.5, S 0.5
// Orders (opening month; corrective = MC, MCD):
//   M1  OT1 MP Jun (stop→restart 2 h, not a repair) · OT2 MC Jun 6 h · OT3 MCD Jul 18 h ·
//       OT4 MC Aug (no restart: a failure, no repair) · OT5 MC Aug cancelled (not counted)
//   M2  OT6 MC Jul 4.5 h · OT7 sent without a type (MC by default), Aug, no stop
// Parts issued (soles): OT1 2 × 150 = 300 (Jun) · OT2 1 × 400 = 400 (Jun) · OT3 3 × 50 = 150 (Jul)
//   and 1 × 50 = 50 (Aug) · OT5 1 × 400 = 400 (Aug: parts of a cancelled order still cost) ·
//   OT6 4 × 25 = 100 (Jul)

const t = useTestApi();
let admin = '';
const ids = { obra: 0, m1: 0, m2: 0, operador: 0, mecanico: 0, supervisor: 0 };
const ot: Record<string, number> = {};
const period = { date_from: '2023-06-01', date_to: '2023-08-31' };

const catchUp = () => catchUpProjections(t.sql, t.store, [kpisProjection]);

async function openOrder(id_equipo: number, tipo: number | null, apertura: string, parada: string, puesta: string) {
  const r = await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: {
    id: 0, version: 0, id_obra: ids.obra, id_equipo, placa_equipo: '', serie_equipo: 'S-1', fecha_parada: parada, fecha_puesta_marcha: puesta,
    fecha_apertura_ot: apertura, fecha_cierre_ot: '', horometro_parada: '', horometro_puesta_marcha: '', horometro_apertura_ot: '1200',
    horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '', id_operador: ids.operador, id_mecanico: ids.mecanico,
    id_supervisor: ids.supervisor, firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 1, terminado: 0,
    diagnosticos: [], intervenciones: [], documentos: [], productos_solicitados: [], ...(tipo === null ? {} : { id_tipo_mantenimiento: tipo }),
  } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id as number;
}

async function log(id_equipo: number, fecha: string, w: number, r: number, estado = 1) {
  await createRecord(t.store, 'horometro', {
    id_equipo, id_obra: ids.obra, fecha, id_tipo_turno: 1, h_inicio: 1000, h_fin: 1000 + w, falla_operacional: 0, falla_neta: r, falla_tajo: 0,
    obs_operacional: '', obs_neta: '', obs_tajo: '', estado,
  }, { metadata: { userId: null, requestId: 'fixture' } });
}

let nextStock = 990_001;
/** A balance of `codigo` at the site with `entra` units at `costo`, and the exits to orders on their days. */
async function parts(codigo: string, costo: number, entra: number, exits: { ot: number; cantidad: number; at: string }[]) {
  const id = nextStock++;
  const key = { almacen: 'obra' as const, id_obra: ids.obra, codigo };
  const base = { key, id_material: null, descripcion: codigo, by: null };
  await execute(t.store, async (c) => {
    c.start(stock, id).decide({ ...base, type: 'MoveStock', motivo: 'stock_declarado', cantidad: entra, costo_unitario: costo, documento: { tipo: 'salida_obra', id: 1, referencia: 'fixture' } }, { occurredAt: new Date('2023-05-01T12:00:00Z') });
  });
  for (const x of exits) {
    await execute(t.store, async (c) => {
      (await c.load(stock, id)).decide({ ...base, type: 'MoveStock', motivo: 'salida', cantidad: -x.cantidad, costo_unitario: null, id_orden_trabajo: x.ot, documento: { tipo: 'salida_obra', id: 1, referencia: 'VS-1' } }, { occurredAt: new Date(x.at) });
    });
  }
}

const get = (path: string, query: Record<string, unknown> = {}) => t.call('GET', path, { token: admin, query: { ...period, ...query } });

beforeAll(async () => {
  admin = await t.login('admin@faena.pe');
  const one = async (q: Promise<{ id: number }[]>) => Number((await q)[0].id);
  ids.obra = await one(t.sql`SELECT id FROM rm_obras ORDER BY id LIMIT 1`);
  Object.assign(ids, await otPeople(t.sql));
  ids.m1 = await createPlainMachine(t.store, t.sql, ids.obra, 'T-KPI-001');
  ids.m2 = await createPlainMachine(t.store, t.sql, ids.obra, 'T-KPI-002');

  await log(ids.m1, '2023-06-01', 10, 1);
  await log(ids.m1, '2023-06-02', 8, 2);
  await log(ids.m1, '2023-07-01', 11, 0);
  await log(ids.m1, '2023-08-01', 6, 4);
  await log(ids.m2, '2023-06-01', 12, 0);
  await log(ids.m2, '2023-07-01', 5, 6.5);
  await log(ids.m2, '2023-08-01', 10, 0, 0);

  ot.ot1 = await openOrder(ids.m1, 1, '2023-06-05 08:00', '2023-06-05 07:00', '2023-06-05 09:00');
  ot.ot2 = await openOrder(ids.m1, 2, '2023-06-10 10:00', '2023-06-10 09:00', '2023-06-10 15:00');
  ot.ot3 = await openOrder(ids.m1, 3, '2023-07-03 08:00', '2023-07-03 08:00', '2023-07-04 02:00');
  ot.ot4 = await openOrder(ids.m1, 2, '2023-08-20 08:00', '2023-08-20 07:00', '');
  ot.ot5 = await openOrder(ids.m1, 2, '2023-08-21 08:00', '2023-08-21 07:00', '2023-08-21 09:00');
  ot.ot6 = await openOrder(ids.m2, 2, '2023-07-15 07:00', '2023-07-15 06:00', '2023-07-15 10:30');
  ot.ot7 = await openOrder(ids.m2, null, '2023-08-02 08:00', '', '');
  await execute(t.store, async (c) => (await c.load(workOrders, ot.ot5)).decide({ type: 'CancelWorkOrder', actor: { id: 1, roleId: 1, canCreateRequest: true } }));

  await parts('KPI-A', 150, 10, [{ ot: ot.ot1, cantidad: 2, at: '2023-06-06T15:00:00Z' }]);
  await parts('KPI-B', 400, 5, [{ ot: ot.ot2, cantidad: 1, at: '2023-06-11T15:00:00Z' }, { ot: ot.ot5, cantidad: 1, at: '2023-08-22T15:00:00Z' }]);
  await parts('KPI-C', 50, 10, [{ ot: ot.ot3, cantidad: 3, at: '2023-07-05T15:00:00Z' }, { ot: ot.ot3, cantidad: 1, at: '2023-08-01T15:00:00Z' }]);
  await parts('KPI-D', 25, 10, [{ ot: ot.ot6, cantidad: 4, at: '2023-07-16T15:00:00Z' }]);
  await catchUp();
}, 180_000);

describe('KPIs: the hand-computed fixture (issue 19)', () => {
  it('the month rows hold the inputs: M1 in June', async () => {
    const [june] = await t.sql`SELECT horas_trabajadas::float8 AS w, horas_reparacion::float8 AS r, horas_standby::float8 AS s, horas_programadas::float8 AS h, registros,
      ots_mp, ots_mc, ots_mcd, reparaciones, horas_reparacion_ot::float8 AS hrep, costo_mp::float8 AS costo_mp, costo_mc::float8 AS costo_mc, costo_mcd::float8 AS costo_mcd
      FROM rm_kpi_equipo_mes WHERE id_equipo = ${ids.m1} AND mes = '2023-06-01'`;
    expect(june).toEqual({ w: 18, r: 3, s: 3, h: 24, registros: 2, ots_mp: 1, ots_mc: 1, ots_mcd: 0, reparaciones: 1, hrep: 6, costo_mp: 300, costo_mc: 400, costo_mcd: 0 });
    // OT3's second issue falls in August, the month it was issued, with OT3's type.
    const [aug] = await t.sql`SELECT costo_mc::float8 AS mc, costo_mcd::float8 AS mcd, ots_mc FROM rm_kpi_equipo_mes WHERE id_equipo = ${ids.m1} AND mes = '2023-08-01'`;
    expect(aug).toEqual({ mc: 400, mcd: 50, ots_mc: 1 });
  });

  it('/kpis_equipos: every figure of both machines, MTBF and MTTR included', async () => {
    const r = await get('/kpis_equipos', { id_obra: ids.obra });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const items = r.body.items as Record<string, unknown>[];
    const m1 = items.find((x) => x.id_equipo === ids.m1);
    const m2 = items.find((x) => x.id_equipo === ids.m2);
    expect(m1).toMatchObject({
      codigo_equipo: 'T-KPI-001', horas_trabajadas: 35, horas_standby: 6, horas_reparacion: 7,
      disponibilidad: 83.33, // 35 / (35 + 7)
      utilizacion: 85.37, // 35 / (35 + 6)
      ots: 4, fallas: 3, ots_mp: 1, ots_mc: 2, ots_mcd: 1,
      mtbf: 11.67, // 35 / 3
      mttr: 12, // (6 + 18) / 2
      disponibilidad_mecanica: 49.3, // 11.667 / (11.667 + 12)
      costo_mantenimiento: 1300, costo_mp: 300, costo_mc: 800, costo_mcd: 200,
      costo_hora: 37.14, costo_mp_hora: 8.57, costo_mc_hora: 22.86, costo_mcd_hora: 5.71,
      razon_preventivo_correctivo: 0.33, porcentaje_preventivo: 25,
    });
    expect(m2).toMatchObject({
      horas_trabajadas: 17, horas_standby: 0.5, horas_reparacion: 6.5,
      disponibilidad: 72.34, utilizacion: 97.14, ots: 2, fallas: 2, ots_mc: 2,
      mtbf: 8.5, mttr: 4.5, disponibilidad_mecanica: 65.38,
      costo_mantenimiento: 100, costo_hora: 5.88, costo_mp_hora: 0, costo_mc_hora: 5.88,
      razon_preventivo_correctivo: 0, porcentaje_preventivo: 0,
    });
    expect(r.body.periodo).toEqual(period);
    // The functional-group filter (maintenance type): only MP keeps M1's MP order and cost; no failures.
    const mp = await get('/kpis_equipos', { id_obra: ids.obra, id_gf: 1 });
    expect((mp.body.items as Record<string, unknown>[]).find((x) => x.id_equipo === ids.m1)).toMatchObject({ ots: 1, fallas: 0, mtbf: null, mttr: null, costo_mantenimiento: 300, horas_trabajadas: 35 });
  });

  it('/kpis_generales: the site blocks over the period equal the two machines together', async () => {
    const r = await get('/kpis_generales', { id_obra: ids.obra });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const blocks = Object.fromEntries((r.body.items as { clave: string; valor: number; items: { clave: string; valor: number }[] }[]).map((b) => [b.clave, { valor: b.valor, ...Object.fromEntries(b.items.map((i) => [i.clave, i.valor])) }]));
    expect(blocks.ordenes).toMatchObject({ valor: 7, abiertas: 6, cerradas: 0, canceladas: 1, ots_mp: 1, ots_mc: 4, ots_mcd: 1 });
    expect(blocks.horas).toMatchObject({ valor: 52, horas_trabajadas: 52, horas_standby: 6.5, horas_reparacion: 13.5, horas_programadas: 72 });
    expect(blocks.confiabilidad).toMatchObject({ valor: 79.39, disponibilidad: 79.39, utilizacion: 88.89, mtbf: 10.4, mttr: 9.5, disponibilidad_mecanica: 52.26 });
    expect(blocks.costos).toMatchObject({ valor: 1400, costo_mp: 300, costo_mc: 900, costo_mcd: 200, costo_hora: 26.92, costo_mp_hora: 5.77, costo_mc_hora: 17.31, costo_mcd_hora: 3.85 });
    expect(blocks.preventivo).toMatchObject({ valor: 16.67, razon_preventivo_correctivo: 0.2, fallas: 5 });
  });

  it('/kpis_reporte: the five kinds for the fixture, the chart of sites, and the xlsx with the same rows', async () => {
    const q = { ids_equipos: `${ids.m1},${ids.m2}` };
    const kind = async (id_reporte: number) => {
      const r = await get('/kpis_reporte', { ...q, id_reporte });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body as unknown as { items: Record<string, unknown>[]; calculo: Record<string, unknown>[]; cantidades: Record<string, unknown>[] };
    };
    const bySite = await kind(1);
    const site = { cantidad: 6, cantidad_mp: 1, cantidad_mc: 4, cantidad_mcd: 1, costo_mp: 300, costo_mc: 900, costo_mcd: 200, costo_total: 1400, horas_trabajadas: 52, costo_mp_hora: 5.77, costo_mc_hora: 17.31, costo_mcd_hora: 3.85, costo_hora: 26.92 };
    expect(bySite.items).toEqual([expect.objectContaining({ id_obra: ids.obra, ...site })]);
    expect(bySite.calculo).toEqual([expect.objectContaining({ id_obra: ids.obra, costo_mp_hora: 5.77, costo_mc_hora: 17.31, costo_mcd_hora: 3.85 })]);
    expect(bySite.cantidades).toEqual([expect.objectContaining({ id_obra: ids.obra, ots_mp: 1, ots_mc: 4, ots_mcd: 1 })]);
    // Both machines are of the same family: kinds 2 and 3 are one row with the site's figures.
    expect((await kind(2)).items).toEqual([expect.objectContaining(site)]);
    expect((await kind(3)).items).toEqual([expect.objectContaining({ id_obra: ids.obra, ...site })]);
    const byMachine = (await kind(4)).items;
    expect(byMachine.map((x) => [x.nombre, x.costo_total, x.costo_hora])).toEqual([['T-KPI-001', 1300, 37.14], ['T-KPI-002', 100, 5.88]]);
    const byType = (await kind(5)).items;
    expect(byType.map((x) => [x.id_gf, x.cantidad, x.costo_total, x.costo_hora])).toEqual([[1, 1, 300, 5.77], [2, 4, 900, 17.31], [3, 1, 200, 3.85]]);

    const x = await t.raw('GET', `/kpis_reporte/export?${new URLSearchParams({ ...period, ...q, id_reporte: '4', kind: 'xlsx' })}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(x.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await x.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    const header = values.findIndex((v) => v.includes('Costo total'));
    expect(header).toBeGreaterThanOrEqual(0);
    const col = (name: string) => values[header].indexOf(name);
    const data = values.slice(header + 1);
    expect(data.map((v) => [v[col('Nombre')], v[col('Costo total')], v[col('Costo por hora')]])).toEqual([['T-KPI-001', 1300, 37.14], ['T-KPI-002', 100, 5.88]]);
  });

  it('the work-order list filters by machine, opening range and maintenance type: the orders a figure links to', async () => {
    const r = await t.call('GET', '/ordenes_trabajo', { token: admin, query: { id_equipo: ids.m1, id_tipo_mantenimiento: 2, ...period } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body.items as { id: number; tipo_mantenimiento: string }[]).map((x) => x.id).sort((a, b) => a - b)).toEqual([ot.ot2, ot.ot4, ot.ot5]);
    expect((r.body.items as { tipo_mantenimiento: string }[])[0].tipo_mantenimiento).toBe('MC');
  });

  it('changing an order’s type, a log and a cancel move the figures; rebuilt from the events the rows equal the live ones', async () => {
    // OT3 MCD → MP: its 200 of parts and its order move to MP; M1 keeps 2 failures (OT2, OT4).
    const form = await t.call('GET', '/ordenes_trabajo/form', { token: admin, query: { id: ot.ot3 } });
    const item = form.body.item as Record<string, unknown>;
    expect(item.id_tipo_mantenimiento).toBe(3);
    const save = await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: {
      ...Object.fromEntries(['id_obra', 'id_equipo', 'placa_equipo', 'serie_equipo', 'fecha_parada', 'fecha_puesta_marcha', 'fecha_apertura_ot', 'horometro_apertura_ot', 'id_operador', 'id_mecanico', 'id_supervisor'].map((k) => [k, item[k] ?? ''])),
      id: ot.ot3, version: item.version, fecha_cierre_ot: '', horometro_parada: '', horometro_puesta_marcha: '', horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '',
      firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 1, terminado: 0, id_tipo_mantenimiento: 1,
      diagnosticos: [], intervenciones: [], documentos: [], productos_solicitados: [],
    } });
    expect(save.status, JSON.stringify(save.body)).toBe(200);
    const [m2log] = await t.sql<{ id: number }[]>`SELECT id::int FROM rm_horometros WHERE id_equipo = ${ids.m2} AND fecha = '2023-07-01'`;
    await setRecordEnabled(t.store, 'horometro', m2log.id, false, { metadata: { userId: null, requestId: 'fixture' } });
    await catchUp();
    const r = await get('/kpis_equipos', { id_obra: ids.obra });
    const items = r.body.items as Record<string, unknown>[];
    expect(items.find((x) => x.id_equipo === ids.m1)).toMatchObject({ ots_mp: 2, ots_mcd: 0, fallas: 2, costo_mp: 500, costo_mcd: 0, mtbf: 17.5, mttr: 6 });
    expect(items.find((x) => x.id_equipo === ids.m2)).toMatchObject({ horas_trabajadas: 12, horas_reparacion: 0, disponibilidad: 100 });

    const tables = ['rm_kpi_ordenes', 'rm_kpi_horometros', 'rm_kpi_repuestos', 'rm_kpi_equipo_mes'];
    const read = async () => Promise.all(tables.map((x) => t.sql.unsafe(`SELECT * FROM ${x} ORDER BY 1, 2, 3`)));
    const live = await read();
    expect(live[3].length).toBeGreaterThan(6);
    await rebuildProjection(t.sql, t.store, kpisProjection, 'async');
    expect(await read()).toEqual(live);
  });

  it("a purchase request carries its work order's maintenance type; one without an order has none", async () => {
    const [withOt] = await t.sql<{ id: number; tipo: number }[]>`
      SELECT r.id::int, o.id_tipo_mantenimiento::int AS tipo FROM rm_solicitudes_compras r JOIN rm_ordenes_trabajo o ON o.id = r.id_orden_trabajo ORDER BY r.id LIMIT 1`;
    const form = await t.call('GET', '/solicitudes_compras/form', { token: admin, query: { id: withOt.id } });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(form.body.item).toMatchObject({ id_tipo_mantenimiento: withOt.tipo, tipo_mantenimiento: ['MP', 'MC', 'MCD'][withOt.tipo - 1] });
    const [without] = await t.sql<{ id: number }[]>`SELECT id::int FROM rm_solicitudes_compras WHERE id_orden_trabajo IS NULL ORDER BY id LIMIT 1`;
    if (without) {
      const f = await t.call('GET', '/solicitudes_compras/form', { token: admin, query: { id: without.id } });
      expect(f.body.item).toMatchObject({ id_tipo_mantenimiento: null, tipo_mantenimiento: null });
    }
  });

  it('with 12 sites the chart holds the first 10, three series each (seed 002 §9)', async () => {
    const [empresa] = await t.sql<{ id: number }[]>`SELECT id::int FROM rm_empresas ORDER BY id LIMIT 1`;
    const extra: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const obra = (await createRecord(t.store, 'obra', { id_empresa: empresa.id, codigo: `KPI-${i}`, nombre: `Obra KPI ${String(i).padStart(2, '0')}`, direccion: '', ciudad: 'Lima', gastos_generales: 0, estado: 1 })).id;
      const equipo = await createPlainMachine(t.store, t.sql, obra, `T-KPI-S${i}`);
      await createRecord(t.store, 'horometro', { id_equipo: equipo, id_obra: obra, fecha: '2023-09-01', id_tipo_turno: 1, h_inicio: 0, h_fin: 10, falla_operacional: 0, falla_neta: 0, falla_tajo: 0, obs_operacional: '', obs_neta: '', obs_tajo: '', estado: 1 });
      extra.push(obra);
    }
    await catchUp();
    const r = await t.call('GET', '/kpis_reporte', { token: admin, query: { date_from: '2023-09-01', date_to: '2023-09-30', ids_obras: extra.join(',') } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body.items as unknown[]).length).toBe(12);
    const calculo = r.body.calculo as Record<string, unknown>[];
    expect(calculo.map((c) => c.nombre_obra)).toEqual(Array.from({ length: 10 }, (_, i) => `Obra KPI ${String(i + 1).padStart(2, '0')}`));
    expect(Object.keys(calculo[0]).filter((k) => k.endsWith('_hora')).sort()).toEqual(['costo_mc_hora', 'costo_mcd_hora', 'costo_mp_hora']);
  });

  it('bad input is a 422 with a field error; the report needs its module right', async () => {
    const backwards = await t.call('GET', '/kpis_equipos', { token: admin, query: { date_from: '2023-08-01', date_to: '2023-06-01' } });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual({ date_to: 'La fecha final no puede ser anterior a la inicial' });
    expect((await t.call('GET', '/kpis_equipos', { token: admin, query: { id_gf: 4 } })).status).toBe(422);
    expect((await t.call('GET', '/kpis_reporte', { token: admin, query: { id_reporte: 6 } })).status).toBe(422);
    const mecanico = await t.login('mecanico@faena.pe');
    expect((await t.call('GET', '/kpis_reporte', { token: mecanico })).status).toBe(403);
    const jefe = await t.login('jefe@faena.pe');
    expect((await t.call('GET', '/kpis_generales', { token: jefe })).status).toBe(200);
  });
});
