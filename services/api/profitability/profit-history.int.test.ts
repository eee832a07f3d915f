import { beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '@shared/time';
import { execute } from '../../../events/execute';
import { createRecord, recordAggregate, updateRecord } from '../../../events/record/commands';
import type { Fields } from '../../../events/record/record';
import { kpisProjection } from '../../../projections/kpis';
import { profitHistoryProjection } from '../../../projections/profit-history';
import { rebuildProjection } from '../../../projections/rebuild';
import type { ProfitRow } from '../../../shared/profitability';
import { expectKeptProfitMonthsEqualFull } from '../../../tests/harness/profit-cache';
import { useTestApi } from '../../../tests/harness/api';
import { createTestEquipo } from '../../../tests/harness/equipment';
import { catchUpProjections } from '../../../tests/harness/catch-up';

// Issue 19: the profitability's fixed inputs have a valid-time history (projections/profit-history):
// a month reads the machine's tariff, insurance and amortization plan and the site's general
// expenses in force at its last day, and the first known values before the record existed.
// (1) Edited today through the screens' calls: the months already closed keep their figures, the
// current month takes the new ones. (2) Backdated versions (a bulk load's `occurredAt`): each month
// reads the version of its last day, to the minute in Lima. (3) Rebuild equals live.

const t = useTestApi();
let admin = '';
const meta = { metadata: { userId: null, requestId: 'fixture' } };

const catchUp = () => catchUpProjections(t.sql, t.store, [kpisProjection, profitHistoryProjection]);

async function log(id_equipo: number, id_obra: number, fecha: string, w: number) {
  await createRecord(t.store, 'horometro', {
    id_equipo, id_obra, fecha, id_tipo_turno: 1, h_inicio: 1000, h_fin: 1000 + w, falla_operacional: 0, falla_neta: 0, falla_tajo: 0,
    obs_operacional: '', obs_neta: '', obs_tajo: '', estado: 1,
  }, meta);
}

/** Chart 1's row of one machine for one month ('YYYY-MM'). */
async function month(id_obra: number, id_equipo: number, mes: string): Promise<ProfitRow> {
  const r = await t.call('POST', '/reportes_rentabilidad/amortizacion', { token: admin, json: {
    date_from: '2020-01-01', date_to: '2030-12-31', id_obra: [id_obra], id_equipos: [id_equipo], id_meses: [mes], id_selected: 1,
  } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const items = r.body.items as ProfitRow[];
  expect(items, mes).toHaveLength(1);
  return items[0];
}

/** 'YYYY-MM' of the month `back` months before today's (Lima). */
function monthsAgo(back: number): string {
  const [y, m] = businessToday(new Date()).split('-').map(Number);
  const n = y * 12 + (m - 1) - back;
  return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
}

/** A record command recorded at `occurredAt` (a bulk load replaying a story). */
async function at(occurredAt: string, entity: string, id: number | null, fields: Fields): Promise<number> {
  const r = await execute(t.store, async (c) => {
    if (id == null) {
      const nid = await c.nextId(entity);
      c.start(recordAggregate(entity), nid).decide({ type: 'CreateRecord', id: nid, fields }, { occurredAt: new Date(occurredAt) });
      return nid;
    }
    (await c.load(recordAggregate(entity), id)).decide({ type: 'UpdateRecord', id, fields }, { occurredAt: new Date(occurredAt) });
    return id;
  }, meta);
  return r.value;
}

let empresa = 0;
beforeAll(async () => {
  admin = await t.login('admin@faena.pe');
  [{ id: empresa }] = await t.sql<{ id: number }[]>`SELECT id_empresa::int AS id FROM rm_obras ORDER BY id LIMIT 1`;
}, 60_000);

describe('Profitability: the fixed inputs keep their history (issue 19)', () => {
  const today = { obra: 0, equipo: 0 };
  const [m2, m1, m0] = [monthsAgo(2), monthsAgo(1), monthsAgo(0)];

  it('a tariff, an insurance, a plan and a site’s expenses edited today: closed months keep their figures, the current month takes the new', async () => {
    today.obra = (await createRecord(t.store, 'obra', { id_empresa: empresa, codigo: 'OB-HIST-01', nombre: 'Obra historia hoy', direccion: '', ciudad: 'Lima', gastos_generales: 3000, monto_total: 0 }, meta)).id;
    // S/ 12,000 over 12 months from two months ago: S/ 1,000 a month; no insurance yet.
    today.equipo = (await createTestEquipo(t.store, {
      id_obra: today.obra, codigo: 'PH-HOY-01', tipo_tarifa: 'HORA', tarifa: 200, horas: 0, costo_anual_seguro: 0, fecha_llegada: `${monthsAgo(24)}-01`,
      costo_adquisicion: 12000, amortizacion: 12, amortizacion_inicio: `${m2}-01`,
    })).id;
    for (const m of [m2, m1, m0]) await log(today.equipo, today.obra, `${m}-01`, 10);
    await catchUp();
    const before = { id_gf_1: 0, seguro: 0, amortizacion: 1000, gastos_generales: 3000, monto_facturado: 2000, horas_calculadas: 10 };
    for (const m of [m2, m1, m0]) expect(await month(today.obra, today.equipo, m), m).toMatchObject(before);

    // The machine form: S/ 300 an hour and S/ 3,650 a year of insurance; the plan disabled.
    const form = await t.call('POST', '/equipos/form', { token: admin, json: { id: today.equipo } });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    const fields = Object.fromEntries(Object.entries(form.body.item as Record<string, unknown>).filter(([, x]) => x !== null && typeof x !== 'object'));
    const saved = await t.call('POST', '/equipos/create', { token: admin, json: { ...fields, id: today.equipo, tarifa: 300, costo_anual_seguro: 3650 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const off = await t.call('POST', '/equipo_amortizacion/disable', { token: admin, json: { id: today.equipo } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    // The site's general expenses, through their screen: the new total follows the lines.
    const g = await t.call('POST', '/obras/gastosGenerales', { token: admin, json: { id: today.obra } });
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    const line = (['concepto', 'gestion', 'almacen', 'tecnico'].flatMap((k) => (g.body[k] as { id: number; regla: string }[]) ?? [])).find((l) => l.regla === 'normal');
    const s = await t.call('POST', '/obras_gastos_generales/create', { token: admin, json: { id: today.obra, version: g.body.version, obra_conceptos: [{ id: line!.id, cantidad: 1, monto: 4500 }] } });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    const [{ total }] = await t.sql<{ total: number }[]>`SELECT gastos_generales::float8 AS total FROM rm_obras WHERE id = ${today.obra}`;
    expect(total).not.toBe(3000);
    await catchUp();

    for (const m of [m2, m1]) expect(await month(today.obra, today.equipo, m), m).toMatchObject(before);
    const [{ seguro }] = await t.sql<{ seguro: number }[]>`SELECT equipo_seguro_mes(3650, ${`${monthsAgo(24)}-01`}::date, (${`${m0}-01`}::date + interval '1 month' - interval '1 day')::date)::float8 AS seguro`;
    expect(seguro).toBeGreaterThan(0);
    expect(await month(today.obra, today.equipo, m0)).toMatchObject({ seguro, amortizacion: 0, gastos_generales: total, monto_facturado: 3000, horas_calculadas: 10 });
  });

  it('backdated versions: each month reads the one in force at its last day (Lima), and the first known before the record existed', async () => {
    const obra = await at('2023-01-10T15:00:00Z', 'obra', null, { id_empresa: empresa, codigo: 'OB-HIST-02', nombre: 'Obra historia', direccion: '', ciudad: 'Lima', gastos_generales: 1000, monto_total: 0, estado: 1 });
    await at('2023-02-10T15:00:00Z', 'obra', obra, { gastos_generales: 2000 });
    const base = { codigo_sub_obra: 'SO-1', cc: '', id_equipo_grupo: 1, id_equipo_subgrupo: 1, id_equipo_producto: 1, id_marca: 1, id_modelo: 1, id_marca_motor: 1, id_modelo_motor: 1, anio: 2020, horometro: 0, estado: 1 };
    const equipo = await at('2023-01-15T15:00:00Z', 'equipo', null, { ...base, id_obra: obra, codigo: 'PH-ATRAS-01', serie: 'S-PH-ATRAS-01', tipo_tarifa: 'HORA', tarifa: 200, horas: 0 });
    await at('2023-02-20T15:00:00Z', 'equipo', equipo, { tarifa: 250 });
    // 23:00 on 31 March in Lima (04:00 UTC on 1 April): still March's last day.
    await at('2023-04-01T04:00:00Z', 'equipo', equipo, { tarifa: 300 });
    // 00:30 on 1 April in Lima: April's; then a monthly tariff from May on.
    await at('2023-04-01T05:30:00Z', 'equipo', equipo, { tarifa: 350 });
    await at('2023-05-02T15:00:00Z', 'equipo', equipo, { tipo_tarifa: 'MES', tarifa: 9000 });
    for (const m of ['2022-12', '2023-01', '2023-02', '2023-03', '2023-04', '2023-05']) await log(equipo, obra, `${m}-05`, 10);
    await catchUp();

    const expected: [string, number, number][] = [
      ['2022-12', 2000, 1000], // before the records existed: their first known values
      ['2023-01', 2000, 1000],
      ['2023-02', 2500, 2000],
      ['2023-03', 3000, 2000],
      ['2023-04', 3500, 2000],
      ['2023-05', 9000, 2000],
    ];
    for (const [m, monto_facturado, gastos_generales] of expected) {
      expect(await month(obra, equipo, m), m).toMatchObject({ monto_facturado, gastos_generales, horas_calculadas: 10 });
    }
    const history = await t.sql`SELECT version::int, desde::text, tarifa::float8 FROM rm_rent_equipo_historia WHERE id_equipo = ${equipo} ORDER BY version`;
    expect(history.map((h) => h.tarifa)).toEqual([200, 250, 300, 350, 9000]);
    expect(history[0].desde).toBe('-infinity');

    // A change of anything else (the code) writes no version.
    await updateRecord(t.store, 'equipo', equipo, { codigo: 'PH-ATRAS-02' }, meta);
    await catchUp();
    const [{ n }] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_rent_equipo_historia WHERE id_equipo = ${equipo}`;
    expect(n).toBe(5);
  });

  it('the kept month rows (rent_equipo_mes), recomputed only where these edits marked them, equal a full recomputation', async () => {
    await expectKeptProfitMonthsEqualFull(t.sql);
  });

  it('rebuild equals live', async () => {
    const tables = ['rm_rent_equipo_historia', 'rm_rent_obra_historia'];
    const read = async () => Promise.all(tables.map((x) => t.sql.unsafe(`SELECT * FROM ${x} ORDER BY 1, 2`)));
    const live = await read();
    expect(live[0].length).toBeGreaterThan(5);
    const reply = await month(today.obra, today.equipo, m0);
    await rebuildProjection(t.sql, t.store, profitHistoryProjection, 'async');
    expect(await read()).toEqual(live);
    expect(await month(today.obra, today.equipo, m0)).toEqual(reply);
  });
});

