import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, forecastPm, PM_UNIDADES } from '@shared/pm-forecast';
import { businessToday } from '@shared/time';
import { createRecord } from '../../../events/record/commands';
import { pmPlansProjection } from '../../../projections/pm-plans';
import { rebuildProjection } from '../../../projections/rebuild';
import { useTestApi } from '../../../tests/harness/api';
import type { PmBoardRow, PmPlansReply } from '@shared/contracts/preventive-maintenance';
import { catchUpProjections } from '../../../tests/harness/catch-up';

const t = useTestApi();
const metadata = { userId: null, requestId: 'fixture' };
let admin = '';
let supervisor = '';
const ids = { obra: 0, subgrupo: 0, equipo: 0, idle: 0, horas: 0 };
const today = businessToday(new Date());

const catchUp = () => catchUpProjections(t.sql, t.store, [pmPlansProjection]);

async function board(query: Record<string, unknown>, token = admin) {
  const r = await t.call('GET', '/mantenimiento_preventivo', { token, query: { limit: 100, ...query } });
  expect(r.status, r.body.msg).toBe(200);
  return r.body as unknown as { items: PmBoardRow[]; total: number };
}

async function savePlan(json: Record<string, unknown>, token = admin) {
  return t.call('POST', '/mantenimiento_preventivo/planes/create', { token, json });
}

/** A machine of the test subgroup with one 10-hour log on each of the last `days` days, ending at `meter` yesterday. */
async function machine(codigo: string, meter: number, days: number): Promise<number> {
  const [kind] = await t.sql<{ p: number; g: number }[]>`SELECT id AS p, id_equipo_grupo AS g FROM rm_equipo_productos ORDER BY id LIMIT 1`;
  const [brand] = await t.sql<{ m: number; mo: number }[]>`SELECT id_marca AS m, id AS mo FROM rm_modelos ORDER BY id LIMIT 1`;
  const { id } = await createRecord(t.store, 'equipo', {
    id_obra: ids.obra, codigo, codigo_sub_obra: 'SO-1', id_equipo_grupo: kind.g, id_equipo_subgrupo: ids.subgrupo, id_equipo_producto: kind.p,
    id_marca: brand.m, id_modelo: brand.mo, id_marca_motor: brand.m, id_modelo_motor: brand.mo, serie: `S-${codigo}`, anio: 2020,
    horometro: meter - 10 * days, tipo_tarifa: 'HORA', estado: 1,
  }, { metadata });
  for (let i = days; i >= 1; i--) {
    const end = meter - 10 * (i - 1);
    await createRecord(t.store, 'horometro', {
      id_equipo: id, id_obra: ids.obra, fecha: addDays(today, -i), id_tipo_turno: 1, h_inicio: end - 10, h_fin: end,
      falla_operacional: 0, falla_neta: 0, falla_tajo: 0, obs_operacional: '', obs_neta: '', obs_tajo: '', estado: 1,
    }, { metadata });
  }
  return id;
}

beforeAll(async () => {
  admin = await t.login('admin@faena.pe');
  supervisor = await t.login('supervisor@faena.pe');
  [{ id: ids.obra }] = await t.sql<{ id: number }[]>`SELECT id FROM rm_obras ORDER BY id LIMIT 1`;
  const [hrs] = await t.sql<{ id: number }[]>`SELECT id FROM rm_unidades WHERE nombre = 'HRS'`;
  const [grupo] = await t.sql<{ id: number }[]>`SELECT id FROM rm_equipo_grupos ORDER BY id LIMIT 1`;
  ids.subgrupo = (await createRecord(t.store, 'equipo_subgrupo', { id_equipo_grupo: grupo.id, nombre: 'Subgrupo PM', id_mantenimiento_unidad: hrs.id, mantenimiento_valor: 250, estado: 1 }, { metadata })).id;
  ids.equipo = await machine('PM-001', 1180, 30);
  ids.idle = await machine('PM-IDLE', 1180, 0);
}, 120_000);

