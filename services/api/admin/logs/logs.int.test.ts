import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../../../tests/harness/api';
import { catchUpActivityLog } from '../../../../tests/harness/catch-up-activity-log';
import { eventCatalogue } from '../../../../events/catalogues';
import { openSession } from '../../auth/sessions';

// /logs on the activity log projection (rm_activity_log), built from the event log.
const api = useTestApi();

type LogItem = Record<string, unknown> & { id: number; changes: Record<string, unknown> };

async function refreshLog() {
  await catchUpActivityLog(api.sql, api.store);
}

async function userId(email: string): Promise<number> {
  const [row] = await api.sql`SELECT id::int AS id FROM rm_users WHERE email = ${email}`;
  return row.id as number;
}

describe('GET /logs', () => {
  it('a created and an updated brand in the display form', async () => {
    const token = await api.login('admin@faena.pe');
    const created = await api.call('POST', '/marcas/create', { token, json: { id: 0, nombre: 'Sany' } });
    expect(created.status).toBe(200);
    const id = (created.body.item as { id: number }).id;
    expect((await api.call('POST', '/marcas/create', { token, json: { id, nombre: 'Sany Heavy' } })).status).toBe(200);
    await refreshLog();

    const r = await api.call('GET', '/logs', { token, query: { target: 'marca', id_target: id } });
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(2);
    const [updated, first] = r.body.items as LogItem[];
    const [session] = await api.sql`SELECT s.id::text AS id FROM auth_sessions s JOIN rm_users u ON u.id = s.id_user
      WHERE u.email = 'admin@faena.pe' ORDER BY s.date_created DESC LIMIT 1`;
    expect(updated).toMatchObject({
      type_user: 'Usuario',
      user_name: 'Ana Quispe Rojas',
      user_link: '/users?query=Ana%20Quispe%20Rojas',
      type_log_prefix: '',
      type_log_name: 'modificó',
      type_log_suffix: '(nombre)',
      target_name: 'Marca',
      target_item_name: 'Sany Heavy',
      target_item_link: '/marcas?query=Sany%20Heavy',
      ago: 'hace un momento',
      event_type: 'RecordUpdated',
      target: 'marca',
      id_target: id,
      id_user: await userId('admin@faena.pe'),
      id_user_original: null,
      id_session: session.id,
      changes: { nombre: { from: 'Sany', to: 'Sany Heavy' } },
      tl_name: 'Modificación',
    });
    expect(first).toMatchObject({
      type_log_name: 'creó',
      type_log_suffix: '',
      target_item_name: 'Sany Heavy',
      changes: { nombre: 'Sany' },
    });
    expect(Number.isNaN(Date.parse(String(first.date_created)))).toBe(false);
    expect(first.id).toBeLessThan(updated.id);

    // A removed record keeps its log lines, named by id and without a link.
    await api.call('GET', '/marcas/remove', { token, query: { id } });
    await refreshLog();
    const after = await api.call('GET', '/logs', { token, query: { target: 'marca', id_target: id } });
    const removed = (after.body.items as LogItem[])[0];
    expect(removed).toMatchObject({ type_log_name: 'eliminó', target_item_name: `#${id}`, target_item_link: null });
  });

  it('demo data written without a user reads as Sistema', async () => {
    const token = await api.login('admin@faena.pe');
    await refreshLog();
    const r = await api.call('GET', '/logs', { token, query: { target: 'unidad', type_log: 'RecordCreated', order_dir: 'asc', limit: 1 } });
    expect(r.body.items).toEqual([
      expect.objectContaining({ type_user: 'Sistema', user_name: 'Sistema', user_link: null, type_log_name: 'creó', target_name: 'Unidad' }),
    ]);
  });

  it('filters by event type, target and target id; bad filters are refused in Spanish', async () => {
    const token = await api.login('admin@faena.pe');
    await refreshLog();
    const [{ n: created }] = await api.sql`SELECT count(*)::int AS n FROM rm_activity_log WHERE event_type = 'RecordCreated' AND stream_type = 'modelo'`;
    const r = await api.call('GET', '/logs', { token, query: { type_log: 'RecordCreated', target: 'modelo', limit: 100 } });
    expect(r.body.total).toBe(created);
    expect(created).toBeGreaterThan(20);
    const items = r.body.items as LogItem[];
    expect(items.every((i) => i.event_type === 'RecordCreated' && i.target === 'modelo' && i.target_name === 'Modelo')).toBe(true);

    const [one] = await api.sql`SELECT id::int AS id, nombre FROM rm_modelos ORDER BY id LIMIT 1`;
    const byId = await api.call('GET', '/logs', { token, query: { target: 'modelo', id_target: one.id } });
    expect(byId.body.total).toBe(1);
    expect(byId.body.items).toEqual([expect.objectContaining({ target_item_name: one.nombre, id_target: one.id })]);

    const search = await api.call('GET', '/logs', { token, query: { query: 'QUISPE', target: 'session' } });
    expect((search.body.items as LogItem[]).length).toBeGreaterThan(0);
    expect((search.body.items as LogItem[]).every((i) => String(i.user_name).includes('Quispe'))).toBe(true);

    const bad = await api.call('GET', '/logs', { token, query: { type_log: 'x; DROP', id_target: 'abc', target: 'Marca!' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ type_log: 'Tipo de evento no válido', id_target: 'Identificador inválido', target: 'Objetivo no válido' });
  });

  it('15 rows per page unless the client asks for another size, with the total of the filters', async () => {
    const token = await api.login('admin@faena.pe');
    await refreshLog();
    const [{ n }] = await api.sql`SELECT count(*)::int AS n FROM rm_activity_log`;
    expect(n).toBeGreaterThan(45);
    const page1 = await api.call('GET', '/logs', { token });
    expect((page1.body.items as LogItem[]).length).toBe(15);
    expect(page1.body.total).toBe(n);
    const expected = await api.sql`SELECT global_position::int AS id FROM rm_activity_log ORDER BY date_created DESC, global_position DESC LIMIT 30`;
    const page2 = await api.call('GET', '/logs', { token, query: { page: 2 } });
    expect([...(page1.body.items as LogItem[]), ...(page2.body.items as LogItem[])].map((i) => Number(i.id))).toEqual(expected.map((e) => e.id));
    const last = Math.ceil(n / 15);
    const lastPage = await api.call('GET', '/logs', { token, query: { page: last } });
    expect((lastPage.body.items as LogItem[]).length).toBe(n - 15 * (last - 1));
    expect((await api.call('GET', '/logs', { token, query: { limit: 5 } })).body.items).toHaveLength(5);
    expect((await api.call('GET', '/logs', { token, query: { limit: 101 } })).status).toBe(422);
  });

  it("a 'login as' session shows both users, and so does what was done through it", async () => {
    const ana = await userId('admin@faena.pe');
    const jorge = await userId('jefe@faena.pe');
    const { token, sessionId } = await openSession(api.store, {
      userId: jorge,
      originalUserId: ana,
      device: { platform: 'web' },
      ip: '127.0.0.1',
      hours: 1,
      now: new Date(),
    });
    expect((await api.call('POST', '/me/setLanguage', { token, json: { id_language: 2 } })).status).toBe(200);
    await refreshLog();

    const admin = await api.login('admin@faena.pe');
    const r = await api.call('GET', '/logs', { token: admin, query: { type_log: 'SessionOpened', login_as: 1 } });
    expect(r.body.total).toBe(1);
    const opened = (r.body.items as LogItem[])[0];
    expect(opened).toMatchObject({
      type_user: 'Usuario',
      user_name: 'Ana Quispe Rojas (como Jorge Huamán Torres)',
      user_link: '/users?query=Ana%20Quispe%20Rojas',
      id_user: jorge,
      id_user_original: ana,
      id_session: sessionId,
      type_log_name: 'inició sesión',
      target_name: 'Sesión',
      target_item_name: `#${sessionId.replace(/-/g, '').slice(0, 8)}`,
      target_item_link: null,
      changes: {},
    });
    const [{ hash }] = await api.sql`SELECT encode(token_hash, 'hex') AS hash FROM auth_sessions WHERE id = ${sessionId}`;
    expect(JSON.stringify(r.body)).not.toContain(hash);

    const through = await api.call('GET', '/logs', { token: admin, query: { target: 'user', id_target: jorge, login_as: 1 } });
    expect(through.body.items).toEqual([
      expect.objectContaining({
        user_name: 'Ana Quispe Rojas (como Jorge Huamán Torres)',
        type_log_name: 'modificó',
        target_name: 'Usuario',
        target_item_name: 'Jorge Huamán Torres',
        target_item_link: '/users?query=Jorge%20Huam%C3%A1n%20Torres',
        changes: { id_language: { from: 4, to: 2 } },
      }),
    ]);
  });

  it('lookups for the type and target filters', async () => {
    const token = await api.login('admin@faena.pe');
    const types = await api.call('GET', '/logs/type_logs', { token });
    expect(types.status).toBe(200);
    expect(types.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: 'RecordCreated', label: 'Creación' }),
        expect.objectContaining({ value: 'SessionOpened', label: 'Inicio de sesión' }),
        expect.objectContaining({ value: 'PurchaseRequestDrafted', label: 'Borrador de solicitud' }),
      ]),
    );
    // The filter lists exactly the event catalogues' types, in the registry's order.
    expect((types.body.items as { value: string }[]).map((t) => t.value)).toEqual(Object.keys(eventCatalogue));
    const targets = await api.call('GET', '/logs/targets', { token });
    expect(targets.body.items).toEqual(expect.arrayContaining([{ value: 'marca', label: 'Marca' }, { value: 'legal', label: 'Texto legal' }]));
    for (const item of targets.body.items as { value: string }[]) {
      const r = await api.call('GET', '/logs', { token, query: { target: item.value, limit: 1 } });
      expect(r.status, item.value).toBe(200);
    }
  });

  it('the csv export carries the Spanish display columns', async () => {
    const token = await api.login('admin@faena.pe');
    await refreshLog();
    const res = await api.raw('GET', '/logs/export?kind=csv&target=marca&type_log=RecordCreated', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.split('\n')[0]).toContain('Fecha,Tipo de usuario,Usuario,Acción,Objetivo,Registro,Detalle');
    expect(text).toContain('Ana Quispe Rojas,creó,Marca,');
  });

  it('only users with the /logs right', async () => {
    const asistente = await api.login('asistente@faena.pe');
    expect((await api.call('GET', '/logs', { token: asistente })).status).toBe(403);
    expect((await api.call('GET', '/logs/type_logs', { token: asistente })).status).toBe(403);
    expect((await api.call('GET', '/logs')).status).toBe(401);
  });
});
