import { beforeAll, describe, expect, it } from 'vitest';
import { prng } from '../../demo/prng';
import { useTestApi } from '../../../tests/harness/api';
import { amortizationPlan } from './amortization/amortizationPlan';
import { fromCents, toCents } from '@shared/money';
import { insuranceSchedule } from '../../app/equipment/insuranceSchedule';
import { loadCatalog, validMachine, type Catalog } from '../../../tests/harness/equipment';
import { businessToday } from '@shared/time';

// Amortization, insurance monthly cost and the movement history through real calls; the SQL
// functions of the list (migrations/0011) against their TypeScript twins.
const api = useTestApi();

type Row = Record<string, unknown>;
let token: string;
let c: Catalog;

const sum = (values: unknown[]) => values.reduce<bigint>((s, x) => s + toCents(String(x)), 0n);

beforeAll(async () => {
  token = await api.login('admin@faena.pe');
  c = await loadCatalog(api.sql);
});

function randomDay(random: () => number, from: number, days: number): string {
  return new Date(from + Math.floor(random() * days) * 86_400_000).toISOString().slice(0, 10);
}

describe('the list’s SQL functions and their TypeScript twins', () => {
  it('agree on this month’s amortization instalment and insurance cost for 1,000 random cases', async () => {
    const random = prng(42);
    const cases = Array.from({ length: 1000 }, (_, i) => ({
      costo: i % 10 === 0 ? '0.01' : fromCents(BigInt(Math.floor(random() * 1e10))),
      meses: i % 7 === 0 ? 1 : i % 11 === 0 ? 120 : Math.floor(random() * 130),
      inicio: randomDay(random, Date.UTC(2012, 0, 1), 5500),
      hoy: randomDay(random, Date.UTC(2014, 0, 1), 5000),
    }));
    const rows = await api.sql<{ cuota: string; seguro: string }[]>`
      SELECT equipo_cuota_amortizacion(x.costo, x.meses, x.inicio, x.hoy) AS cuota, equipo_seguro_mes(x.costo, x.inicio, x.hoy) AS seguro
        FROM unnest(${cases.map((x) => x.costo)}::numeric[], ${cases.map((x) => x.meses)}::int[], ${cases.map((x) => x.inicio)}::date[], ${cases.map((x) => x.hoy)}::date[])
             WITH ORDINALITY AS x(costo, meses, inicio, hoy, n) ORDER BY x.n`;
    expect(rows).toHaveLength(1000);
    cases.forEach((x, i) => {
      const label = JSON.stringify(x);
      expect(rows[i].cuota, label).toBe(amortizationPlan({ costo: x.costo, meses: x.meses, inicio: x.inicio, hoy: x.hoy }).pendiente_por_mes);
      expect(rows[i].seguro, label).toBe(insuranceSchedule({ anual: x.costo, inicio: x.inicio, hoy: x.hoy }).costo_mes_actual);
    });
  });

  it('agree on every machine of the demo fleet: list columns = the dialogs’ figures, insurance rows add up to the annual cost', async () => {
    const list = await api.call('GET', '/equipos', { token, query: { limit: 100 } });
    const items = list.body.items as Row[];
    expect(items.length).toBeGreaterThanOrEqual(60);
    let withInsurance = 0;
    let withPlan = 0;
    for (const item of items) {
      const costs = await api.call('GET', '/equipo_costo_mensual', { token, query: { id: item.id as number } });
      expect(costs.status).toBe(200);
      const rows = costs.body.items as Row[];
      expect(costs.body.costo_mes_actual, String(item.codigo)).toBe(item.costo_mes_actual);
      expect(costs.body.costo_anual_seguro).toEqual(expect.stringMatching(/^\d+\.\d{2}$/));
      if (toCents(String(costs.body.costo_anual_seguro)) > 0n && rows.length) {
        withInsurance++;
        expect(sum(rows.map((r) => r.costo)), String(item.codigo)).toBe(toCents(String(costs.body.costo_anual_seguro)));
        expect(rows.filter((r) => (r.estado as Row).nombre === 'En curso').length).toBeLessThanOrEqual(1);
      }
      const plan = await api.call('POST', '/equipo_amortizacion/form', { token, json: { id: item.id } });
      expect(plan.body.item).toMatchObject({ id_equipo: item.id, pendiente_por_mes: item.pendiente_por_mes });
      if (Number((plan.body.item as Row).amortizacion) > 0) withPlan++;
    }
    expect(withInsurance).toBeGreaterThan(50);
    expect(withPlan).toBeGreaterThan(10);
  });
});