describe('the preventive-maintenance board (issue 20)', () => {
  it('a machine inherits its subgroup\'s 250 h plan: 10 h/day, last service 1,000 h, meter 1,180 → due in 7 days', async () => {
    expect((await savePlan({ id_equipo: ids.equipo, id_plan: 0, ultimo_valor: 1000 })).status).toBe(200);
    await catchUp();
    const { items } = await board({ id_equipo: ids.equipo });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      codigo: 'PM-001', plan: 'Preventivo del subgrupo', heredado: true, unidad: 'horas', intervalo: 250, ultimo_valor: 1000, actual: 1180,
      vence_en: 1250, restante: 70, uso_diario: 10, dias: 7, fecha: addDays(today, 7), vencimiento: 'proximo_7', vencimiento_texto: 'Vence en 7 días',
    });
  });

  it('no logs in 30 days → "Sin uso reciente", no date', async () => {
    const { items } = await board({ id_equipo: ids.idle });
    expect(items[0]).toMatchObject({ vencimiento: 'sin_uso', vencimiento_texto: 'Sin uso reciente', dias: null, fecha: null, uso_diario: null, restante: 70 });
  });

  it('own plans beside the inherited one (2,000 h overhaul), an override of the interval, validation in Spanish', async () => {
    const bad = await savePlan({ id_equipo: ids.equipo, nombre: '', unidad: 'horas', intervalo: 0 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ nombre: 'Este campo es obligatorio' });
    const overhaul = await savePlan({ id_equipo: ids.equipo, nombre: 'Overhaul 2,000 h', unidad: 'horas', intervalo: 2000, intervenciones: ['Overhaul de motor'], ultimo_valor: 0 });
    expect(overhaul.status, overhaul.body.msg).toBe(200);
    const plans = overhaul.body as unknown as PmPlansReply;
    expect(plans.items.map((p) => [p.id_plan, p.nombre, p.heredado])).toEqual([[0, '', true], [1, 'Overhaul 2,000 h', false]]);
    expect(plans.subgrupo).toEqual({ nombre: 'Subgrupo PM', unidad: 'horas', intervalo: 250 });
    // The machine's own interval for plan 0 overrides the subgroup's: 1,000 + 200 − 1,180 = 20 h → 2 days.
    expect((await savePlan({ id_equipo: ids.equipo, id_plan: 0, unidad: 'horas', intervalo: 200 })).status).toBe(200);
    await catchUp();
    const rows = (await board({ id_equipo: ids.equipo, order_col: 'dias', order_dir: 'asc' })).items;
    expect(rows.map((r) => [r.plan, r.dias, r.vencimiento, r.heredado])).toEqual([['Preventivo del subgrupo', 2, 'proximo_7', false], ['Overhaul 2,000 h', 82, 'al_dia', false]]);
    // Removing the override inherits again; the last service stays.
    expect((await t.call('POST', '/mantenimiento_preventivo/planes/remove', { token: admin, json: { id_equipo: ids.equipo, id_plan: 0 } })).status).toBe(200);
    await catchUp();
    expect((await board({ id_equipo: ids.equipo, vencimiento: 'proximo_7' })).items.map((r) => [r.dias, r.ultimo_valor, r.heredado])).toEqual([[7, 1000, true]]);
  });

  it('filters by band and site, exports xlsx, and the summary counts the bands', async () => {
    const overdue = await board({ vencimiento: 'vencido' });
    expect(overdue.items.every((r) => r.vencimiento === 'vencido')).toBe(true);
    const resumen = await t.call('GET', '/mantenimiento_preventivo/resumen', { token: admin, query: { id_obra: ids.obra } });
    expect(resumen.status).toBe(200);
    const counts = resumen.body.counts as Record<string, number>;
    expect(counts.proximo_7).toBeGreaterThanOrEqual(1);
    expect(counts.sin_uso).toBeGreaterThanOrEqual(1);
    const res = await t.raw('GET', `/mantenimiento_preventivo/export?${new URLSearchParams({ kind: 'xlsx', query: 'PM-001' })}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const sheet = wb.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).filter(Boolean).join('|');
    expect(header).toContain('Fecha prevista');
  });

  it('a site\'s automatic opening: off by default; on, it needs the people and the element', async () => {
    const get = await t.call('GET', '/mantenimiento_preventivo/configuracion', { token: admin, query: { id_obra: ids.obra } });
    expect(get.body).toMatchObject({ ok: true, id_obra: ids.obra, auto_abrir: false, dias_anticipacion: 7, version: 0 });
    const bad = await t.call('POST', '/mantenimiento_preventivo/configuracion/create', { token: admin, json: { id_obra: ids.obra, auto_abrir: true, dias_anticipacion: 90 } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ dias_anticipacion: 'Elija de 0 a 60 días', id_supervisor: 'Este campo es obligatorio' });
    const ok = await t.call('POST', '/mantenimiento_preventivo/configuracion/create', { token: admin, json: { id_obra: ids.obra, auto_abrir: false, dias_anticipacion: 5, version: 0 } });
    expect(ok.body).toMatchObject({ ok: true, dias_anticipacion: 5, version: 1 });
  });

  it('writes need the edit right; a machine of another site is not found', async () => {
    expect((await savePlan({ id_equipo: ids.equipo, nombre: 'X', unidad: 'horas', intervalo: 100 }, supervisor)).status).toBe(403);
    expect((await t.call('GET', '/mantenimiento_preventivo/planes', { token: admin, query: { id_equipo: 99_999_999 } })).status).toBe(404);
  });

  it('the board\'s SQL forecast equals shared/pm-forecast.ts on random cases', async () => {
    const now = new Date();
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 300; i++) {
      const unidad = PM_UNIDADES[Math.floor(rnd() * 3)];
      const intervalo = [250, 500, 2000, 10_000, 30, 90, 365][Math.floor(rnd() * 7)];
      const ultimoValor = rnd() < 0.3 ? null : Math.round(rnd() * 5000);
      const ultimaFecha = addDays(today, -Math.floor(rnd() * 400));
      const actual = (ultimoValor ?? 0) + Math.round(rnd() * intervalo * 1.5 * 10) / 10;
      const usoVentana = rnd() < 0.2 ? 0 : Math.round(rnd() * 400 * 10) / 10;
      const ts = forecastPm({ unidad, intervalo, ultimoValor, ultimaFecha, actual, usoVentana }, now);
      const [sq] = await t.sql`SELECT vence_en::float8 AS vence_en, restante::float8 AS restante, dias, to_char(fecha, 'YYYY-MM-DD') AS fecha, estado
        FROM pm_pronostico(${unidad}, ${intervalo}, ${ultimoValor}, ${ultimaFecha}::date, ${actual}, ${usoVentana}, ${today}::date)`;
      expect({ case: i, ...sq }).toEqual({ case: i, vence_en: ts.venceEn, restante: ts.restante, dias: ts.dias, fecha: ts.fecha, estado: ts.estado });
    }
  });

  it('rebuild equals live', async () => {
    await catchUp();
    const snapshot = () => t.sql`SELECT * FROM rm_pm_planes ORDER BY id_equipo, id_plan`;
    const live = await snapshot();
    expect(live.length).toBeGreaterThan(1);
    await rebuildProjection(t.sql, t.store, pmPlansProjection, 'async');
    expect(await snapshot()).toEqual(live);
  });
});
