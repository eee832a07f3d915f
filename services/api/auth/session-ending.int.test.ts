import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from './internal/password';
import { useTestApi } from '../../../tests/harness/api';
import { hashToken } from '../platform/principal';
import { rebuildProjection } from '../../../projections/rebuild';
import { sessionsProjection } from '../../../projections/access/sessions';

// Issue 13 §3 and §12: sessions end with the credentials they were opened with, a disable ends
// them for good, a 'login as' session ends with the administrator's, and only root closes root's.
const api = useTestApi({ demo: 'access', live: true });
const sockets: Socket[] = [];
afterAll(() => {
  for (const s of sockets) s.close();
});

let people = 0;
/** A new user of profile `role` (supervisor by default) with a password, for one test. */
async function person(role = 15): Promise<{ id: number; email: string; password: string }> {
  const n = ++people;
  const email = `persona${n}@faena.pe`;
  const password = `Clave2026x${n}`;
  const admin = await api.login('root@faena.pe');
  const r = await api.call('POST', '/users/create', { token: admin, json: { id: 0, id_role: role, name: 'Persona', surname: `Prueba ${n}`, document: String(70_000_000 + n), email } });
  const id = (r.body.item as { id: number }).id;
  await api.sql`INSERT INTO auth_credentials (id_user, password_hash) VALUES (${id}, ${await hashPassword(password)})`;
  return { id, email, password };
}

const alive = async (token: string) => (await api.call('GET', '/me', { token })).status === 200;

/** A socket of the session, connected; resolves `closed` when the server drops it. */
async function socketOf(token: string): Promise<{ socket: Socket; closed: Promise<string> }> {
  const socket = io(`http://127.0.0.1:${api.server.port}`, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return { socket, closed };
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);
}

describe('credential changes end the other sessions and their sockets (issue 13 §3)', () => {
  it('a password change keeps the session that made it and ends every other one', async () => {
    const p = await person();
    const [here, there] = [await api.login(p.email, p.password), await api.login(p.email, p.password)];
    const live = await socketOf(there);
    const r = await api.call('POST', '/me/cambiarClave', { token: here, json: { current_password: p.password, new_password_1: 'Nueva2027x', new_password_2: 'Nueva2027x' } });
    expect(r.status).toBe(200);
    expect(await alive(here)).toBe(true);
    const after = await api.call('GET', '/me', { token: there });
    expect([after.status, after.body.msg]).toEqual([401, 'session_expired']);
    expect(await within(live.closed, 5000, 'the other session’s socket')).toBe('io server disconnect');
  });

  it('a recovery reset ends every session of the user', async () => {
    const p = await person();
    const sessions = [await api.login(p.email, p.password), await api.login(p.email, p.password)];
    const live = await socketOf(sessions[0]);
    const token = 'enlace-de-prueba-sesiones-1';
    await api.sql`INSERT INTO auth_recovery_tokens (token_hash, id_user, expires_at) VALUES (${hashToken(token)}, ${p.id}, now() + interval '1 hour')`;
    const saved = await api.call('POST', '/recover/save', { json: { token_recover: token, password1: 'Nueva2027y', password2: 'Nueva2027y' } });
    expect(saved.body).toMatchObject({ ok: true, base_dir: '/login' });
    for (const s of sessions) expect(await alive(s)).toBe(false);
    await within(live.closed, 5000, 'the socket');
    expect(await alive(await api.login(p.email, 'Nueva2027y'))).toBe(true);
  });

  it('a password set by an administrator ends the user’s sessions', async () => {
    const p = await person();
    const session = await api.login(p.email, p.password);
    const admin = await api.login('admin@faena.pe');
    const r = await api.call('POST', '/users/create', { token: admin, json: { id: p.id, id_role: 15, name: 'Persona', surname: 'Cambiada', document: '1', email: p.email, password: 'Generica2027' } });
    expect(r.status).toBe(200);
    expect(await alive(session)).toBe(false);
    expect(await alive(admin)).toBe(true);
  });

  it('a disable ends the sessions for good: enabling the user again opens none of them', async () => {
    const p = await person();
    const session = await api.login(p.email, p.password);
    const live = await socketOf(session);
    const admin = await api.login('admin@faena.pe');
    expect((await api.call('POST', '/users/disable', { token: admin, json: { id: p.id } })).status).toBe(200);
    await within(live.closed, 5000, 'the socket');
    expect((await api.call('POST', '/users/enable', { token: admin, json: { id: p.id } })).status).toBe(200);
    expect(await alive(session)).toBe(false);
    const [row] = await api.sql`SELECT date_deleted FROM auth_sessions WHERE token_hash = ${hashToken(session)}`;
    expect(row.date_deleted).not.toBeNull(); // closed in the session list too
    expect(await alive(await api.login(p.email, p.password))).toBe(true);
  });
});

