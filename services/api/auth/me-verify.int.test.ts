import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../../tests/harness/api';

// Issue 29, seed 000 rows: `GET /verify | token | ok, token, user, msg` (§7) and the menu entries of
// `GET /me` with the seed's keys (§3 Navigation item: ... auth, badge (title, bg, fg), children,
// exact, target).
const api = useTestApi({ demo: 'access' });

type Entry = {
  id: string;
  title: string;
  type: string;
  url?: string;
  auth: string[];
  badge: unknown;
  exact: boolean;
  target: string | null;
  children?: Entry[];
};
const flat = (items: Entry[]): Entry[] => items.flatMap((i) => [i, ...flat(i.children ?? [])]);

describe('GET /verify (seed 000 §7)', () => {
  it('takes the token as the `token` parameter: the same user as with the bearer header, and the token back', async () => {
    const token = await api.login('admin@faena.pe');
    const byHeader = await api.call('GET', '/verify', { token });
    expect(byHeader.status).toBe(200);
    const byParam = await api.call('GET', '/verify', { query: { token } });
    expect(byParam.status, JSON.stringify(byParam.body)).toBe(200);
    expect(byParam.body).toMatchObject({ ok: true, msg: '', token });
    expect(byParam.body.user).toEqual(byHeader.body.user);
    expect((byParam.body.user as { data: { displayName: string } }).data.displayName).toBe('Ana Quispe Rojas');
  });

  it('a closed session named by the parameter is session_expired; no token at all is 401 with the Spanish message', async () => {
    const token = await api.login('admin@faena.pe');
    expect((await api.call('POST', '/login/logout', { token })).status).toBe(200);
    const closed = await api.call('GET', '/verify', { query: { token } });
    expect(closed.status).toBe(401);
    expect(closed.body).toEqual({ ok: false, msg: 'session_expired', errors: {} });
    const none = await api.call('GET', '/verify');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ ok: false, msg: 'Debe iniciar sesión', errors: {} });
  });

  it('the bearer header, when sent, is the session checked and returned', async () => {
    const admin = await api.login('admin@faena.pe');
    const root = await api.login('root@faena.pe');
    const both = await api.call('GET', '/verify', { token: root, query: { token: admin } });
    expect(both.status).toBe(200);
    expect(both.body.token).toBe(root);
    expect((both.body.user as { role: string[] }).role).toEqual(['root']);
  });
});

describe('GET /me menu entries carry auth, badge, exact and target (seed 000 §3)', () => {
  it('every entry has the four keys; items open in the app, links in a new tab; root-only modules are for root', async () => {
    const root = await api.login('root@faena.pe');
    const create = async (json: Record<string, unknown>) => {
      const r = await api.call('POST', '/modules/create', { token: root, json: { id: 0, ...json } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    const groups = (await api.call('GET', '/modules', { token: root, query: { id_type_user: 1 } })).body.items as { id: number; name: string }[];
    const reportes = groups.find((g) => g.name === 'Reportes')!.id;
    await create({ name: 'Separador', type: 'divider', id_parent: reportes });
    await create({ name: 'SUNAT', type: 'link', url: 'https://www.sunat.gob.pe/', icon: 'public', id_parent: reportes });

    const nav = ((await api.call('GET', '/me', { token: root })).body.user as { navigation: Entry[] }).navigation;
    const all = flat(nav);
    for (const e of all) {
      expect(Object.keys(e), e.title).toEqual(expect.arrayContaining(['auth', 'badge', 'exact', 'target']));
      // No module carries a badge yet (a later issue gives each its work-queue count).
      expect(e.badge, e.title).toBeNull();
    }
    const byType = (type: string) => all.filter((e) => e.type === type);
    expect(byType('item').length).toBeGreaterThan(5);
    for (const item of byType('item')) {
      expect(item.target, item.title).toBe('_self');
      expect(item.exact, item.title).toBe(false);
    }
    expect(all.find((e) => e.title === 'SUNAT')).toMatchObject({ type: 'link', target: '_blank', exact: false, auth: ['root', 'admin', 'staff'] });
    expect(byType('divider').length).toBeGreaterThan(0);
    for (const e of [...byType('group'), ...byType('divider')]) expect(e.target, e.title).toBeNull();

    // /modules is root-only (the lock): its entry is for root alone; the group holding it and
    // other screens is for every role, as is a screen any profile may be given.
    expect(all.find((e) => e.url === '/modules')).toMatchObject({ auth: ['root'], target: '_self' });
    expect(all.find((e) => e.url === '/marcas')).toMatchObject({ auth: ['root', 'admin', 'staff'] });
    const holder = nav.find((g) => (g.children ?? []).some((c) => c.url === '/modules'))!;
    expect(holder.auth).toEqual(['root', 'admin', 'staff']);

    // Another profile's menu carries the keys too, without the root-only entry.
    const admin = await api.login('admin@faena.pe');
    const theirs = flat(((await api.call('GET', '/me', { token: admin })).body.user as { navigation: Entry[] }).navigation);
    expect(theirs.find((e) => e.url === '/modules')).toBeUndefined();
    expect(theirs.find((e) => e.url === '/marcas')).toMatchObject({ auth: ['root', 'admin', 'staff'], badge: null, exact: false, target: '_self' });
  });
});
