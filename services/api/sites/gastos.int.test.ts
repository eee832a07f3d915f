import { describe, expect, it } from 'vitest';
import { obraGastosProjection } from '../../../projections/sites/site-expenses';
import { useTestApi } from '../../../tests/harness/api';
import { expectRebuildRestores } from '../../../tests/harness/projection-restore';
import type { GastosReply } from '@shared/contracts/sites';

// A site's general expenses (seed 001 §2 /obras/{id}/editar, §3, §5 'Amounts', §7, §8, §9).
const api = useTestApi();

const OBRA = 5;

async function open(token: string, id = OBRA) {
  const r = await api.call('POST', '/obras/gastosGenerales', { token, json: { id } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as GastosReply & { ok: boolean };
}

const all = (g: GastosReply) => [...g.concepto, ...g.gestion, ...g.almacen, ...g.tecnico];
const num = (g: GastosReply, n: number) => all(g).find((l) => l.numero === n)!;

async function eventsOf(streamId: string) {
  return api.sql<{ event_type: string; data: Record<string, unknown>; version: number }[]>`
    SELECT event_type, data, version FROM es_events WHERE stream_id = ${streamId} ORDER BY version`;
}

describe('POST /obras/gastosGenerales', () => {
  it('a site without lines gets the catalogue lines on first opening, in the four sections, once', async () => {
    const token = await api.login('jefe@faena.pe'); // '/obras': see
    expect(await eventsOf(`obra_gastos-${OBRA}`)).toHaveLength(0);
    const g = await open(token);
    expect(g.concepto.map((l) => l.numero)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(g.gestion.length).toBeGreaterThan(0);
    expect(g.almacen.length).toBeGreaterThan(0);
    expect(g.tecnico.length).toBeGreaterThan(0);
    expect(g.obra).toMatchObject({ id: OBRA, codigo: 'OB-TRU-01', empresa: 'Minera del Sur S.A.' });
    expect(g.version).toBe(1);
    expect(Object.keys(num(g, 1)).sort()).toEqual(
      ['cantidad', 'concepto', 'disabled', 'grupo', 'id', 'info', 'monto', 'monto_total', 'numero', 'regla', 'usa_cantidad'].sort(),
    );
    expect(num(g, 11)).toMatchObject({ regla: 'total_otros_grupos', monto_total: 0 });
    expect(num(g, 12)).toMatchObject({ regla: 'suma_cantidades', cantidad: 0 });
    expect(num(g, 16)).toMatchObject({ regla: 'total_fijo' });
    expect(num(g, 10).disabled).toBe(1);
    expect(all(g).every((l) => l.cantidad === 0 && l.monto === 0 && l.monto_total === 0)).toBe(true);
    const streamEvents = await eventsOf(`obra_gastos-${OBRA}`);
    expect(streamEvents.map((e) => e.event_type)).toEqual(['GeneralExpensesOpened']);
    expect(streamEvents[0].data).toMatchObject({ id_obra: OBRA, catalogo_version: 1 });

    const again = await open(token);
    expect(all(again).map((l) => l.id)).toEqual(all(g).map((l) => l.id));
    expect(await eventsOf(`obra_gastos-${OBRA}`)).toHaveLength(1);
  });

  it('two first openings at once create the lines once', async () => {
    const token = await api.login('admin@faena.pe');
    const [a, b] = await Promise.all([open(token, 6), open(token, 6)]);
    expect(all(a).map((l) => l.id)).toEqual(all(b).map((l) => l.id));
    expect(await eventsOf('obra_gastos-6')).toHaveLength(1);
    const [{ n }] = await api.sql`SELECT count(*)::int AS n FROM rm_obra_gastos WHERE id_obra = 6`;
    expect(n).toBe(all(a).length);
  });

  it('an unknown site is 404 and writes nothing; the module right is needed', async () => {
    const admin = await api.login('admin@faena.pe');
    expect((await api.call('POST', '/obras/gastosGenerales', { token: admin, json: { id: 999 } })).status).toBe(404);
    expect(await eventsOf('obra_gastos-999')).toHaveLength(0);
    const mecanico = await api.login('mecanico@faena.pe');
    expect((await api.call('POST', '/obras/gastosGenerales', { token: mecanico, json: { id: 1 } })).status).toBe(403);
    expect(await eventsOf('obra_gastos-1')).toHaveLength(0);
  });
});

describe('POST /obras_gastos_generales/create', () => {
  it('saves with the line rules: 11 = total of the other groups, 12 = quantity sum, 16 fixed total, disabled and computed lines unchanged', async () => {
    const token = await api.login('admin@faena.pe');
    const g = await open(token, 2);
    const gestion = g.gestion[0];
    const almacen = g.almacen[0];
    const tecnico = g.tecnico[0];
    const disabled = num(g, 10);
    const r = await api.call('POST', '/obras_gastos_generales/create', {
      token,
      json: {
        id: 2,
        version: g.version,
        obra_conceptos: [
          { id: num(g, 1).id, cantidad: '6', monto: '2500.90', monto_total: 1 }, // monto_total from the client is never read
          { id: num(g, 5).id, cantidad: 3, monto: 'abc' }, // lump line; non-numeric → 0
          { id: num(g, 7).id, cantidad: '', monto: '1800' },
          { id: num(g, 11).id, cantidad: 99, monto: 123_456, monto_total: 123_456 }, // computed: ignored
          { id: num(g, 12).id, cantidad: 500, monto: 10 }, // computed: ignored
          { id: num(g, 16).id, cantidad: 4, monto: '12000' }, // fixed total: not multiplied
          { id: disabled.id, cantidad: 5, monto: 5000 }, // disabled: unchanged
          { id: gestion.id, cantidad: 1, monto: 9000 },
          { id: almacen.id, cantidad: '2', monto: '2500' },
          { id: tecnico.id, cantidad: 3, monto: 6000 },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.msg).toBe('Guardado correctamente');
    const saved = r.body as unknown as GastosReply;
    expect(num(saved, 1)).toMatchObject({ cantidad: 6, monto: 2500, monto_total: 15_000 });
    expect(num(saved, 5)).toMatchObject({ cantidad: 0, monto: 0, monto_total: 0 });
    expect(num(saved, 7)).toMatchObject({ cantidad: 0, monto: 1800, monto_total: 1800 });
    expect(num(saved, 16)).toMatchObject({ cantidad: 0, monto: 12_000, monto_total: 12_000 });
    expect(num(saved, 10)).toEqual(disabled);
    expect(num(saved, 11)).toMatchObject({ cantidad: 0, monto: 0, monto_total: 9000 + 5000 + 18_000 });
    expect(num(saved, 12)).toMatchObject({ cantidad: 1 + 2 + 3, monto: 0, monto_total: 0 });
    const total = 15_000 + 1800 + 12_000 + 32_000;
    expect(saved.totales).toEqual({ grupos: { concepto: total, gestion: 9000, almacen: 5000, tecnico: 18_000 }, personal: 6, total });
    expect(saved.version).toBe(2);
    expect(saved.obra.gastos_generales).toBe(`${total}.00`);

    // One event on the site's general-expense stream with only the changed lines, and the site's
    // own record following the total.
    const [, guardado] = await eventsOf('obra_gastos-2');
    expect(guardado.event_type).toBe('GeneralExpensesSaved');
    const lineas = guardado.data.lineas as { numero: number; changes: Record<string, { from: number; to: number }> }[];
    expect(lineas.map((l) => l.numero).sort((a, b) => a - b)).toEqual([1, 7, 11, 12, 16, gestion.numero, almacen.numero, tecnico.numero].sort((a, b) => a - b));
    expect(lineas.find((l) => l.numero === 11)!.changes).toEqual({ monto_total: { from: 0, to: 32_000 } });
    expect(guardado.data.total).toEqual({ from: 0, to: total });
    const obraEvents = await eventsOf('obra-2');
    expect(obraEvents.at(-1)).toMatchObject({ event_type: 'RecordUpdated', data: { changes: { gastos_generales: { from: 64_500, to: total } } } });
    const list = await api.call('GET', '/obras', { token, query: { query: 'OB-AQP-01' } });
    expect((list.body.items as { gastos_generales: string }[])[0].gastos_generales).toBe(`${total}.00`);

    // Reloaded: kept.
    const reloaded = await open(token, 2);
    expect(num(reloaded, 11).monto_total).toBe(32_000);
    expect(reloaded.version).toBe(2);
  });

  it('a stale version is a 409 and writes nothing; a save without changes writes nothing', async () => {
    const token = await api.login('admin@faena.pe');
    const g = await open(token, 3);
    const line = g.gestion[1];
    const first = await api.call('POST', '/obras_gastos_generales/create', { token, json: { id: 3, version: g.version, obra_conceptos: [{ id: line.id, cantidad: 1, monto: 4000 }] } });
    expect(first.status).toBe(200);
    const before = await eventsOf('obra_gastos-3');
    const stale = await api.call('POST', '/obras_gastos_generales/create', { token, json: { id: 3, version: g.version, obra_conceptos: [{ id: line.id, cantidad: 2, monto: 4000 }] } });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('El registro fue modificado por otro usuario. Vuelva a cargarlo e intente nuevamente.');
    expect(await eventsOf('obra_gastos-3')).toEqual(before);
    const [row] = await api.sql`SELECT cantidad FROM rm_obra_gastos WHERE id = ${line.id}`;
    expect(row.cantidad).toBe(1);

    const same = await api.call('POST', '/obras_gastos_generales/create', { token, json: { id: 3, version: 2, obra_conceptos: [{ id: line.id, cantidad: '1', monto: '4000' }] } });
    expect(same.status).toBe(200);
    expect(await eventsOf('obra_gastos-3')).toEqual(before);
  });

  it('bad input: unknown or repeated lines, amounts over the limit, a site never opened → 4xx, nothing written', async () => {
    const token = await api.login('admin@faena.pe');
    const g = await open(token, 4);
    const id = g.gestion[0].id;
    const foreign = (await open(token, 2)).gestion[0].id;
    const count = async () => (await api.sql`SELECT count(*)::int AS n FROM es_events`)[0].n as number;
    const before = await count();
    const unknown = await api.call('POST', '/obras_gastos_generales/create', { token, json: { id: 4, obra_conceptos: [{ id, cantidad: 1, monto: 1 }, { id: foreign, cantidad: 1, monto: 1 }, { id, cantidad: 1, monto: 1 }] } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ 'obra_conceptos.1.id': 'El concepto no pertenece a esta obra', 'obra_conceptos.2.id': 'El concepto está repetido' });
    const big = await api.call('POST', '/obras_gastos_generales/create', { token, json: { id: 4, obra_conceptos: [{ id, cantidad: 10_000, monto: '100000000' }] } });
    expect(big.status).toBe(422);
    expect(big.body.errors).toEqual({ 'obra_conceptos.0.cantidad': 'Máximo 9,999', 'obra_conceptos.0.monto': 'Máximo 99,999,999' });
    const notOpened = await api.call('POST', '/obras_gastos_generales/create', { token, json: { id: 7, obra_conceptos: [] } });
    expect(notOpened.status).toBe(422);
    expect(notOpened.body.msg).toBe('La obra aún no tiene conceptos de gastos generales. Vuelva a cargar la página.');
    expect((await api.call('POST', '/obras_gastos_generales/create', { token, json: { id: 999, obra_conceptos: [] } })).status).toBe(404);
    expect((await api.call('POST', '/obras_gastos_generales/create', { token, json: { id: 4, obra_conceptos: 'x' } })).status).toBe(422);
    expect(await count()).toBe(before);
  });

  it('saving needs the edit right on /obras (403, nothing written)', async () => {
    const jefe = await api.login('jefe@faena.pe');
    const g = await open(jefe, 1);
    const before = await eventsOf('obra_gastos-1');
    const r = await api.call('POST', '/obras_gastos_generales/create', { token: jefe, json: { id: 1, version: g.version, obra_conceptos: [{ id: g.gestion[0].id, cantidad: 1, monto: 1 }] } });
    expect(r.status).toBe(403);
    expect(await eventsOf('obra_gastos-1')).toEqual(before);
  });

  it('the lines projection rebuilds from the log to the same rows', async () => {
    await expectRebuildRestores(api, obraGastosProjection, () => api.sql`SELECT * FROM rm_obra_gastos ORDER BY id`, () => api.sql`UPDATE rm_obra_gastos SET monto_total = -1`);
  });
});
