import { describe, expect, it } from 'vitest';
import { updateRecord } from '../../../../events/record/commands';
import { useTestApi } from '../../../../tests/harness/api';
import { openSession } from '../../auth/sessions';

// GET /history: a record's own stream, read from the event log.
const api = useTestApi();

type Item = Record<string, unknown> & { version: number; changes: { field: string; from: unknown; to: unknown }[] };

async function userId(email: string): Promise<number> {
  const [row] = await api.sql`SELECT id::int AS id FROM rm_users WHERE email = ${email}`;
  return row.id as number;
}

async function sessionOf(email: string): Promise<string> {
  const [row] = await api.sql`SELECT s.id::text AS id FROM auth_sessions s JOIN rm_users u ON u.id = s.id_user
    WHERE u.email = ${email} ORDER BY s.date_created DESC LIMIT 1`;
  return row.id as string;
}

describe('GET /history', () => {
  it('every event of the record in order: who, session, when and the fields before → after', async () => {
    const token = await api.login('admin@faena.pe');
    const session = await sessionOf('admin@faena.pe');
    const created = await api.call('POST', '/marcas/create', { token, json: { id: 0, nombre: 'Liugong' } });
    const id = (created.body.item as { id: number }).id;
    await api.call('POST', '/marcas/create', { token, json: { id, nombre: 'LiuGong CE' } });
    await api.call('POST', '/marcas/disable', { token, json: { id } });

    const r = await api.call('GET', '/history', { token, query: { stream_type: 'marca', id } });
    expect(r.status).toBe(200);
    const items = r.body.items as Item[];
    expect(items.map((i) => [i.version, i.type, i.action])).toEqual([
      [1, 'RecordCreated', 'creó'],
      [2, 'RecordUpdated', 'modificó'],
      [3, 'RecordDisabled', 'desactivó'],
    ]);
    const ana = await userId('admin@faena.pe');
    for (const item of items) {
      expect(item).toMatchObject({ who: 'Ana Quispe Rojas', user_id: ana, original_who: null, original_user_id: null, session, ago: 'hace un momento' });
      expect(Math.abs(Date.parse(String(item.when)) - Date.now())).toBeLessThan(60_000);
    }
    expect(items[0].changes).toEqual([
      { field: 'estado', from: null, to: 1 },
      { field: 'nombre', from: null, to: 'Liugong' },
    ]);
    expect(items[1].changes).toEqual([{ field: 'nombre', from: 'Liugong', to: 'LiuGong CE' }]);
    expect(items[2].changes).toEqual([{ field: 'estado', from: 1, to: 0 }]);
  });

  it("names the real user behind a 'login as' and never shows token or password hashes", async () => {
    const ana = await userId('admin@faena.pe');
    const jorge = await userId('jefe@faena.pe');
    const { token: asJorge, sessionId } = await openSession(api.store, {
      userId: jorge,
      originalUserId: ana,
      device: { platform: 'web' },
      ip: '127.0.0.1',
      hours: 1,
      now: new Date(),
    });
    expect((await api.call('POST', '/me/setLanguage', { token: asJorge, json: { id_language: 3 } })).status).toBe(200);
    // An event carrying secrets (no route writes one; the history must hide them anyway).
    await updateRecord(api.store, 'user', jorge, { token_hash: 'ab'.repeat(32), password_hash: '$argon2id$v=19$secret', phone: '999 111 222' }, { metadata: { userId: ana } });

    const admin = await api.login('admin@faena.pe');
    const r = await api.call('GET', '/history', { token: admin, query: { stream_type: 'user', id: jorge } });
    expect(r.status).toBe(200);
    const items = r.body.items as Item[];
    const viaLoginAs = items.find((i) => i.session === sessionId)!;
    expect(viaLoginAs).toMatchObject({
      type: 'RecordUpdated',
      who: 'Jorge Huamán Torres',
      user_id: jorge,
      original_who: 'Ana Quispe Rojas',
      original_user_id: ana,
      changes: [{ field: 'id_language', from: 4, to: 3 }],
    });
    expect(items[items.length - 1].changes).toEqual([{ field: 'phone', from: '', to: '999 111 222' }]);

    const body = JSON.stringify(r.body);
    expect(body).not.toContain('token_hash');
    expect(body).not.toContain('ab'.repeat(32));
    expect(body).not.toContain('argon2');
    const hashes = await api.sql`SELECT encode(token_hash, 'hex') AS h FROM auth_sessions`;
    expect(hashes.length).toBeGreaterThan(1);
    for (const { h } of hashes) expect(body).not.toContain(h as string);
    const [cred] = await api.sql`SELECT password_hash FROM auth_credentials WHERE id_user = ${jorge}`;
    expect(body).not.toContain(cred.password_hash as string);
  });

  it('needs the see right on the module that owns the stream type; unknown types are refused', async () => {
    const asistente = await api.login('asistente@faena.pe'); // /equipos edit, no /users, no master data
    const [equipo] = await api.sql`SELECT id::int AS id FROM rm_equipos ORDER BY id LIMIT 1`;
    const ok = await api.call('GET', '/history', { token: asistente, query: { stream_type: 'equipo', id: equipo.id } });
    expect(ok.status).toBe(200);
    expect((ok.body.items as Item[])[0]).toMatchObject({ version: 1, type: 'RecordCreated', who: 'Sistema', user_id: null, session: null });
    const [marca] = await api.sql`SELECT id::int AS id FROM rm_marcas ORDER BY id LIMIT 1`;
    expect((await api.call('GET', '/history', { token: asistente, query: { stream_type: 'marca', id: marca.id } })).status).toBe(403);
    const users = await api.call('GET', '/history', { token: asistente, query: { stream_type: 'user', id: 1 } });
    expect(users.status).toBe(403);
    expect(users.body.msg).toBe('No tiene permiso para realizar esta acción');

    const admin = await api.login('admin@faena.pe');
    expect((await api.call('GET', '/history', { token: admin, query: { stream_type: 'module', id: 1 } })).status).toBe(403); // root-only module
    const root = await api.login('root@faena.pe');
    expect((await api.call('GET', '/history', { token: root, query: { stream_type: 'module', id: 1 } })).status).toBe(200);

    for (const stream_type of ['session', 'notification', 'es_events', 'nada']) {
      const r = await api.call('GET', '/history', { token: root, query: { stream_type, id: 1 } });
      expect(r.status, stream_type).toBe(422);
      expect(r.body.errors).toEqual({ stream_type: 'Tipo de registro no válido' });
    }
    const bad = await api.call('GET', '/history', { token: root, query: { stream_type: 'marca; --', id: 'x' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ stream_type: 'Tipo de registro no válido', id: 'Identificador inválido' });
    expect((await api.call('GET', '/history', { query: { stream_type: 'marca', id: 1 } })).status).toBe(401);
  });

  it('a record without events has an empty history', async () => {
    const root = await api.login('root@faena.pe');
    const r = await api.call('GET', '/history', { token: root, query: { stream_type: 'marca', id: 999999 } });
    expect(r.status).toBe(200);
    expect(r.body.items).toEqual([]);
  });
});
