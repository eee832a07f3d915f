import { describe, expect, it } from 'vitest';
import { createRecord } from '../../../events/record/commands';
import { useTestApi } from '../../../tests/harness/api';
import { hashPassword } from '../auth/internal/password';

// Issue 13, item 22: companies and work sites are created, edited and disabled on the generic
// CRUD; a site outside the caller's sites does not exist for the caller; people named on work
// orders are disabled, never removed.
const api = useTestApi();

type Row = { id: number; nombre: string; codigo?: string; estado: number };

async function eventCount(): Promise<number> {
  const [{ n }] = await api.sql`SELECT count(*)::int AS n FROM es_events`;
  return n as number;
}

async function lookup(token: string, path: string, query: Record<string, string | number> = {}) {
  return ((await api.call('GET', path, { token, query: { limit: 500, ...query } })).body.items as { value: number }[]).map((i) => i.value);
}

describe('/empresas', () => {
  it('creates, edits, disables and enables a company; names and RUCs are unique and the RUC valid', async () => {
    const admin = await api.login('admin@faena.pe');
    const created = await api.call('POST', '/empresas/create', { token: admin, json: { id: 0, nombre: 'Ingeniería del Sur S.A.C.', ruc: '20601234565' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.body.item as Row).id;
    expect(created.body).toMatchObject({ msg: 'Guardado correctamente', is_new: true, item: { nombre: 'Ingeniería del Sur S.A.C.', ruc: '20601234565', estado: 1 } });
    const list = await api.call('GET', '/empresas', { token: admin, query: { query: 'Ingeniería' } });
    expect(list.body.items).toEqual([expect.objectContaining({ id, nombre: 'Ingeniería del Sur S.A.C.', ruc: '20601234565', obras: 0, estado: 1 })]);

    const count = await eventCount();
    const refusals: [Record<string, unknown>, Record<string, string>][] = [
      [{ id: 0, nombre: '' }, { nombre: 'Este campo es obligatorio' }],
      [{ id: 0, nombre: 'constructora andina s.a.c.' }, { nombre: 'Ya existe una empresa con ese nombre' }],
      [{ id: 0, nombre: 'Otra', ruc: '20601234566' }, { ruc: 'RUC no válido: 11 dígitos con su dígito verificador' }],
      [{ id: 0, nombre: 'Otra', ruc: '20512345671' }, { ruc: 'Ya existe una empresa con ese RUC' }],
    ];
    for (const [json, errors] of refusals) {
      const r = await api.call('POST', '/empresas/create', { token: admin, json });
      expect(r.status, JSON.stringify(json)).toBe(422);
      expect(r.body.errors, JSON.stringify(json)).toEqual(errors);
    }
    expect(await eventCount()).toBe(count);

    const edited = await api.call('POST', '/empresas/create', { token: admin, json: { id, nombre: 'Ingeniería del Sur', ruc: '20601234565' } });
    expect(edited.body.item).toMatchObject({ nombre: 'Ingeniería del Sur' });
    expect((await api.call('POST', '/empresas/disable', { token: admin, json: { id } })).body.msg).toBe('Desactivado correctamente');
    expect(await lookup(admin, '/fil_datas/empresas')).not.toContain(id);
    expect((await api.call('POST', '/empresas/enable', { token: admin, json: { id } })).body.msg).toBe('Activado correctamente');
    expect(await lookup(admin, '/fil_datas/empresas')).toContain(id);
    // A company without sites may be removed; one with sites may not (disable it instead).
    expect((await api.call('GET', '/empresas/remove', { token: admin, query: { id } })).body.msg).toBe('Eliminado correctamente');
    const [andina] = await api.sql`SELECT id FROM rm_empresas WHERE nombre = 'Constructora Andina S.A.C.'`;
    const refused = await api.call('GET', '/empresas/remove', { token: admin, query: { id: andina.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/^No se puede eliminar: tiene registros asociados \(\d+ obras/);
  });

  it('needs the /empresas right', async () => {
    const jefe = await api.login('jefe@faena.pe');
    expect((await api.call('GET', '/empresas', { token: jefe })).status).toBe(403);
    expect((await api.call('POST', '/empresas/create', { token: jefe, json: { id: 0, nombre: 'X' } })).status).toBe(403);
  });
});

describe('/obras create, edit, disable', () => {
  it('creates and edits a site of a company; the code is unique; a disabled site leaves the selects', async () => {
    const admin = await api.login('admin@faena.pe');
    const [andina] = await api.sql`SELECT id FROM rm_empresas WHERE nombre = 'Constructora Andina S.A.C.'`;
    const created = await api.call('POST', '/obras/create', {
      token: admin, json: { id: 0, id_empresa: andina.id, codigo: 'OB-CHI-09', nombre: 'Vía de Evitamiento Chiclayo', direccion: 'Km 12', ciudad: 'Chiclayo' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.body.item as Row).id;
    const list = await api.call('GET', '/obras', { token: admin, query: { query: 'chiclayo' } });
    expect(list.body.items).toEqual([expect.objectContaining({ id, codigo: 'OB-CHI-09', empresa: 'Constructora Andina S.A.C.', ciudad: 'Chiclayo', estado: 1, monto_total: '0.00' })]);
    // A new site's 'Plazo de necesidad (días)' is 7 unless given (issue 28).
    expect((await api.call('POST', '/obras/form', { token: admin, json: { id } })).body.item).toMatchObject({ codigo: 'OB-CHI-09', id_empresa: andina.id, plazo_necesidad_dias: 7 });

    const count = await eventCount();
    const refusals: [Record<string, unknown>, Record<string, string>][] = [
      [{ id: 0, id_empresa: '', codigo: 'OB-X-01', nombre: 'X' }, { id_empresa: 'Seleccione la empresa' }],
      [{ id: 0, id_empresa: 999999, codigo: 'OB-X-01', nombre: 'X' }, { id_empresa: 'No se encontró la empresa' }],
      [{ id: 0, id_empresa: andina.id, codigo: 'ob-lim-01', nombre: 'X' }, { codigo: 'Ya existe una obra con ese código' }],
      [{ id: 0, id_empresa: andina.id, codigo: 'OB X', nombre: 'X' }, { codigo: 'Solo letras, números y guiones (p. ej. OB-LIM-01)' }],
      [{ id: 0, id_empresa: andina.id, codigo: 'OB-X-01', nombre: '' }, { nombre: 'Este campo es obligatorio' }],
      [{ id: 0, id_empresa: andina.id, codigo: 'OB-X-01', nombre: 'X', plazo_necesidad_dias: -1 }, { plazo_necesidad_dias: 'Mínimo 0' }],
      [{ id: 0, id_empresa: andina.id, codigo: 'OB-X-01', nombre: 'X', plazo_necesidad_dias: 'x' }, { plazo_necesidad_dias: 'Debe ser un número entero' }],
      [{ id: 0, id_empresa: andina.id, codigo: 'OB-X-01', nombre: 'X', plazo_necesidad_dias: 400 }, { plazo_necesidad_dias: 'Máximo 365' }],
    ];
    for (const [json, errors] of refusals) {
      const r = await api.call('POST', '/obras/create', { token: admin, json });
      expect(r.status, JSON.stringify(json)).toBe(422);
      expect(r.body.errors, JSON.stringify(json)).toEqual(errors);
    }
    expect(await eventCount()).toBe(count);

    const edited = await api.call('POST', '/obras/create', { token: admin, json: { id, id_empresa: andina.id, codigo: 'OB-CHI-09', nombre: 'Vía de Evitamiento Chiclayo', direccion: 'Km 14', ciudad: 'Chiclayo' } });
    expect(edited.body.item).toMatchObject({ direccion: 'Km 14' });
    const [changed] = (await api.store.readStream(`obra-${id}`)).slice(-1);
    expect(changed.data.changes).toEqual({ direccion: { from: 'Km 12', to: 'Km 14' } });
    const plazo = await api.call('POST', '/obras/create', { token: admin, json: { id, id_empresa: andina.id, codigo: 'OB-CHI-09', nombre: 'Vía de Evitamiento Chiclayo', direccion: 'Km 14', ciudad: 'Chiclayo', plazo_necesidad_dias: '3' } });
    expect(plazo.body.item).toMatchObject({ plazo_necesidad_dias: 3 });
    const [{ plazo_necesidad_dias }] = await api.sql`SELECT plazo_necesidad_dias FROM rm_obras WHERE id = ${id}`;
    expect(plazo_necesidad_dias).toBe(3);

    expect((await api.call('POST', '/obras/disable', { token: admin, json: { id } })).body.msg).toBe('Desactivado correctamente');
    expect(await lookup(admin, '/fil_datas/obras', { id_empresa: andina.id })).not.toContain(id);
    expect((await api.call('GET', '/obras', { token: admin, query: { estado: 0 } })).body.items).toEqual([expect.objectContaining({ id })]);
    expect((await api.call('POST', '/obras/enable', { token: admin, json: { id } })).status).toBe(200);
    expect(await lookup(admin, '/fil_datas/obras', { id_empresa: andina.id })).toContain(id);
    expect((await api.call('GET', '/obras/remove', { token: admin, query: { id } })).body.msg).toBe('Eliminado correctamente');

    // A site with work orders and machines is disabled, never removed.
    const busy = await api.call('GET', '/obras/remove', { token: admin, query: { id: 1 } });
    expect(busy.status).toBe(409);
    expect(busy.body.msg).toMatch(/^No se puede eliminar: tiene registros asociados \(\d+ órdenes de trabajo, \d+ equipos/);
    const jefe = await api.login('jefe@faena.pe'); // '/obras': see only
    expect((await api.call('POST', '/obras/create', { token: jefe, json: { id: 0, id_empresa: andina.id, codigo: 'OB-Z-01', nombre: 'Z' } })).status).toBe(403);
  });

  it('a user who works on one site lists and opens only that site', async () => {
    const [obrasModule] = await api.sql`SELECT id FROM rm_modules WHERE url = '/obras'`;
    const role = await createRecord(api.store, 'role', {
      name: 'residente', id_type_user: 1, id_module: null, system_user: 1, admin: 0, menu_collapsed: 0, horometros: 0, protected: 0,
      perms: [{ id_module: obrasModule.id, see: 1, edit: 1 }], estado: 1,
    });
    const hash = await hashPassword('Faena2026!');
    await createRecord(api.store, 'user', {
      id_role: role.id, id_obra: 2, name: 'Residente', surname: 'Arequipa', document: '70000002', email: 'residente@faena.pe', all_works: 0, estado: 1,
    }, { within: async (tx, events) => void (await tx`INSERT INTO auth_credentials (id_user, password_hash) VALUES (${Number(events[0].data.id)}, ${hash})`) });
    const token = await api.login('residente@faena.pe');
    const list = await api.call('GET', '/obras', { token, query: { limit: 100 } });
    expect((list.body.items as Row[]).map((r) => r.id)).toEqual([2]);
    expect((await api.call('POST', '/obras/form', { token, json: { id: 2 } })).status).toBe(200);
    for (const [method, path, json] of [
      ['POST', '/obras/form', { id: 1 }],
      ['POST', '/obras/disable', { id: 1 }],
      ['POST', '/obras/create', { id: 1, id_empresa: 1, codigo: 'OB-LIM-01', nombre: 'X' }],
    ] as const) {
      const r = await api.call(method, path, { token, json });
      expect(r.status, path).toBe(404);
    }
    expect((await api.call('GET', '/history', { token, query: { stream_type: 'obra', id: 1 } })).status).toBe(404);
  });
});

describe('people named on work orders', () => {
  it('cannot be removed (409 with a Spanish message, nothing stored); disabling them works', async () => {
    const admin = await api.login('admin@faena.pe');
    const [{ id_mecanico: id }] = await api.sql`SELECT id_mecanico FROM rm_ordenes_trabajo WHERE id_mecanico IS NOT NULL LIMIT 1`;
    const count = await eventCount();
    const r = await api.call('GET', '/users/remove', { token: admin, query: { id } });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ ok: false });
    expect(r.body.msg).toMatch(/^No se puede eliminar: tiene registros asociados \(\d+ órdenes? de trabajo\)\. Desactívelo en su lugar\.$/);
    expect(await eventCount()).toBe(count);
    expect((await api.call('POST', '/users/disable', { token: admin, json: { id } })).body.msg).toBe('Desactivado correctamente');
    // Someone named on no work order can still be removed.
    const created = await api.call('POST', '/users/create', { token: admin, json: { id: 0, id_role: 11, name: 'Temporal', surname: 'Operador', document: '70000003' } });
    const fresh = (created.body.item as Row).id;
    expect((await api.call('GET', '/users/remove', { token: admin, query: { id: fresh } })).body.msg).toBe('Eliminado correctamente');
  });
});
