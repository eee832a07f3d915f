import { describe, expect, it } from 'vitest';
import { updateRecord } from '../../../../events/record/commands';
import { hashPassword } from '../../auth/internal/password';
import { useTestApi } from '../../../../tests/harness/api';

// Issue 13 §2: an administrator could save the root profile with system_user 0, after which every
// root session answered 401 and root could not sign in. Only root changes the root profile and
// the root users, and nobody can remove the last way in.
const api = useTestApi({ demo: 'access' });

const ROOT_PROFILE = { id: 1, name: 'root', id_type_user: 1, system_user: 0, admin: 0, menu_collapsed: 0, horometros: 0 };

describe('the root profile and root users', () => {
  it('an administrator cannot change, disable or remove the root profile; root keeps signing in', async () => {
    const root = await api.login('root@faena.pe');
    const admin = await api.login('admin@faena.pe');
    const attempts = [
      await api.call('POST', '/roles/create', { token: admin, json: ROOT_PROFILE }),
      await api.call('POST', '/roles/create', { token: admin, json: { ...ROOT_PROFILE, system_user: 1, perms: [] } }),
      await api.call('POST', '/roles/disable', { token: admin, json: { id: 1 } }),
      await api.call('POST', '/roles/enable', { token: admin, json: { id: 1 } }),
      await api.call('GET', '/roles/remove', { token: admin, query: { id: 1 } }),
    ];
    for (const r of attempts) expect([r.status, r.body.msg]).toEqual([403, 'Solo el usuario root puede modificar el perfil root']);
    const [profile] = await api.sql`SELECT "system_user", estado FROM rm_roles WHERE id = 1`;
    expect(profile).toEqual({ system_user: 1, estado: 1 });
    expect((await api.call('GET', '/me', { token: root })).status).toBe(200);
    expect(await api.login('root@faena.pe')).toBeTruthy();
    // The form (a read) stays open to the profiles screen.
    expect((await api.call('POST', '/roles/form', { token: admin, json: { id: 1 } })).status).toBe(200);
  });

  it('root itself cannot take system access away from the root profile', async () => {
    const root = await api.login('root@faena.pe');
    const r = await api.call('POST', '/roles/create', { token: root, json: ROOT_PROFILE });
    expect(r.status).toBe(422);
    expect(r.body.errors.system_user).toBe('El perfil root debe conservar el acceso al sistema');
    expect((await api.call('GET', '/me', { token: root })).status).toBe(200);
  });

  it('an administrator cannot disable, enable or remove a root user; the last active root user stays', async () => {
    const root = await api.login('root@faena.pe');
    const admin = await api.login('admin@faena.pe');
    const created = await api.call('POST', '/users/create', {
      token: root,
      json: { id: 0, id_role: 1, name: 'Segundo', surname: 'Root', document: '10000002', email: 'root2@faena.pe' },
    });
    const second = (created.body.item as { id: number }).id;
    await api.sql`INSERT INTO auth_credentials (id_user, password_hash) VALUES (${second}, ${await hashPassword('Segundo2026')})`;
    for (const [method, path] of [['POST', '/users/disable'], ['POST', '/users/enable'], ['GET', '/users/remove']] as const) {
      const r = method === 'POST' ? await api.call('POST', path, { token: admin, json: { id: second } }) : await api.call('GET', path, { token: admin, query: { id: second } });
      expect([path, r.status, r.body.msg]).toEqual([path, 403, 'Solo el usuario root puede modificar al usuario root']);
    }
    expect(await api.login('root2@faena.pe', 'Segundo2026')).toBeTruthy();

    // With the first root user no longer protected and disabled by root, the second is the last.
    const [first] = await api.sql`SELECT id FROM rm_users WHERE email = 'root@faena.pe'`;
    await updateRecord(api.store, 'user', Number(first.id), { protected: 0 });
    const second2 = await api.login('root2@faena.pe', 'Segundo2026');
    expect((await api.call('POST', '/users/disable', { token: second2, json: { id: Number(first.id) } })).status).toBe(200);
    for (const r of [
      await api.call('POST', '/users/disable', { token: second2, json: { id: second } }),
      await api.call('GET', '/users/remove', { token: second2, query: { id: second } }),
    ]) {
      expect([r.status, r.body.msg]).toEqual([422, 'Debe quedar al menos un usuario root activo']);
    }
    const moved = await api.call('POST', '/users/create', {
      token: second2,
      json: { id: second, id_role: 16, name: 'Segundo', surname: 'Root', document: '10000002', email: 'root2@faena.pe' },
    });
    expect([moved.status, moved.body.errors.id_role]).toEqual([422, 'Debe quedar al menos un usuario root activo']);
    expect((await api.call('GET', '/me', { token: second2 })).status).toBe(200);
  });
});
