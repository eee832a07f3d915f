import { beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '@shared/time';
import { createRecord, setRecordEnabled, updateRecord } from '../../../events/record/commands';
import { kpisProjection } from '../../../projections/kpis';
import { profitHistoryProjection } from '../../../projections/profit-history';
import { prng } from '../../demo/prng';
import { useTestApi } from '../../../tests/harness/api';
import { createTestEquipo } from '../../../tests/harness/equipment';
import { expectKeptProfitMonthsEqualFull } from '../../../tests/harness/profit-cache';
import { catchUpProjections } from '../../../tests/harness/catch-up';

// The profitability reads rent_equipo_mes (migration 0087): each machine × site × month's figures,
// recomputed only where the tables they come from marked a change. This walks a random history of
// the changes those figures follow (logs at one site or two in a month, annulled logs, tariffs,
// insurance, amortization plans, sites' general expenses), catching the projections up as the
// projector does (never by a rebuild, which marks everything), reads the report through the API,
// and after every step compares the kept rows with computing every row again.

const t = useTestApi();
const meta = { metadata: { userId: null, requestId: 'profit-cache' } };
let admin = '';
const obras: number[] = [];
const machines: number[] = [];
const logs: number[] = [];

const catchUp = () => catchUpProjections(t.sql, t.store, [kpisProjection, profitHistoryProjection]);

/** 'YYYY-MM-DD': day `day` of the month `back` months before today's (Lima). */
function dayOf(back: number, day: number): string {
  const [y, m] = businessToday(new Date()).split('-').map(Number);
  const n = y * 12 + (m - 1) - back;
  return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

beforeAll(async () => {
  admin = await t.login('admin@faena.pe');
  const [{ empresa }] = await t.sql<{ empresa: number }[]>`SELECT id_empresa::int AS empresa FROM rm_obras ORDER BY id LIMIT 1`;
  for (const i of [1, 2]) {
    obras.push((await createRecord(t.store, 'obra', { id_empresa: empresa, codigo: `OB-RC-0${i}`, nombre: `Obra caché ${i}`, direccion: '', ciudad: 'Lima', gastos_generales: 1000 * i, monto_total: 0, estado: 1 }, meta)).id);
  }
  for (let i = 0; i < 4; i++) {
    machines.push((await createTestEquipo(t.store, {
      id_obra: obras[i % 2], codigo: `RC-0${i}`, tipo_tarifa: i % 2 ? 'MES' : 'HORA', tarifa: i % 2 ? 9000 : 150, horas: 200, costo_anual_seguro: 1200 * (i + 1),
      fecha_llegada: dayOf(14, 5), costo_adquisicion: 24000, amortizacion: 24, amortizacion_inicio: dayOf(6, 1),
    })).id);
  }
}, 120_000);

describe('the profitability\'s kept month rows (rent_equipo_mes)', () => {
  it('a random history of logs, tariffs, insurance, plans and site expenses: equal to a full recomputation after every step', async () => {
    const r = prng(19);
    const kinds = ['log', 'log', 'log', 'second_site', 'annul', 'tariff', 'insurance', 'plan', 'expenses'] as const;
    const seen = new Set<string>();
    for (let step = 0; step < 45; step++) {
      const kind = r.pick(kinds);
      const e = r.pick(machines);
      seen.add(kind);
      if (kind === 'log' || kind === 'second_site') {
        const [{ home }] = await t.sql<{ home: number }[]>`SELECT id_obra::int AS home FROM rm_equipos WHERE id = ${e}`;
        const obra = kind === 'log' ? home : obras.find((o) => o !== home)!;
        const { id } = await createRecord(t.store, 'horometro', {
          id_equipo: e, id_obra: obra, fecha: dayOf(r.int(0, 3), r.int(1, 28)), id_tipo_turno: r.int(1, 3), h_inicio: 1000, h_fin: 1000 + r.int(1, 12),
          falla_operacional: 0, falla_neta: 0, falla_tajo: 0, obs_operacional: '', obs_neta: '', obs_tajo: '', estado: 1,
        }, meta);
        logs.push(id);
      } else if (kind === 'annul' && logs.length) {
        await setRecordEnabled(t.store, 'horometro', logs.splice(r.int(0, logs.length - 1), 1)[0], false, meta);
      } else if (kind === 'tariff') {
        const mes = r.next() < 0.5;
        await updateRecord(t.store, 'equipo', e, { tipo_tarifa: mes ? 'MES' : 'HORA', tarifa: mes ? r.int(5000, 12000) : r.int(80, 300) }, meta);
      } else if (kind === 'insurance') {
        await updateRecord(t.store, 'equipo', e, { costo_anual_seguro: r.int(0, 6000) }, meta);
      } else if (kind === 'plan') {
        await updateRecord(t.store, 'equipo', e, { costo_adquisicion: r.int(10, 60) * 1000, amortizacion: r.pick([12, 24, 36]) }, meta);
      } else if (kind === 'expenses') {
        await updateRecord(t.store, 'obra', r.pick(obras), { gastos_generales: r.int(0, 9000) }, meta);
      }
      await catchUp();
      if (step % 3 === 0) {
        const res = await t.call('GET', '/reportes_rentabilidad', { token: admin, query: { date_from: dayOf(4, 1), date_to: dayOf(0, 28), id_obra: obras.join(',') } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      await expectKeptProfitMonthsEqualFull(t.sql);
    }
    expect([...seen].sort()).toEqual([...new Set(kinds)].sort());
  });

  it('the report sums the kept rows: each machine × site equals the sum of its months', async () => {
    const res = await t.call('GET', '/reportes_rentabilidad', { token: admin, query: { date_from: dayOf(4, 1), date_to: dayOf(0, 28), id_obra: obras.join(',') } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const datas = res.body.datas as { id_equipo: number; id_obra: number; seguro: number; monto_facturado: number; gastos_generales: number; meses: string[] }[];
    expect(datas.length).toBeGreaterThan(0);
    for (const d of datas) {
      const [s] = await t.sql<{ seguro: number; monto: number; gastos: number; meses: string[] }[]>`
        SELECT sum(seguro)::float8 AS seguro, sum(monto_facturado)::float8 AS monto, sum(gastos_generales)::float8 AS gastos,
               array_agg(to_char(mes, 'YYYY-MM') ORDER BY mes) AS meses
          FROM rent_equipo_mes WHERE id_equipo = ${d.id_equipo} AND id_obra = ${d.id_obra} AND mes BETWEEN ${dayOf(4, 1)}::date AND ${dayOf(0, 28)}::date`;
      expect({ seguro: d.seguro, monto: d.monto_facturado, gastos: d.gastos_generales, meses: d.meses }).toEqual(s);
    }
  });
});
