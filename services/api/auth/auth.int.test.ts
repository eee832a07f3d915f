import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../../tests/harness/api';

const api = useTestApi({ demo: 'access' });
const captcha = (email?: string) => api.captcha(email);

/** The recovery mail's link token (the mail is queued just after the reply). */
async function recoveryToken(email: string, before = new Set<string>()): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const jobs = await api.sql`SELECT id, data FROM pgboss.job WHERE name = 'mail' AND data ->> 'to' = ${email} ORDER BY created_on DESC`;
    const fresh = jobs.find((j) => !before.has(String(j.id)));
    if (fresh) return /recover_password\/([A-Za-z0-9_-]+)/.exec(fresh.data.text)![1];
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no recovery mail for ${email}`);
}

describe('sign-in and sessions', () => {
  it('signs in with a solved captcha and returns the login result shape', async () => {
    const r = await api.call('POST', '/auth/login', {
      json: { username: 'ADMIN@faena.pe', password: 'Faena2026!', token_captcha: await captcha(), platform: 'web', os: 'Linux' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, msg: '', errors: {}, name: 'Ana', surname: 'Quispe Rojas', ro_name: 'admin' });
    expect(r.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const me = await api.call('GET', '/me', { token: r.body.token as string });
    expect(me.status).toBe(200);
    const user = me.body.user as { role: string[]; data: { displayName: string }; navigation: { children: { url: string }[] }[] };
    expect(user.data.displayName).toBe('Ana Quispe Rojas');
    expect(user.navigation.flatMap((g) => g.children.map((c) => c.url))).toContain('/marcas');
    // The token is stored hashed only.
    const [row] = await api.sql`SELECT encode(token_hash, 'hex') AS h FROM auth_sessions ORDER BY date_created DESC LIMIT 1`;
    expect(row.h).not.toContain(r.body.token);
  });

  it('refuses a wrong or reused captcha', async () => {
    const bad = await api.call('POST', '/auth/login', { json: { username: 'admin@faena.pe', password: 'Faena2026!', token_captcha: 'abc' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.token_captcha).toBe('Resuelva el captcha nuevamente');
    const solved = await captcha();
    expect((await api.call('POST', '/auth/login', { json: { username: 'admin@faena.pe', password: 'Faena2026!', token_captcha: solved } })).status).toBe(200);
    const replay = await api.call('POST', '/auth/login', { json: { username: 'admin@faena.pe', password: 'Faena2026!', token_captcha: solved } });
    expect(replay.status).toBe(422);
  });

  it('a wrong password is refused with the field message', async () => {
    const r = await api.call('POST', '/auth/login', { json: { username: 'jefe@faena.pe', password: 'nope-1234', token_captcha: await captcha() } });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ ok: false, msg: 'Correo o contraseña incorrectos' });
    expect(r.body.errors.password).toBe('Correo o contraseña incorrectos');
  });

  it('throttles an account from one address after repeated failures (429 with a Spanish message)', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await api.call('POST', '/auth/login', { json: { username: 'mecanico@faena.pe', password: 'wrong-pass-1', token_captcha: await captcha('mecanico@faena.pe') } });
      expect(r.status).toBe(401);
    }
    const blocked = await api.call('POST', '/auth/login', { json: { username: 'mecanico@faena.pe', password: 'Faena2026!', token_captcha: await captcha('mecanico@faena.pe') } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toMatch(/^Demasiados intentos fallidos\. Intente nuevamente en \d+ minutos?\.$/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a worker profile without system access cannot sign in', async () => {
    const [op] = await api.sql`SELECT id FROM rm_users WHERE id_role = 11`;
    await api.sql`INSERT INTO auth_credentials (id_user, password_hash) SELECT ${op.id}, password_hash FROM auth_credentials LIMIT 1`;
    const [email] = await api.sql`UPDATE rm_users SET email = 'operador@faena.pe' WHERE id = ${op.id} RETURNING email`;
    const r = await api.call('POST', '/auth/login', { json: { username: email.email, password: 'Faena2026!', token_captcha: await captcha() } });
    expect(r.status).toBe(401);
  });

  it('expiry: after the session hours the token answers session_expired', async () => {
    const token = await api.login('asistente@faena.pe');
    expect((await api.call('GET', '/me', { token })).status).toBe(200);
    api.clock.now = new Date(Date.now() + (api.deps.config.sessionHours + 1) * 3600_000);
    try {
      const r = await api.call('GET', '/me', { token });
      expect(r.status).toBe(401);
      expect(r.body.msg).toBe('session_expired');
    } finally {
      api.clock.now = null;
    }
  });

  it('logout and revocation make the token useless on the next request', async () => {
    const token = await api.login('supervisor@faena.pe');
    expect((await api.call('POST', '/login/logout', { token })).status).toBe(200);
    expect((await api.call('GET', '/me', { token })).body.msg).toBe('session_expired');

    const victim = await api.login('supervisor@faena.pe');
    const admin = await api.login('admin@faena.pe');
    const [s] = await api.sql`SELECT id FROM auth_sessions WHERE date_deleted IS NULL ORDER BY date_created DESC OFFSET 1 LIMIT 1`;
    const list = await api.call('GET', '/sessions', { token: admin, query: { activas: 1, limit: 100 } });
    expect((list.body.items as { id: string }[]).some((x) => x.id === s.id)).toBe(true);
    const removed = await api.call('GET', '/sessions/remove', { token: admin, query: { id: s.id } });
    expect(removed.body).toMatchObject({ ok: true, msg: 'Eliminado correctamente' });
    const after = await api.call('GET', '/me', { token: victim });
    expect(after.status).toBe(401);
    expect(after.body.msg).toBe('session_expired');
  });

  it('the legacy GET /login/login is refused with a clear message', async () => {
    const r = await api.call('GET', '/login/login', { query: { username: 'a@b.c', password: 'x' } });
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('POST /auth/login');
  });

  it('POST /auth/register: no self-registration, a clear 403 and nothing stored (issue 13 §18)', async () => {
    const count = () => api.sql`SELECT count(*)::int AS n FROM es_events WHERE event_type <> 'SessionOpened'`;
    const before = await count();
    for (const token of [null, await api.login('admin@faena.pe')]) {
      const r = await api.call('POST', '/auth/register', { token, json: { displayName: 'Nuevo', email: 'nuevo@faena.pe', password: 'Faena2026!' } });
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ ok: false, msg: 'El registro de usuarios no está habilitado: pida una cuenta al administrador', errors: {} });
      expect(r.body).not.toHaveProperty('access_token');
    }
    const [user] = await api.sql`SELECT 1 FROM rm_users WHERE email = 'nuevo@faena.pe'`;
    expect(user).toBeUndefined();
    // Only the admin's sign-in was written.
    const after = await count();
    expect(after[0].n).toBe(before[0].n);
  });

  it('recovery: the mailed token works once and only once', async () => {
    const r = await api.call('POST', '/auth/recover', { json: { username: 'almacen.obra@faena.pe' } });
    expect(r.body).toMatchObject({ ok: true, msg: 'Si el correo está registrado, recibirá un enlace para restablecer su contraseña.' });
    const unknown = await api.call('POST', '/auth/recover', { json: { username: 'nadie@faena.pe' } });
    expect(unknown.body.msg).toBe(r.body.msg); // no account enumeration
    const token = await recoveryToken('almacen.obra@faena.pe');
    expect((await api.call('GET', '/recover', { query: { token_recover: token } })).status).toBe(200);
    const mismatch = await api.call('GET', '/recover/save', { query: { token_recover: token, password1: 'Nueva2026x', password2: 'Otra2026x' } });
    expect(mismatch.body.errors.password2).toBe('Las contraseñas no coinciden');
    const saved = await api.call('GET', '/recover/save', { query: { token_recover: token, password1: 'Nueva2026x', password2: 'Nueva2026x' } });
    expect(saved.body).toMatchObject({ ok: true, base_dir: '/login' });
    const again = await api.call('GET', '/recover/save', { query: { token_recover: token, password1: 'Otra2026xx', password2: 'Otra2026xx' } });
    expect(again.status).toBe(422);
    expect(again.body.msg).toBe('El enlace de recuperación no es válido o ha expirado');
    expect(await api.login('almacen.obra@faena.pe', 'Nueva2026x')).toBeTruthy();
    const [ev] = await api.sql`SELECT data FROM es_events WHERE event_type = 'PasswordChanged' ORDER BY global_position DESC LIMIT 1`;
    expect(JSON.stringify(ev.data)).not.toContain('argon2');
  });

  it('change password: current checked, strength, confirmation; generic flag reported', async () => {
    const token = await api.login('almacen.central@faena.pe');
    const wrong = await api.call('POST', '/me/cambiarClave', { token, json: { current_password: 'x', new_password_1: 'Abcdef123', new_password_2: 'Abcdef123' } });
    expect(wrong.body.errors.current_password).toBe('La contraseña actual no es correcta');
    const weak = await api.call('POST', '/me/cambiarClave', { token, json: { current_password: 'Faena2026!', new_password_1: 'abc', new_password_2: 'abc' } });
    expect(weak.body.errors.new_password_1).toBeTruthy();
    const ok = await api.call('POST', '/me/cambiarClave', { token, json: { current_password: 'Faena2026!', new_password_1: 'Almacen2027', new_password_2: 'Almacen2027' } });
    expect(ok.body).toMatchObject({ ok: true, cambiar_clave_generica: false });
  });

  it('the menu is in Spanish by default: demo, new users and users with no language stored; en, tr and ar stay', async () => {
    type Me = { data: { language: string }; languages: { id: number; key: string }[]; navigation: { title: string; translate: Record<string, string> }[] };
    const token = await api.login('supervisor@faena.pe');
    const me = (await api.call('GET', '/me', { token })).body.user as Me;
    expect(me.data.language).toBe('es');
    expect(me.languages.map((l) => l.key)).toEqual(['es', 'en', 'tr', 'ar']);
    // Every menu entry of the seeds carries its Spanish label.
    for (const group of me.navigation) expect(group.translate.es).toBe(group.title);
    // A user the administrator creates reads the menu in Spanish.
    const admin = await api.login('admin@faena.pe');
    const created = await api.call('POST', '/users/create', { token: admin, json: { id: 0, id_role: 11, name: 'Nuevo', surname: 'Operador', document: '70000001' } });
    expect(created.status).toBe(200);
    const [stored] = await api.sql`SELECT id_language FROM rm_users WHERE document = '70000001'`;
    expect(stored.id_language).toBe(4);
    // A user with no language stored (0, or one not offered) reads it in Spanish too.
    await api.sql`UPDATE rm_users SET id_language = 0 WHERE email = 'supervisor@faena.pe'`;
    expect(((await api.call('GET', '/me', { token })).body.user as Me).data.language).toBe('es');
    // The other three languages are still offered.
    for (const [id, key] of [[1, 'en'], [2, 'tr'], [3, 'ar'], [4, 'es']] as const) {
      const r = await api.call('POST', '/me/setLanguage', { token, json: { id_language: id } });
      expect((r.body.user as Me).data.language).toBe(key);
    }
  });

  it('language and user settings are saved as events on the user record', async () => {
    const token = await api.login('jefe@faena.pe');
    const lang = await api.call('POST', '/me/setLanguage', { token, json: { id_language: 3 } });
    expect((lang.body.user as { data: { language: string } }).data.language).toBe('ar');
    const upd = await api.call('POST', '/me/update', { token, json: { settings: { layout: 'layout2' }, shortcuts: ['/equipos'] } });
    expect((upd.body.user as { data: { settings: unknown; shortcuts: unknown } }).data).toMatchObject({ settings: { layout: 'layout2' }, shortcuts: ['/equipos'] });
    const bad = await api.call('POST', '/me/setLanguage', { token, json: { id_language: 9 } });
    expect(bad.status).toBe(422);
  });
});
