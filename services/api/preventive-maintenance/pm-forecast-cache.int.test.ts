import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@shared/pm-forecast';
import { businessToday } from '@shared/time';
import { createRecord, setRecordEnabled, updateRecord } from '../../../events/record/commands';
import { equipmentMeterProjection } from '../../../projections/equipment-meter';
import { pmPlansProjection } from '../../../projections/pm-plans';
import { rebuildProjection } from '../../../projections/rebuild';
import { prng } from '../../demo/prng';
import { useTestApi } from '../../../tests/harness/api';
import { createTestEquipo } from '../../../tests/harness/equipment';
import { pmBoardFrom, refreshPmForecasts } from '../../app/preventive-maintenance/pm-board-sql';
import type { PmBoardRow } from '@shared/contracts/preventive-maintenance';
import { catchUpProjections } from '../../../tests/harness/catch-up';

// The PM board reads pm_pronosticos (migration 0086), kept by marks the forecast's tables leave in
// the same transaction as their changes. Whatever happens, through whichever path, the board must
// show what computing every forecast live would: this walks a random history of logs, annulled
// logs, plans, subgroup intervals, renamed machine kinds and days passing, and compares the two after every step.

const t = useTestApi();
const metadata = { userId: null, requestId: 'pm-cache' };
const START = new Date('2026-06-15T15:00:00Z');
let admin = '';
let subgrupo = 0;
const machines: { id: number; meter: number; day: string; logs: number[] }[] = [];

const catchUp = () => catchUpProjections(t.sql, t.store, [pmPlansProjection]);

const COLUMNS = ['id', 'id_equipo', 'id_plan', 'id_obra', 'codigo', 'obra', 'descripcion', 'plan', 'unidad', 'intervalo', 'ultimo_valor', 'ultima_fecha',
  'id_orden_trabajo', 'ot_codigo', 'heredado', 'actual', 'vence_en', 'restante', 'uso_diario', 'dias', 'fecha', 'estado'] as const;

/** The board's rows of the test's machines as the screen gets them, and as the live computation gives them. */
async function compare(step: string) {
  const ids = machines.map((m) => m.id);
  const served: Record<string, unknown>[] = [];
  for (const id_equipo of ids) {
    const r = await t.call('GET', '/mantenimiento_preventivo', { token: admin, query: { id_equipo, limit: 100, order_col: 'plan', order_dir: 'asc' } });
    expect(r.status, r.body.msg).toBe(200);
    for (const row of r.body.items as PmBoardRow[]) served.push(Object.fromEntries(COLUMNS.map((c) => [c, (row as Record<string, unknown>)[c === 'estado' ? 'vencimiento' : c] ?? null])));
  }
  const today = businessToday(t.clock.now ?? new Date());
  const live = await t.sql.unsafe(
    `SELECT ${COLUMNS.map((c) => `b.${c}`).join(', ')} FROM ${pmBoardFrom(today)} WHERE b.id_equipo = ANY($1::bigint[]) ORDER BY b.id_equipo, b.plan`,
    [ids],
  );
  const norm = (rows: Record<string, unknown>[]) =>
    rows
      .map((r) => Object.fromEntries(COLUMNS.map((c) => [c, r[c] === null || r[c] === undefined ? null : typeof r[c] === 'boolean' ? r[c] : String(Number.isNaN(Number(r[c])) ? r[c] : Number(r[c]))])))
      .sort((a, b) => String(a.id).localeCompare(String(b.id)));
  expect(norm(served), step).toEqual(norm(live as unknown as Record<string, unknown>[]));
  expect(served.length, step).toBeGreaterThan(0);
}

beforeAll(async () => {
  t.clock.now = START;
  admin = await t.login('admin@faena.pe');
  const [hrs] = await t.sql<{ id: number }[]>`SELECT id FROM rm_unidades WHERE nombre = 'HRS'`;
  const [grupo] = await t.sql<{ id: number }[]>`SELECT id FROM rm_equipo_grupos ORDER BY id LIMIT 1`;
  subgrupo = (await createRecord(t.store, 'equipo_subgrupo', { id_equipo_grupo: grupo.id, nombre: 'Subgrupo caché PM', id_mantenimiento_unidad: hrs.id, mantenimiento_valor: 250, estado: 1 }, { metadata })).id;
  for (let i = 0; i < 4; i++) {
    const eq = await createTestEquipo(t.store, { id_equipo_subgrupo: subgrupo, horometro: 1000 + 100 * i });
    machines.push({ id: eq.id, meter: 1000 + 100 * i, day: addDays(businessToday(START), -40), logs: [] });
  }
}, 120_000);

