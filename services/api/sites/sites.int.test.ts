import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../../tests/harness/api';

// GET /obras and the total-amount dialog (seed 001 §2 /obras, §3 'Site', §5 'Amounts').
const api = useTestApi();

type Row = Record<string, unknown> & { id: number; codigo: string; nombre: string; empresa: string; estado: number; monto_total: string; gastos_generales: string };

async function events(streamId: string) {
  return api.sql<{ event_type: string; data: Record<string, unknown> }[]>`SELECT event_type, data FROM es_events WHERE stream_id = ${streamId} ORDER BY version`;
}

describe('GET /obras', () => {
  it('lists the sites with company, state, general expenses and total amount; sites 7 and 8 are the central ones', async () => {
    const token = await api.login('admin@faena.pe');
    const r = await api.call('GET', '/obras', { token, query: { limit: 100, order_col: 'codigo', order_dir: 'asc' } });
    expect(r.status).toBe(200);
    const items = r.body.items as Row[];
    expect(r.body.total).toBe(8);
    expect(Object.keys(items[0])).toEqual(
      expect.arrayContaining(['id', 'codigo', 'nombre', 'empresa', 'direccion', 'ciudad', 'estado', 'gastos_generales', 'monto_total', 'id_empresa']),
    );
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get(7)).toMatchObject({ nombre: 'Taller Central Lurín', empresa: 'Constructora Andina S.A.C.', estado: 1 });
    expect(byId.get(8)).toMatchObject({ nombre: 'Almacén Central ATE - Callao', empresa: 'Constructora Andina S.A.C.' });
    expect(byId.get(1)).toMatchObject({ codigo: 'OB-LIM-01', gastos_generales: '185000.00', monto_total: '0.00' });
  });

  it('filters by company and state, searches, sorts by amount and exports', async () => {
    const token = await api.login('jefe@faena.pe'); // '/obras': see
    const [minera] = await api.sql`SELECT id FROM rm_empresas WHERE nombre LIKE 'Minera%'`;
    const ofMinera = await api.call('GET', '/obras', { token, query: { id_empresa: minera.id } });
    expect((ofMinera.body.items as Row[]).map((i) => i.codigo).sort()).toEqual(['OB-ICA-01', 'OB-TRU-01']);
    const search = await api.call('GET', '/obras', { token, query: { query: 'lurin' } });
    expect((search.body.items as Row[]).map((i) => i.id)).toEqual([7]);
    const inactive = await api.call('GET', '/obras', { token, query: { estado: 0 } });
    expect(inactive.body.total).toBe(0);
    const sorted = await api.call('GET', '/obras', { token, query: { order_col: 'gastos_generales', order_dir: 'desc', limit: 1 } });
    expect((sorted.body.items as Row[])[0].codigo).toBe('OB-LIM-01');
    const csv = await api.raw('GET', '/obras/export?kind=csv&query=Callao', { headers: { authorization: `Bearer ${token}` } });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('Almacén Central ATE - Callao');
    expect(text).toContain('Monto total');
    expect(text).not.toContain('Vía Expresa');
  });

  it('needs the /obras right', async () => {
    const token = await api.login('mecanico@faena.pe');
    expect((await api.call('GET', '/obras', { token })).status).toBe(403);
    expect((await api.call('GET', '/obras/montoTotal', { token, query: { id: 1 } })).status).toBe(403);
  });
});

describe('total amount (montoTotal / guardarMonto)', () => {
  it('reads and saves the amount as an integer, as one RecordUpdated on the site stream', async () => {
    const token = await api.login('admin@faena.pe');
    const before = await api.call('GET', '/obras/montoTotal', { token, query: { id: 2 } });
    expect(before.status).toBe(200);
    expect(before.body.item).toMatchObject({ id: 2, monto_total: '0.00', codigo: 'OB-AQP-01' });

    const saved = await api.call('POST', '/obras/guardarMonto', { token, json: { id: 2, monto_total: '1500.75' } });
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toBe('Guardado correctamente');
    expect(saved.body.item).toMatchObject({ id: 2, monto_total: '1500.00' });
    const list = await api.call('GET', '/obras', { token, query: { query: 'OB-AQP-01' } });
    expect((list.body.items as Row[])[0].monto_total).toBe('1500.00');

    const numeric = await api.call('POST', '/obras/guardarMonto', { token, json: { id: 2, monto_total: 2_350_000 } });
    expect(numeric.body.item).toMatchObject({ monto_total: '2350000.00' });
    const updates = (await events('obra-2')).filter((e) => e.event_type === 'RecordUpdated');
    expect(updates.map((e) => e.data.changes)).toEqual([
      { monto_total: { from: null, to: 1500 } },
      { monto_total: { from: 1500, to: 2_350_000 } },
    ]);
    // The same amount again writes nothing.
    await api.call('POST', '/obras/guardarMonto', { token, json: { id: 2, monto_total: '2350000' } });
    expect((await events('obra-2')).filter((e) => e.event_type === 'RecordUpdated')).toHaveLength(2);
  });

  it("non-numeric becomes 0 ('abc' → 0), a form post works too, and the column's limit is a field error", async () => {
    const token = await api.login('admin@faena.pe');
    await api.call('POST', '/obras/guardarMonto', { token, json: { id: 3, monto_total: 800 } });
    const abc = await api.call('POST', '/obras/guardarMonto', { token, json: { id: 3, monto_total: 'abc' } });
    expect(abc.status).toBe(200);
    expect(abc.body.item).toMatchObject({ monto_total: '0.00' });
    const form = new URLSearchParams({ id: '3', monto_total: '42abc' });
    const posted = await api.call('POST', '/obras/guardarMonto', { token, form });
    expect(posted.body.item).toMatchObject({ monto_total: '42.00' });
    const huge = await api.call('POST', '/obras/guardarMonto', { token, json: { id: 3, monto_total: '1000000000000' } });
    expect(huge.status).toBe(422);
    expect(huge.body.errors).toEqual({ monto_total: 'Máximo 999,999,999,999' });
    const [row] = await api.sql`SELECT monto_total::text AS m FROM rm_obras WHERE id = 3`;
    expect(row.m).toBe('42.00');
  });

  it('an unknown site is 404; saving needs the edit right', async () => {
    const admin = await api.login('admin@faena.pe');
    expect((await api.call('GET', '/obras/montoTotal', { token: admin, query: { id: 999 } })).status).toBe(404);
    expect((await api.call('POST', '/obras/guardarMonto', { token: admin, json: { id: 999, monto_total: 5 } })).status).toBe(404);
    const jefe = await api.login('jefe@faena.pe'); // '/obras': see only
    expect((await api.call('GET', '/obras/montoTotal', { token: jefe, query: { id: 4 } })).status).toBe(200);
    const refused = await api.call('POST', '/obras/guardarMonto', { token: jefe, json: { id: 4, monto_total: 5 } });
    expect(refused.status).toBe(403);
    expect((await events('obra-4')).filter((e) => e.event_type === 'RecordUpdated')).toHaveLength(0);
  });
});
