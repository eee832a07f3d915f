import { beforeAll, describe, expect, it } from 'vitest';
import { createRecord } from '../../../events/record/commands';
import { useTestApi } from '../../../tests/harness/api';
import { prng } from '../../demo/prng';
import { writeRecordBatches, type PlannedRecord } from '../../demo/hour-meters/write-record-batches';
import { hashPassword } from '../auth/internal/password';
import { createTestEquipo } from '../../../tests/harness/equipment';
import { timeModel } from '@shared/hour-meter-time-model';

const api = useTestApi();
let admin = '';
type Row = {
  id: number; codigo: string; obra: string; fecha: string; turno: string; id_tipo_turno: number; h_inicio: number; h_fin: number;
  horas_trabajadas: number; fallas: number; disponibilidad: number | null; utilizacion: number | null; horas_programadas: number;
  falla_operacional: number; falla_neta: number; falla_tajo: number; id_obra: number; estado: number;
};
const machines: { id: number; codigo: string; id_obra: number }[] = [];
let obras: { id: number; nombre: string }[] = [];

/** Logs of every shape: edge cases first (zero denominators, exact halves), then random valid ones. */
function* logsFor(machine: { id: number; id_obra: number }, count: number, seed: number): Generator<PlannedRecord> {
  const rng = prng(seed);
  const edge: [number, number, number, number][] = [
    // worked, operacional, neta, tajo
    [0, 0, 0, 0], [0, 0, 12, 0], [1, 0, 7, 0], [7, 0, 1, 0], [1, 0, 5.4, 0], [9, 0, 0.6, 0], [8, 2, 2.5, 1.5], [12, 0, 0, 0], [0, 6, 0, 6],
  ];
  let meter = 1000;
  for (let i = 0; i < count; i++) {
    const fecha = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 2) * 86_400_000).toISOString().slice(0, 10);
    let [worked, op, neta, tajo] = edge[i] ?? [rng.int(0, 11), 0, 0, 0];
    if (!edge[i]) {
      neta = rng.next() < 0.4 ? rng.tenths(0, 12 - worked) : 0;
      op = rng.next() < 0.4 ? rng.tenths(0, Math.max(0, 12 - neta - 0.1)) : 0;
      tajo = rng.next() < 0.3 ? rng.tenths(0, Math.max(0, 12 - neta - op)) : 0;
    }
    yield {
      fields: {
        id_equipo: machine.id, id_obra: machine.id_obra, fecha, id_tipo_turno: (i % 2) + 1, h_inicio: meter, h_fin: meter + worked,
        falla_operacional: op, falla_neta: neta, falla_tajo: tajo, obs_operacional: '', obs_neta: '', obs_tajo: '', estado: 1,
      },
      occurredAt: new Date(),
      userId: null,
    };
    meter += worked;
  }
}

async function list(query: Record<string, string | number>, token = admin) {
  const r = await api.call('GET', '/horometros', { token, query });
  expect(r.status, r.body.msg).toBe(200);
  return r.body as unknown as { items: Row[]; total: number };
}

async function allRows(query: Record<string, string | number>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const r = await list({ ...query, limit: 100, page });
    rows.push(...r.items);
    if (rows.length >= r.total) return rows;
  }
}

beforeAll(async () => {
  admin = await api.login('admin@faena.pe');
  obras = await api.sql<{ id: number; nombre: string }[]>`SELECT id, nombre FROM rm_obras ORDER BY id LIMIT 2`;
  machines.push(await createTestEquipo(api.store, { id_obra: obras[0].id }));
  machines.push(await createTestEquipo(api.store, { id_obra: obras[1].id }));
  await writeRecordBatches(api.store, 'horometro', logsFor(machines[0], 240, 7), { requestId: 'test' });
  await writeRecordBatches(api.store, 'horometro', logsFor(machines[1], 60, 8), { requestId: 'test' });
}, 120_000);