describe('the PM board\'s kept forecasts (pm_pronosticos) always equal the live computation', () => {
  it('a random history of logs, annulments, plans, subgroup intervals and days: equal after every step', async () => {
    const r = prng(20);
    await catchUp();
    await compare('start');
    const kinds = ['log', 'log', 'log', 'annul', 'plan', 'own', 'subgroup', 'day', 'rename'] as const;
    const seen = new Set<string>();
    for (let step = 0; step < 60; step++) {
      const m = r.pick(machines);
      const kind = r.pick(kinds);
      seen.add(kind);
      const today = businessToday(t.clock.now!);
      if (kind === 'log' && m.day < addDays(today, -1)) {
        m.day = addDays(m.day, r.int(1, 3));
        if (m.day >= today) m.day = addDays(today, -1);
        const h = r.int(1, 12);
        const { id } = await createRecord(t.store, 'horometro', {
          id_equipo: m.id, id_obra: (await t.sql<{ o: number }[]>`SELECT id_obra AS o FROM rm_equipos WHERE id = ${m.id}`)[0].o, fecha: m.day, id_tipo_turno: 1,
          h_inicio: m.meter, h_fin: m.meter + h, falla_operacional: 0, falla_neta: 0, falla_tajo: 0, obs_operacional: '', obs_neta: '', obs_tajo: '', estado: 1,
        }, { metadata });
        m.meter += h;
        m.logs.push(id);
      } else if (kind === 'annul' && m.logs.length) {
        await setRecordEnabled(t.store, 'horometro', m.logs.splice(r.int(0, m.logs.length - 1), 1)[0], false, { metadata });
      } else if (kind === 'plan') {
        const res = await t.call('POST', '/mantenimiento_preventivo/planes/create', { token: admin, json: { id_equipo: m.id, id_plan: 0, ultimo_valor: Math.round(m.meter - r.int(0, 300)) } });
        expect(res.status, res.body.msg).toBe(200);
      } else if (kind === 'own') {
        const unidad = r.pick(['horas', 'dias'] as const);
        const res = await t.call('POST', '/mantenimiento_preventivo/planes/create', {
          token: admin, json: { id_equipo: m.id, nombre: `Plan ${step}`, unidad, intervalo: unidad === 'dias' ? r.int(10, 90) : r.int(100, 2000), ultima_fecha: addDays(today, -r.int(0, 60)) },
        });
        expect(res.status, res.body.msg).toBe(200);
      } else if (kind === 'subgroup') {
        await updateRecord(t.store, 'equipo_subgrupo', subgrupo, { mantenimiento_valor: r.pick([125, 250, 500]) }, { metadata });
      } else if (kind === 'rename') {
        const [e] = await t.sql<{ p: number }[]>`SELECT id_equipo_producto AS p FROM rm_equipos WHERE id = ${m.id}`;
        await updateRecord(t.store, 'equipo_producto', e.p, { nombre: `Producto ${step}` }, { metadata });
      } else if (kind === 'day') {
        t.clock.now = new Date(t.clock.now!.getTime() + 86_400_000 * r.int(1, 3));
        admin = await t.login('admin@faena.pe');
      }
      await catchUp();
      await compare(`step ${step}: ${kind} on ${m.id}`);
    }
    expect([...seen].sort()).toEqual([...new Set(kinds)].sort());
  });

  it('nothing changed → a read costs one small query and recomputes nothing; a new day recomputes every row', async () => {
    await t.call('GET', '/mantenimiento_preventivo', { token: admin, query: { limit: 1 } });
    expect(await refreshPmForecasts(t.sql, t.clock.now!)).toEqual({ refreshed: 'nada' });
    const tomorrow = new Date(t.clock.now!.getTime() + 86_400_000);
    expect(await refreshPmForecasts(t.sql, tomorrow)).toEqual({ refreshed: 'todo' });
    t.clock.now = tomorrow;
    admin = await t.login('admin@faena.pe');
    await compare('tomorrow');
  });

  it('a projection rebuild marks the machines it rewrote, and the board still equals the live computation', async () => {
    await rebuildProjection(t.sql, t.store, equipmentMeterProjection, 'inline');
    const [{ missing }] = await t.sql<{ missing: number }[]>`
      SELECT count(*)::int AS missing FROM rm_equipo_medidores m
       WHERE NOT EXISTS (SELECT 1 FROM pm_pronosticos_pendientes p WHERE p.id_equipo IN (0, m.id_equipo))`;
    expect(missing).toBe(0);
    await compare('after the meter projection\'s rebuild');
    expect(await refreshPmForecasts(t.sql, t.clock.now!)).toEqual({ refreshed: 'nada' });
  });
});