describe('sessions and links (issue 13 §12)', () => {
  it('a login-as session ends when the administrator’s session does', async () => {
    const p = await person();
    const admin = await api.login('admin@faena.pe');
    const as = (await api.call('POST', '/users/loginAs', { token: admin, json: { id: p.id } })).body.token as string;
    expect(await alive(as)).toBe(true);
    const live = await socketOf(as);
    expect((await api.call('POST', '/login/logout', { token: admin })).status).toBe(200);
    expect(await alive(as)).toBe(false);
    await within(live.closed, 5000, 'the login-as socket');

    // Also when the administrator's session is closed from the sessions screen.
    const admin2 = await api.login('admin@faena.pe');
    const as2 = (await api.call('POST', '/users/loginAs', { token: admin2, json: { id: p.id } })).body.token as string;
    const [adminSession] = await api.sql`SELECT id FROM auth_sessions WHERE token_hash = ${hashToken(admin2)}`;
    const root = await api.login('root@faena.pe');
    expect((await api.call('GET', '/sessions/remove', { token: root, query: { id: adminSession.id } })).status).toBe(200);
    expect(await alive(as2)).toBe(false);
  });

  it('an administrator cannot close root’s sessions; root can', async () => {
    const root = await api.login('root@faena.pe');
    const [rootSession] = await api.sql`SELECT id FROM auth_sessions WHERE token_hash = ${hashToken(root)}`;
    const admin = await api.login('admin@faena.pe');
    const refused = await api.call('GET', '/sessions/remove', { token: admin, query: { id: rootSession.id } });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('Solo el usuario root puede cerrar las sesiones de root');
    expect(await alive(root)).toBe(true);
    const other = await api.login('root@faena.pe');
    expect((await api.call('GET', '/sessions/remove', { token: other, query: { id: rootSession.id } })).status).toBe(200);
    expect(await alive(root)).toBe(false);
  });

  it('using one recovery link voids the user’s other outstanding links', async () => {
    const p = await person();
    const links = ['enlace-uno-anula', 'enlace-dos-anula', 'enlace-tres-anula'];
    for (const l of links) await api.sql`INSERT INTO auth_recovery_tokens (token_hash, id_user, expires_at) VALUES (${hashToken(l)}, ${p.id}, now() + interval '1 hour')`;
    for (const l of links) expect((await api.call('GET', '/recover', { query: { token_recover: l } })).status).toBe(200);
    // (Through the GET old clients use, which the POST shares.)
    const saved = await api.call('GET', '/recover/save', { query: { token_recover: links[1], password1: 'Nueva2027z', password2: 'Nueva2027z' } });
    expect(saved.status).toBe(200);
    for (const l of [links[0], links[2]]) {
      const r = await api.call('GET', '/recover', { query: { token_recover: l } });
      expect([r.status, r.body.msg]).toEqual([422, 'El enlace de recuperación no es válido o ha expirado']);
    }
  });

  it('POST /recover/save keeps the password out of the URL; the GET still works for old clients', async () => {
    const p = await person();
    for (const [l, method] of [['enlace-post-1', 'POST'], ['enlace-get-1', 'GET']] as const) {
      await api.sql`INSERT INTO auth_recovery_tokens (token_hash, id_user, expires_at) VALUES (${hashToken(l)}, ${p.id}, now() + interval '1 hour')`;
      const input = { token_recover: l, password1: `Nueva2027${method}`, password2: `Nueva2027${method}` };
      const r = method === 'POST' ? await api.call('POST', '/recover/save', { json: input }) : await api.call('GET', '/recover/save', { query: input });
      expect(r.body, method).toMatchObject({ ok: true, msg: 'Guardado correctamente', base_dir: '/login' });
      expect(await alive(await api.login(p.email, input.password1))).toBe(true);
    }
  });

  it('a socket is dropped when its session expires', async () => {
    const p = await person();
    const token = await api.login(p.email, p.password);
    // The session runs out two seconds from now.
    await api.sql`UPDATE auth_sessions SET date_expiration = now() + interval '2 seconds' WHERE token_hash = ${hashToken(token)}`;
    const live = await socketOf(token);
    expect(await within(live.closed, 6000, 'the expired session’s socket')).toBe('io server disconnect');
  });

  it('a session’s last use is kept beside it, so rebuilding the sessions from the log gives back the same rows', async () => {
    const p = await person();
    const token = await api.login(p.email, p.password);
    const [s] = await api.sql<{ id: string }[]>`SELECT id::text FROM auth_sessions WHERE token_hash = ${hashToken(token)}`;
    await api.sql`INSERT INTO auth_session_use (id_session, date_used) VALUES (${s.id}, now() - interval '2 minutes')
      ON CONFLICT (id_session) DO UPDATE SET date_used = now() - interval '2 minutes'`;
    // Only this person's sessions: other tests here move an expiry by hand.
    const rows = async () => (await api.sql`SELECT * FROM auth_sessions WHERE id_user = ${p.id} ORDER BY id`).map((r) => JSON.stringify(r));
    const before = await rows();
    expect(await alive(token)).toBe(true);
    // The touch is not awaited by the request: wait for it to land.
    let used = 0;
    for (let i = 0; i < 100 && used === 0; i++) {
      [{ n: used }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM auth_session_use WHERE id_session = ${s.id} AND date_used > now() - interval '1 minute'`;
      if (used === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(used).toBe(1);
    expect(await rows()).toEqual(before);
    await rebuildProjection(api.sql, api.store, sessionsProjection, 'inline');
    expect(await rows()).toEqual(before);
    const admin = await api.login('root@faena.pe');
    const list = await api.call('GET', '/sessions', { token: admin, query: { search: 'Persona' , length: 100 } });
    const row = (list.body.items as { id: string; date_updated: string }[] | undefined)?.find((r) => r.id === s.id);
    expect(row && Date.now() - new Date(row.date_updated).getTime()).toBeLessThan(60_000);
  });
});