describe('GET /horometros: computed columns (docs/modules/hour-meters.md)', () => {
  it('the SQL of the list and the time model agree on every row, to the last decimal', async () => {
    const rows = await allRows({ id_equipo: machines[0].id });
    expect(rows).toHaveLength(240);
    let nulls = 0;
    for (const r of rows) {
      const m = timeModel({ horasTurno: r.horas_programadas, h_inicio: r.h_inicio, h_fin: r.h_fin, falla_operacional: r.falla_operacional, falla_neta: r.falla_neta, falla_tajo: r.falla_tajo });
      expect({ horas_trabajadas: r.horas_trabajadas, fallas: r.fallas, disponibilidad: r.disponibilidad, utilizacion: r.utilizacion }, JSON.stringify(r)).toEqual({
        horas_trabajadas: m.horas_trabajadas, fallas: m.fallas, disponibilidad: m.disponibilidad, utilizacion: m.utilizacion,
      });
      if (r.disponibilidad === null || r.utilizacion === null) nulls++;
    }
    expect(nulls).toBeGreaterThanOrEqual(2);
    // The edge cases, by their meter readings.
    const byDate = (fecha: string, turno: string) => rows.find((r) => r.fecha === fecha && r.turno === turno)!;
    expect(byDate('2026-01-01', 'Día')).toMatchObject({ horas_trabajadas: 0, disponibilidad: null, utilizacion: 0 });
    expect(byDate('2026-01-01', 'Noche')).toMatchObject({ disponibilidad: 0, utilizacion: null, fallas: 12 });
    expect(byDate('2026-01-02', 'Día')).toMatchObject({ disponibilidad: 12.5 });
    expect(byDate('2026-01-03', 'Día')).toMatchObject({ disponibilidad: 15.63 });
    expect(byDate('2026-01-03', 'Noche')).toMatchObject({ disponibilidad: 93.75 });
    expect(byDate('2026-01-04', 'Día')).toMatchObject({ horas_trabajadas: 8, fallas: 6, disponibilidad: 76.19, utilizacion: 84.21 });
  });

  it('sorts on the computed columns, nulls last, with a stable order between pages', async () => {
    for (const col of ['disponibilidad', 'utilizacion', 'horas_trabajadas', 'fallas'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const rows = await allRows({ id_equipo: machines[0].id, order_col: col, order_dir: dir });
        expect(new Set(rows.map((r) => r.id)).size).toBe(240);
        const values = rows.map((r) => r[col]);
        const firstNull = values.indexOf(null);
        if (firstNull >= 0) expect(values.slice(firstNull).every((x) => x === null), `${col} ${dir}`).toBe(true);
        const numbers = values.filter((x): x is number => x !== null);
        const sorted = [...numbers].sort((a, b) => (dir === 'asc' ? a - b : b - a));
        expect(numbers, `${col} ${dir}`).toEqual(sorted);
      }
    }
    const byDate = await list({ id_equipo: machines[0].id, limit: 3 });
    // Default order: newest date first (240 logs, two a day from 01/01/2026).
    expect(byDate.items.map((r) => `${r.fecha} ${r.turno}`)).toEqual(['2026-04-30 Noche', '2026-04-30 Día', '2026-04-29 Noche']);
    expect((await api.call('GET', '/horometros', { token: admin, query: { order_col: 'obs_neta' } })).status).toBe(422);
  });

  it('filters by site, machine, shift, dates and text', async () => {
    const site = await list({ id_obra: obras[1].id, id_equipo: machines[1].id, limit: 100 });
    expect(site.total).toBe(60);
    expect(site.items.every((r) => r.obra === obras[1].nombre && r.codigo === machines[1].codigo)).toBe(true);
    expect((await list({ id_obra: obras[1].id, id_equipo: machines[0].id })).total).toBe(0);
    const nights = await allRows({ id_equipo: machines[0].id, id_tipo_turno: 2 });
    expect(nights).toHaveLength(120);
    expect(nights.every((r) => r.turno === 'Noche' && r.id_tipo_turno === 2)).toBe(true);
    const january = await list({ id_equipo: machines[0].id, date_from: '2026-01-01', date_to: '2026-01-31' });
    expect(january.total).toBe(62);
    expect((await list({ query: machines[1].codigo })).total).toBe(60);
    const bad = await api.call('GET', '/horometros', { token: admin, query: { id_tipo_turno: 7 } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ id_tipo_turno: 'Turno no válido' });
  });

  it('a user bound to one site sees only that site\'s logs', async () => {
    const hash = await hashPassword('Faena2026!');
    await createRecord(api.store, 'user', { id_role: 17, id_obra: obras[1].id, name: 'Jefe', surname: 'de obra', document: 'x1', email: 'jefeobra@faena.pe', all_works: 0, estado: 1 }, {
      within: async (tx, events) => void (await tx`INSERT INTO auth_credentials (id_user, password_hash) VALUES (${Number(events[0].data.id)}, ${hash})`),
    });
    const token = await api.login('jefeobra@faena.pe');
    expect((await list({ id_equipo: machines[0].id }, token)).total).toBe(0);
    expect((await list({ id_equipo: machines[1].id }, token)).total).toBe(60);
    const info = await api.call('GET', '/horometros/infoHorometroEquipo', { token, query: { id_equipo: machines[0].id } });
    expect(info.status).toBe(404);
  });

  it('exports the filtered list with the same columns', async () => {
    const res = await api.raw('GET', `/horometros/export?kind=csv&id_equipo=${machines[0].id}&order_col=fecha&order_dir=asc`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/horometros_\d{4}-\d{2}-\d{2}\.csv/);
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Equipo,Obra,Fecha,Turno,Horómetro inicial,Horómetro final,Horas trabajadas,Fallas (h),Disponibilidad (%),Utilización (%)');
    expect(lines).toHaveLength(241);
    expect(lines[1]).toBe(`${machines[0].codigo},${obras[0].nombre},01/01/2026,Día,1000,1000,0.00,0.00,,0.00`);
    const xlsx = await api.raw('GET', `/horometros/export?kind=xlsx&id_equipo=${machines[1].id}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
  });
});