describe('amortization (seed 001 §3, §7)', () => {
  async function machine(costo: string): Promise<number> {
    const r = await api.call('POST', '/equipos/create', { token, json: validMachine(c, { costo_adquisicion: costo }) });
    expect(r.status).toBe(200);
    return (r.body.item as Row).id as number;
  }

  it('saves a plan and gives a calendar whose instalments add up exactly to the cost', async () => {
    const random = prng(99);
    const cases: [string, number][] = [
      ['0.01', 1],
      ['0.01', 120],
      ['0.99', 120],
      ['100.01', 7],
      ['185000.00', 60],
      ['999999.99', 1],
      ['1.00', 3],
    ];
    while (cases.length < 40) cases.push([fromCents(BigInt(Math.floor(random() * 5e8) + 1)), Math.floor(random() * 120) + 1]);
    const id = await machine('1.00');
    for (const [costo, meses] of cases) {
      const edit = await api.call('POST', '/equipos/form', { token, json: { id } });
      const saved = await api.call('POST', '/equipos/create', { token, json: { ...(edit.body.item as Row), id, costo_adquisicion: costo } });
      expect(saved.status).toBe(200);
      const r = await api.call('POST', '/equipo_amortizacion/create', { token, json: { id, amortizacion: meses, amortizacion_inicio: '2025-01' } });
      expect(r.status, `${costo} / ${meses}`).toBe(200);
      expect(r.body.msg).toBe('Guardado correctamente');
      const calendar = await api.call('GET', '/equipo_amortizacion_calendario', { token, query: { id } });
      const rows = calendar.body.items as Row[];
      expect(rows, `${costo} / ${meses}`).toHaveLength(meses);
      expect(sum(rows.map((x) => x.pendiente)), `${costo} / ${meses}`).toBe(toCents(costo));
      expect(rows[meses - 1].mes_restante).toBe('0.00');
      expect(calendar.body.costo_adquisicion).toBe(costo);
      expect(rows[0]).toMatchObject({ anio: 2025, mes: 1, nombre: 'Enero' });
    }
  });

  it('reports balance, pending months and this month’s instalment, with the month states', async () => {
    const id = await machine('1200.00');
    const today = businessToday(new Date());
    const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const start = `${m <= 3 ? y - 1 : y}-${String(((m - 4 + 12) % 12) + 1).padStart(2, '0')}`; // three months ago
    const r = await api.call('POST', '/equipo_amortizacion/create', { token, json: { id, amortizacion: 12, amortizacion_inicio: start } });
    expect(r.body.item).toMatchObject({ id, id_equipo: id, saldo_restante: '900.00', meses_pendientes: 9, pendiente_por_mes: '100.00', amortizacion: 12, amortizacion_inicio: `${start}-01` });
    const rows = (await api.call('GET', '/equipo_amortizacion_calendario', { token, query: { id } })).body.items as Row[];
    expect(rows.map((x) => (x.estado as Row).nombre).slice(0, 5)).toEqual(['Amortizado', 'Amortizado', 'Amortizado', 'En curso', 'Pendiente']);
    expect(rows[3].estado).toMatchObject({ id: 2, nombre: 'En curso', color: expect.stringMatching(/^#/) });
    const form = await api.call('POST', '/equipo_amortizacion/form', { token, json: { id } });
    expect(form.body.item).toMatchObject({ saldo_restante: '900.00', meses_pendientes: 9, pendiente_por_mes: '100.00' });
    const [{ codigo }] = await api.sql<{ codigo: string }[]>`SELECT codigo FROM rm_equipos WHERE id = ${id}`;
    const list = await api.call('GET', '/equipos', { token, query: { query: codigo } });
    expect((list.body.items as Row[])[0]).toMatchObject({ id, pendiente_por_mes: '100.00' });
  });

  it('lists the plans, disables one (it charges nothing meanwhile), enables it and removes it, as every generic CRUD', async () => {
    const id = await machine('1200.00');
    expect((await api.call('POST', '/equipo_amortizacion/create', { token, json: { id, amortizacion: 12, amortizacion_inicio: businessToday(new Date()).slice(0, 7) } })).status).toBe(200);
    const [{ codigo }] = await api.sql<{ codigo: string }[]>`SELECT codigo FROM rm_equipos WHERE id = ${id}`;
    const plans = async (query: Record<string, string | number> = {}) =>
      (await api.call('GET', '/equipo_amortizacion', { token, query: { query: codigo, ...query } })).body.items as Row[];
    expect(await plans()).toEqual([expect.objectContaining({ id, codigo, costo_adquisicion: '1200.00', amortizacion: 12, pendiente_por_mes: '100.00', estado: 1 })]);
    const listed = async () => ((await api.call('GET', '/equipos', { token, query: { query: codigo } })).body.items as Row[])[0];

    const off = await api.call('POST', '/equipo_amortizacion/disable', { token, json: { id } });
    expect(off.body).toMatchObject({ ok: true, msg: 'Desactivado correctamente' });
    expect(await plans({ estado: 0 })).toEqual([expect.objectContaining({ id, estado: 0, pendiente_por_mes: '0.00' })]);
    expect(await listed()).toMatchObject({ pendiente_por_mes: '0.00' });
    expect((await api.call('POST', '/equipo_amortizacion/form', { token, json: { id } })).body.item).toMatchObject({ estado: 0, pendiente_por_mes: '0.00', amortizacion: 12 });
    const [disabled] = (await api.store.readStream(`equipo-${id}`)).slice(-1);
    expect(disabled.data.changes).toEqual({ amortizacion_estado: { from: null, to: 0 } });

    expect((await api.call('POST', '/equipo_amortizacion/enable', { token, json: { id } })).body.msg).toBe('Activado correctamente');
    expect(await listed()).toMatchObject({ pendiente_por_mes: '100.00' });
    expect((await api.call('GET', '/equipo_amortizacion/remove', { token, query: { id } })).body.msg).toBe('Eliminado correctamente');
    expect(await plans()).toEqual([]);
    expect((await api.call('POST', '/equipo_amortizacion/form', { token, json: { id } })).body.item).toMatchObject({ amortizacion: 0, pendiente_por_mes: '0.00' });
    // Without a plan, or without the machine, there is nothing to change.
    const none = await api.call('POST', '/equipo_amortizacion/disable', { token, json: { id } });
    expect(none.status).toBe(422);
    expect(none.body.msg).toBe('El equipo no tiene un plan de amortización');
    expect((await api.call('GET', '/equipo_amortizacion/remove', { token, query: { id: 987_654 } })).status).toBe(404);
    const mechanic = await api.login('mecanico@faena.pe');
    expect((await api.call('POST', '/equipo_amortizacion/disable', { token: mechanic, json: { id } })).status).toBe(403);
  });

  it('refuses a plan without months, start or cost, and 0 months removes it; nothing half-written', async () => {
    const id = await machine('0.00');
    const [{ n: before }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events`;
    const cases: [Row, string, string][] = [
      [{ id }, 'amortizacion', 'Este campo es obligatorio'],
      [{ id, amortizacion: 601, amortizacion_inicio: '2025-01' }, 'amortizacion', 'Máximo 600 meses'],
      [{ id, amortizacion: -1, amortizacion_inicio: '2025-01' }, 'amortizacion', 'Debe ser mayor o igual a 0'],
      [{ id, amortizacion: 12 }, 'amortizacion_inicio', 'Este campo es obligatorio'],
      [{ id, amortizacion: 12, amortizacion_inicio: '2025-13' }, 'amortizacion_inicio', 'Mes inválido (aaaa-mm)'],
      [{ id, amortizacion: 12, amortizacion_inicio: '2025-01' }, 'amortizacion', 'Registre primero el costo de adquisición del equipo'],
    ];
    for (const [json, field, message] of cases) {
      const r = await api.call('POST', '/equipo_amortizacion/create', { token, json });
      expect(r.status, message).toBe(422);
      expect(r.body.errors[field], message).toBe(message);
    }
    expect((await api.call('POST', '/equipo_amortizacion/create', { token, json: { id: 987_654, amortizacion: 0 } })).status).toBe(404);
    const [{ n: after }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events`;
    expect(after).toBe(before);

    const other = await machine('5000.00');
    await api.call('POST', '/equipo_amortizacion/create', { token, json: { id: other, amortizacion: 10, amortizacion_inicio: '2025-01' } });
    const removed = await api.call('POST', '/equipo_amortizacion/create', { token, json: { id: other, amortizacion: 0 } });
    expect(removed.body.item).toMatchObject({ amortizacion: 0, amortizacion_inicio: null, meses_pendientes: 0, pendiente_por_mes: '0.00', saldo_restante: '5000.00' });
    expect((await api.call('GET', '/equipo_amortizacion_calendario', { token, query: { id: other } })).body.items).toEqual([]);
    const mechanic = await api.login('mecanico@faena.pe');
    expect((await api.call('POST', '/equipo_amortizacion/create', { token: mechanic, json: { id: other, amortizacion: 3, amortizacion_inicio: '2025-01' } })).status).toBe(403);
    expect((await api.call('GET', '/equipo_amortizacion_calendario', { token: mechanic, query: { id: other } })).status).toBe(200);
  });
});

describe('insurance monthly cost (seed 001 §2)', () => {
  it('spreads the annual cost over the insurance year by days, rows adding up exactly', async () => {
    const r = await api.call('POST', '/equipos/create', { token, json: validMachine(c, { costo_anual_seguro: '10000.01', fecha_compra: '2023-03-10', fecha_llegada: '2023-04-17' }) });
    const id = (r.body.item as Row).id as number;
    const costs = await api.call('GET', '/equipo_costo_mensual', { token, query: { id } });
    const rows = costs.body.items as Row[];
    expect(rows.length).toBe(13);
    expect(String(costs.body.desde).slice(5)).toBe('04-17');
    expect(sum(rows.map((x) => x.costo))).toBe(1_000_001n);
    expect(rows.reduce((n, x) => n + Number(x.dias), 0)).toBeGreaterThanOrEqual(365);
    expect(rows[0]).toMatchObject({ mes: 4, dias: 14 });
    expect(Object.keys(rows[0]).sort()).toEqual(['anio', 'costo', 'dias', 'estado', 'mes', 'nombre']);
    const none = await api.call('POST', '/equipos/create', { token, json: validMachine(c) });
    const empty = await api.call('GET', '/equipo_costo_mensual', { token, query: { id: (none.body.item as Row).id as number } });
    expect(empty.body).toMatchObject({ items: [], costo_mes_actual: '0.00' });
    expect((await api.call('GET', '/equipo_costo_mensual', { token, query: { id: 987_654 } })).status).toBe(404);
  });
});

describe('movement history (seed 001 §2)', () => {
  it('shows the demo fleet’s transfers by the equipment chief', async () => {
    const [moved] = await api.sql<{ id: number }[]>`
      SELECT (data->>'id')::int AS id FROM es_events WHERE stream_type = 'equipo' AND event_type = 'RecordUpdated' AND data->'changes' ? 'id_obra' LIMIT 1`;
    expect(moved).toBeTruthy();
    const r = await api.call('GET', '/equipos_movimientos', { token, query: { id: moved.id } });
    const items = r.body.items as Row[];
    const transfer = items.find((i) => i.tipo === 'Traslado')!;
    expect(transfer).toMatchObject({ usuario: 'Jorge Huamán Torres', obra_origen: expect.any(String), obra_destino: expect.any(String) });
    expect(transfer.obra_origen).not.toBe(transfer.obra_destino);
    expect(items[items.length - 1]).toMatchObject({ tipo: 'Alta', usuario: 'Sistema', obra_origen: null });
  });

  it('records a transfer and the other significant changes with who and when, newest first', async () => {
    const created = (await api.call('POST', '/equipos/create', { token, json: validMachine(c) })).body.item as Row;
    const id = created.id as number;
    const [from, to] = [c.obras[0], c.obras[2]];
    await api.call('POST', '/equipos/create', { token, json: { ...validMachine(c, { codigo: created.codigo, id_obra: to.id, placa: 'ABC-123' }), id } });
    await api.call('POST', '/equipos/create', { token, json: { ...validMachine(c, { codigo: created.codigo, id_obra: to.id, placa: 'ABC-123', observaciones: 'solo texto' }), id } });
    await api.call('POST', '/equipos/create', { token, json: { ...validMachine(c, { codigo: created.codigo, id_obra: to.id, placa: 'ABC-123', costo_adquisicion: '1000' }), id } });
    await api.call('POST', '/equipo_amortizacion/create', { token, json: { id, amortizacion: 10, amortizacion_inicio: '2025-02' } });
    await api.call('POST', '/equipos/disable', { token, json: { id } });
    const r = await api.call('GET', '/equipos_movimientos', { token, query: { id } });
    expect(r.status).toBe(200);
    const items = r.body.items as Row[];
    expect(items.map((i) => i.tipo)).toEqual(['Desactivación', 'Cambio', 'Cambio', 'Traslado', 'Alta']);
    expect(items[3]).toMatchObject({ obra_origen: from.nombre, obra_destino: to.nombre, usuario: 'Ana Quispe Rojas' });
    expect(items[3].cambios).toEqual([{ campo: 'placa', etiqueta: 'Placa', de: '—', a: 'ABC-123' }]);
    expect(items[1].cambios).toEqual(expect.arrayContaining([{ campo: 'amortizacion', etiqueta: 'Amortización (meses)', de: '0', a: '10' }]));
    expect(items[4]).toMatchObject({ tipo: 'Alta', obra_destino: from.nombre });
    expect(new Date(String(items[0].fecha)).getTime()).toBeGreaterThanOrEqual(new Date(String(items[4].fecha)).getTime());
    expect((await api.call('GET', '/equipos_movimientos', { token, query: { id: 987_654 } })).status).toBe(404);
  });
});
