import { beforeAll, describe, expect, it } from 'vitest';
import { createRecord, updateRecord } from '../../../../events/record/commands';
import { useTestApi } from '../../../../tests/harness/api';
import { hashPassword } from '../../auth/internal/password';
import { KIT_MENU, MENU as DEMO_MENU } from '../../../demo/access-data';

// The tests' databases carry the UI kit's list (/example) before the product's menu.
const MENU = [KIT_MENU, ...DEMO_MENU];

// /modules through real calls on a real database: the menu tree, its reordering and the CRUD.
const api = useTestApi({ demo: 'access' });

type Body = Record<string, unknown> & { ok: boolean; msg: string; errors: Record<string, string> };
type Node = { id: number; id_parent: number | null; name: string; url: string | null; level: number; orden: number; root: number; estado: number; children: Node[] };
type CallOptions = { token?: string; json?: unknown; query?: Record<string, string | number>; form?: FormData | URLSearchParams };

let root: string;
let admin: string;

beforeAll(async () => {
  root = await api.login('root@faena.pe');
  admin = await api.login('admin@faena.pe');
});

async function call(method: 'GET' | 'POST', path: string, o: CallOptions = {}): Promise<{ status: number; body: Body }> {
  return await api.call(method, path, o);
}

async function tree(token = root, idTypeUser = 1): Promise<Node[]> {
  const r = await call('GET', '/modules', { token, query: { id_type_user: idTypeUser } });
  expect(r.status, r.body.msg).toBe(200);
  return r.body.items as Node[];
}

const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

async function moduleId(url: string): Promise<number> {
  const [row] = await api.sql`SELECT id FROM rm_modules WHERE url = ${url}`;
  return row.id as number;
}

async function groupId(name: string): Promise<number> {
  const [row] = await api.sql`SELECT id FROM rm_modules WHERE name = ${name} AND id_parent IS NULL`;
  return row.id as number;
}

async function eventCount(): Promise<number> {
  const [{ n }] = await api.sql`SELECT count(*)::int AS n FROM es_events`;
  return n as number;
}

async function lastEvents(id: number, after: number) {
  return (await api.store.readStream(`module-${id}`)).filter((e) => e.version > after);
}

async function version(id: number): Promise<number> {
  return api.store.streamVersion(`module-${id}`);
}

describe('GET /modules', () => {
  it('returns the menu of the user type as a tree: groups with their modules (children), in orden', async () => {
    const items = await tree();
    expect(items.map((g) => g.name)).toEqual(MENU.map((g) => g.name));
    items.forEach((group, i) => {
      expect(group).toMatchObject({ id_parent: null, level: 0, estado: 1 });
      expect(group.children.map((c) => c.name)).toEqual(MENU[i].children!.map((c) => c.name));
      for (const child of group.children) expect(child).toMatchObject({ id_parent: group.id, level: 1, children: [] });
      const orden = group.children.map((c) => c.orden);
      expect(orden).toEqual([...orden].sort((a, b) => a - b));
    });
    // The same order as the read model, top level first.
    const stored = await api.sql`SELECT id FROM rm_modules WHERE id_type_user = 1 AND id_parent IS NULL ORDER BY orden, id`;
    expect(items.map((g) => g.id)).toEqual(stored.map((r) => r.id));
    expect(await tree(root, 7)).toEqual([]);
  });

  it('shows root-only modules (and what is under them) to root only; the edit right gates reordering', async () => {
    // admin has no right on /modules: nobody but root has it in the demo.
    expect((await call('GET', '/modules', { token: admin })).status).toBe(403);
    const modulesId = await moduleId('/modules');
    const group = await call('POST', '/modules/create', { token: root, json: { id: 0, name: 'Solo root', type: 'group', root: 1 } });
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    const groupOnlyRoot = (group.body.item as Node).id;
    const child = await call('POST', '/modules/create', { token: root, json: { id: 0, name: 'Hijo', url: '/solo_root_hijo', id_parent: groupOnlyRoot } });
    expect(child.status, JSON.stringify(child.body)).toBe(200);

    // Give admin's profile the see right on /modules (only root could).
    const perms = await api.sql`SELECT id_module, see, edit FROM rm_role_permissions WHERE id_role = 16`;
    const withModules = [...perms.map((p) => ({ ...p })), { id_module: modulesId, see: 1, edit: 0 }];
    await updateRecord(api.store, 'role', 16, { perms: withModules });

    const seenByAdmin = flat(await tree(admin));
    expect(seenByAdmin.length).toBeGreaterThan(40);
    expect(seenByAdmin.filter((m) => m.root === 1)).toEqual([]);
    expect(seenByAdmin.map((m) => m.id)).not.toContain(modulesId);
    expect(seenByAdmin.map((m) => m.name)).not.toContain('Hijo');
    const seenByRoot = flat(await tree(root));
    expect(seenByRoot.find((m) => m.id === modulesId)).toMatchObject({ root: 1, url: '/modules' });
    expect(seenByRoot.find((m) => m.id === groupOnlyRoot)?.children.map((c) => c.name)).toEqual(['Hijo']);
    // Hidden modules do not exist for admin anywhere.
    expect((await call('POST', '/modules/form', { token: admin, json: { id: modulesId } })).status).toBe(404);

    // See without edit: no reordering.
    const items = [{ id: await moduleId('/unidades'), id_parent: await groupId('Maestros'), orden: 0 }];
    const refused = await call('POST', '/modules/resort', { token: admin, json: { items } });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('No tiene permiso para realizar esta acción');

    // With edit, admin reorders what it sees, but a root-only module is unknown to it.
    await updateRecord(api.store, 'role', 16, { perms: withModules.map((p) => (p.id_module === modulesId ? { ...p, edit: 1 } : p)) });
    expect((await call('POST', '/modules/resort', { token: admin, json: { items } })).status).toBe(200);
    const hidden = await call('POST', '/modules/resort', {
      token: admin,
      json: { items: [{ id: modulesId, id_parent: await groupId('Administración'), orden: 0 }] },
    });
    expect(hidden.status).toBe(422);
    expect(hidden.body.msg).toBe(`No se encontró el módulo ${modulesId}`);
    await updateRecord(api.store, 'role', 16, { perms: perms.map((p) => ({ ...p })) });
    expect((await call('GET', '/modules', { token: admin })).status).toBe(403);
  });
});

describe('POST /modules/resort', () => {
  it('writes one RecordUpdated per moved module with before → after, and GET /modules follows', async () => {
    const maestros = await groupId('Maestros');
    const apps = await groupId('Aplicaciones');
    const administracion = await groupId('Administración');
    const [unidades, conversion, marcas, legal, ejemplo] = await Promise.all(
      ['/unidades', '/conversion_unidades', '/marcas', '/legal', '/example'].map(moduleId),
    );
    const [{ orden: legalOrden }] = await api.sql`SELECT orden FROM rm_modules WHERE id = ${legal}`;
    const before = new Map(await Promise.all([unidades, conversion, marcas, legal, ejemplo].map(async (id) => [id, await version(id)] as const)));
    const count = await eventCount();

    const r = await call('POST', '/modules/resort', {
      token: root,
      json: {
        items: [
          { id: conversion, id_parent: maestros, orden: 0 },
          { id: unidades, id_parent: maestros, orden: 1 },
          { id: marcas, id_parent: maestros, orden: 2 }, // where it already is: no event
          { id: legal, id_parent: apps, orden: 1 },
          { id: ejemplo, id_parent: null, orden: 99 },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.msg).toBe('Actualizado correctamente');
    expect(await eventCount()).toBe(count + 4);

    const [rootUser] = await api.sql`SELECT id FROM rm_users WHERE email = 'root@faena.pe'`;
    const changesOf = async (id: number) => {
      const events = await lastEvents(id, before.get(id)!);
      for (const e of events) expect(e.metadata.userId).toBe(rootUser.id);
      return events.map((e) => [e.type, e.data.changes]);
    };
    expect(await changesOf(conversion)).toEqual([['RecordUpdated', { orden: { from: 1, to: 0 } }]]);
    expect(await changesOf(unidades)).toEqual([['RecordUpdated', { orden: { from: 0, to: 1 } }]]);
    expect(await changesOf(marcas)).toEqual([]);
    expect(await changesOf(legal)).toEqual([['RecordUpdated', { id_parent: { from: administracion, to: apps }, orden: { from: legalOrden, to: 1 } }]]);
    expect(await changesOf(ejemplo)).toEqual([['RecordUpdated', { id_parent: { from: apps, to: null }, orden: { from: 0, to: 99 }, level: { from: 1, to: 0 } }]]);

    const items = await tree();
    expect(r.body.items).toEqual(items);
    const byName = (name: string) => items.find((g) => g.name === name)!;
    expect(byName('Maestros').children.slice(0, 3).map((c) => c.url)).toEqual(['/conversion_unidades', '/unidades', '/marcas']);
    expect(byName('Aplicaciones').children.map((c) => c.url)).toEqual(['/legal']);
    expect(byName('Administración').children.map((c) => c.url)).not.toContain('/legal');
    expect(items[items.length - 1]).toMatchObject({ url: '/example', level: 0, id_parent: null, children: [] });

    // And back, sent as JSON text in a form (multipart and urlencoded clients).
    const form = new URLSearchParams({ items: JSON.stringify([{ id: ejemplo, id_parent: apps, orden: 0 }]) });
    const back = await call('POST', '/modules/resort', { token: root, form });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await tree()).find((g) => g.id === apps)!.children.map((c) => c.url)).toEqual(['/example', '/legal']);
  });

  it('is all or nothing: a failure on the second module leaves the first unchanged', async () => {
    const maestros = await groupId('Maestros');
    const [marcas, modelos] = await Promise.all(['/marcas', '/modelos'].map(moduleId));
    const count = await eventCount();
    const store = api.deps.store;
    const read = store.readStream;
    let reads = 0;
    store.readStream = async (...args) => {
      if (String(args[0]).startsWith('module-') && ++reads === 2) throw new Error('disco lleno');
      return read(...args);
    };
    let r;
    try {
      r = await call('POST', '/modules/resort', {
        token: root,
        json: { items: [{ id: marcas, id_parent: maestros, orden: 40 }, { id: modelos, id_parent: maestros, orden: 41 }] },
      });
    } finally {
      store.readStream = read;
    }
    expect(r.status).toBe(500);
    expect(await eventCount()).toBe(count);
    const [row] = await api.sql`SELECT orden FROM rm_modules WHERE id = ${marcas}`;
    expect(row.orden).not.toBe(40);
  });

  it('refuses more than one level of nesting and cycles, with a Spanish message, writing nothing', async () => {
    const count = await eventCount();
    const reportes = await groupId('Reportes');
    const maestros = await groupId('Maestros');
    const [unidades, marcas] = await Promise.all(['/unidades', '/marcas'].map(moduleId));

    const groupInGroup = await call('POST', '/modules/resort', { token: root, json: { items: [{ id: reportes, id_parent: maestros, orden: 0 }] } });
    expect(groupInGroup.status).toBe(422);
    expect(groupInGroup.body.msg).toBe('Solo se permite un nivel de anidación: un módulo con submódulos no puede ir dentro de otro');
    expect(groupInGroup.body.errors).toEqual({ 'items.0.id_parent': groupInGroup.body.msg });

    const underChild = await call('POST', '/modules/resort', { token: root, json: { items: [{ id: marcas, id_parent: unidades, orden: 0 }] } });
    expect(underChild.status).toBe(422);
    expect(underChild.body.msg).toBe('Solo se permite un nivel de anidación: el módulo padre ya está dentro de otro');

    const self = await call('POST', '/modules/resort', { token: root, json: { items: [{ id: maestros, id_parent: maestros, orden: 0 }] } });
    expect(self.status).toBe(422);
    expect(self.body.msg).toBe('Un módulo no puede ser su propio padre');

    const cycle = await call('POST', '/modules/resort', {
      token: root,
      json: { items: [{ id: reportes, id_parent: maestros, orden: 0 }, { id: maestros, id_parent: reportes, orden: 0 }] },
    });
    expect(cycle.status).toBe(422);
    expect(cycle.body.msg).toBe('El nuevo orden forma un ciclo entre módulos');
    expect(await eventCount()).toBe(count);
  });

  it('refuses unknown ids and modules or parents of another user type', async () => {
    const other = await call('POST', '/modules/create', { token: root, json: { id: 0, name: 'App móvil', type: 'group', id_type_user: 2 } });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const foreign = (other.body.item as Node).id;
    expect((await tree(root, 2)).map((g) => g.name)).toEqual(['App móvil']);
    const count = await eventCount();
    const obras = await moduleId('/obras');
    const maestros = await groupId('Maestros');

    const mixed = await call('POST', '/modules/resort', {
      token: root,
      json: { items: [{ id: obras, id_parent: maestros, orden: 0 }, { id: foreign, id_parent: null, orden: 0 }] },
    });
    expect(mixed.status).toBe(422);
    expect(mixed.body.errors).toEqual({ 'items.1.id': 'Todos los módulos deben ser del mismo tipo de usuario' });

    const foreignParent = await call('POST', '/modules/resort', { token: root, json: { items: [{ id: obras, id_parent: foreign, orden: 0 }] } });
    expect(foreignParent.status).toBe(422);
    expect(foreignParent.body.errors).toEqual({ 'items.0.id_parent': 'El módulo padre debe ser del mismo tipo de usuario' });

    const unknown = await call('POST', '/modules/resort', { token: root, json: { items: [{ id: 999999, id_parent: null, orden: 0 }] } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.msg).toBe('No se encontró el módulo 999999');

    const repeated = await call('POST', '/modules/resort', {
      token: root,
      json: { items: [{ id: obras, id_parent: maestros, orden: 0 }, { id: obras, id_parent: maestros, orden: 1 }] },
    });
    expect(repeated.status).toBe(422);
    expect(await eventCount()).toBe(count);
  });

  it('bad input: 4xx with Spanish field errors, never 5xx', async () => {
    const count = await eventCount();
    const cases: [unknown, number, Record<string, string> | null][] = [
      [{}, 422, { items: 'Este campo es obligatorio' }],
      [{ items: 'abc' }, 422, { items: 'Debe ser una lista de módulos' }],
      [{ items: [] }, 422, { items: 'Envíe al menos un módulo' }],
      [{ items: [{ id: 'x', id_parent: null, orden: 0 }] }, 422, { 'items.0.id': 'Identificador inválido' }],
      [{ items: [{ id: 5, orden: 0 }] }, 422, { 'items.0.id_parent': 'Este campo es obligatorio' }],
      [{ items: [{ id: 5, id_parent: null, orden: -1 }] }, 422, { 'items.0.orden': 'Debe ser mayor o igual a 0' }],
      [{ items: [{ id: 5, id_parent: null, orden: 1e12 }] }, 422, { 'items.0.orden': 'Máximo 100000' }],
      [{ items: [7] }, 422, { 'items.0': 'Valor no válido' }],
    ];
    for (const [json, status, errors] of cases) {
      const r = await call('POST', '/modules/resort', { token: root, json });
      expect(r.status, JSON.stringify(json)).toBe(status);
      expect(r.body.ok).toBe(false);
      if (errors) expect(r.body.errors, JSON.stringify(json)).toEqual(errors);
    }
    const malformed = await api.raw('POST', '/modules/resort', {
      method: 'POST',
      headers: { authorization: `Bearer ${root}`, 'content-type': 'application/json' },
      body: '{"items": [',
    });
    expect(malformed.status).toBe(400);
    expect((await call('GET', '/modules', { token: root, query: { id_type_user: 'abc' } })).status).toBe(422);
    expect((await call('GET', '/modules', { token: root, query: { id_type_user: 99999999999 } })).status).toBe(422);
    expect((await call('GET', '/modules')).status).toBe(401);
    expect((await call('POST', '/modules/resort', { json: { items: [] } })).status).toBe(401);
    expect(await eventCount()).toBe(count);
  });
});

describe('modules CRUD', () => {
  it('creates a module last in its group, with level from its parent; moves it; refuses bad fields', async () => {
    const maestros = await groupId('Maestros');
    const compras = await groupId('Compras');
    const empty = await call('POST', '/modules/form', { token: root, json: { id: 0 } });
    expect(empty.body.item).toMatchObject({ id: 0, name: '', url: null, id_type_user: 1, root: 0, type: 'item' });

    const [{ last }] = await api.sql`SELECT max(orden)::int AS last FROM rm_modules WHERE id_parent = ${maestros}`;
    const created = await call('POST', '/modules/create', {
      token: root,
      json: { id: 0, name: 'Inventario', url: '/inventario', icon: 'inventory', type: 'item', id_parent: maestros, section: 'Maestros', translate: { en: 'Inventory', tr: 'Envanter', ar: 'المخزون' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ msg: 'Guardado correctamente', is_new: true });
    const item = created.body.item as Node & { translate: Record<string, string> };
    expect(item).toMatchObject({ name: 'Inventario', url: '/inventario', id_parent: maestros, level: 1, orden: last + 1, root: 0, estado: 1 });
    expect(item.translate).toEqual({ es: '', en: 'Inventory', tr: 'Envanter', ar: 'المخزون' });
    const group = (await tree()).find((g) => g.id === maestros)!;
    expect(group.children[group.children.length - 1].name).toBe('Inventario');

    // Level and orden are the server's: a client cannot set them.
    const [{ last: lastCompras }] = await api.sql`SELECT max(orden)::int AS last FROM rm_modules WHERE id_parent = ${compras}`;
    const moved = await call('POST', '/modules/create', { token: root, json: { id: item.id, name: 'Inventario', id_parent: compras, level: 7, orden: 3 } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.item).toMatchObject({ id_parent: compras, level: 1, orden: lastCompras + 1 });
    const [changed] = (await api.store.readStream(`module-${item.id}`)).slice(-1);
    expect(changed.data.changes).toEqual({ id_parent: { from: maestros, to: compras }, orden: { from: last + 1, to: lastCompras + 1 } });

    // Form clients send translate as JSON text.
    const form = new URLSearchParams({ id: String(item.id), name: 'Inventario general', translate: JSON.stringify({ en: 'Stock', tr: 'Stok', ar: 'مخزون' }) });
    const fromForm = await call('POST', '/modules/create', { token: root, form });
    expect(fromForm.status, JSON.stringify(fromForm.body)).toBe(200);
    expect(fromForm.body.item).toMatchObject({ name: 'Inventario general', translate: { en: 'Stock', tr: 'Stok', ar: 'مخزون' } });

    const count = await eventCount();
    const refusals: [Record<string, unknown>, Record<string, string>][] = [
      [{ id: 0 }, { name: 'Este campo es obligatorio' }],
      [{ id: 0, name: '  ' }, { name: 'Este campo es obligatorio' }],
      [{ id: 0, name: 'X', url: 'sin_barra' }, { url: "La URL debe empezar con '/' y no llevar espacios" }],
      [{ id: 0, name: 'X', url: '/obras' }, { url: 'Ya existe un módulo con esa URL' }],
      [{ id: 0, name: 'X', type: 'menu' }, { type: 'Tipo no válido: group, item, link, divider o collapse' }],
      [{ id: 0, name: 'X', root: 2 }, { root: 'Debe ser 0 o 1' }],
      [{ id: 0, name: 'X', url: '/x1', id_parent: await moduleId('/obras') }, { id_parent: 'Solo se permite un nivel de anidación: el módulo padre ya está dentro de otro' }],
      [{ id: 0, name: 'X', url: '/x1', id_parent: 999999 }, { id_parent: 'No se encontró el módulo padre' }],
      [{ id: 0, name: 'X', url: '/x1', id_parent: await moduleId('/marcas'), id_type_user: 2 }, { id_parent: 'El módulo padre debe ser del mismo tipo de usuario' }],
      [{ id: 0, name: 'X', translate: 'no es json' }, { translate: 'Debe ser un objeto con es, en, tr y ar' }],
      [{ id: maestros, name: 'Maestros', id_parent: compras }, { id_parent: 'Solo se permite un nivel de anidación: un módulo con submódulos no puede ir dentro de otro' }],
      [{ id: item.id, name: 'X', id_parent: item.id }, { id_parent: 'Un módulo no puede ser su propio padre' }],
    ];
    for (const [json, errors] of refusals) {
      const r = await call('POST', '/modules/create', { token: root, json });
      expect(r.status, JSON.stringify(json)).toBe(422);
      expect(r.body.errors, JSON.stringify(json)).toEqual(errors);
    }
    expect(await eventCount()).toBe(count);
  });

  it('disables and enables a module (a disabled module closes its calls), and removes only modules without children', async () => {
    const obras = await moduleId('/obras');
    const asistente = await api.login('asistente@faena.pe'); // /obras: see
    expect((await api.call('GET', '/obras', { token: asistente })).status).toBe(200);

    const off = await call('POST', '/modules/disable', { token: root, json: { id: obras } });
    expect(off.body).toMatchObject({ ok: true, msg: 'Desactivado correctamente' });
    expect((await call('POST', '/modules/form', { token: root, json: { id: obras } })).body.item).toMatchObject({ estado: 0 });
    expect(flat(await tree()).find((m) => m.id === obras)).toMatchObject({ estado: 0 });
    expect((await api.call('GET', '/obras', { token: asistente })).status).toBe(403);
    const [disabled] = (await api.store.readStream(`module-${obras}`)).slice(-1);
    expect(disabled.type).toBe('RecordDisabled');

    const on = await call('POST', '/modules/enable', { token: root, json: { id: obras } });
    expect(on.body).toMatchObject({ ok: true, msg: 'Activado correctamente' });
    expect((await api.call('GET', '/obras', { token: asistente })).status).toBe(200);

    const withChildren = await call('GET', '/modules/remove', { token: root, query: { id: await groupId('Reportes') } });
    expect(withChildren.status).toBe(422);
    expect(withChildren.body.msg).toBe('No se puede eliminar un módulo que tiene submódulos');
    const lonely = await call('POST', '/modules/create', { token: root, json: { id: 0, name: 'Temporal', url: '/temporal', id_parent: await groupId('Reportes') } });
    const lonelyId = (lonely.body.item as Node).id;
    expect((await call('GET', '/modules/remove', { token: root, query: { id: lonelyId } })).body.msg).toBe('Eliminado correctamente');
    expect((await call('POST', '/modules/form', { token: root, json: { id: lonelyId } })).status).toBe(404);
    expect((await call('POST', '/modules/disable', { token: root, json: { id: 999999 } })).status).toBe(404);
    expect((await call('POST', '/modules/disable', { token: admin, json: { id: obras } })).status).toBe(403);
  });

  it('a profile other than root cannot mark modules root-only', async () => {
    // A profile with edit on /modules (root could grant it) still cannot create root-only modules.
    const role = await createRecord(api.store, 'role', {
      name: 'menú', id_type_user: 1, id_module: null, system_user: 1, admin: 0, menu_collapsed: 0, horometros: 0, protected: 0,
      perms: [{ id_module: await moduleId('/modules'), see: 1, edit: 1 }], estado: 1,
    });
    const hash = await hashPassword('Faena2026!');
    await createRecord(api.store, 'user', {
      id_role: role.id, name: 'Menú', surname: 'Editor', document: '9', email: 'menu@faena.pe', all_works: 0, estado: 1,
    }, { within: async (tx, events) => void (await tx`INSERT INTO auth_credentials (id_user, password_hash) VALUES (${Number(events[0].data.id)}, ${hash})`) });
    const token = await api.login('menu@faena.pe');
    const r = await call('POST', '/modules/create', { token, json: { id: 0, name: 'Secreto', root: 1 } });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ root: 'Solo el usuario root puede marcar un módulo como exclusivo de root' });
    const ok = await call('POST', '/modules/create', { token, json: { id: 0, name: 'Visible', type: 'group' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('menu item types (item, link, divider, collapse)', () => {
  type NavItem = { id: string; title: string; type: string; url?: string; children?: NavItem[] };
  const navOf = async (token: string) => ((await call('GET', '/me', { token })).body.user as { navigation: NavItem[] }).navigation;

  it('GET /me emits each entry with its own type; links and dividers inside groups, a collapse with its children', async () => {
    const create = async (json: Record<string, unknown>) => {
      const r = await call('POST', '/modules/create', { token: root, json: { id: 0, ...json } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body.item as Node).id;
    };
    const reportes = await groupId('Reportes');
    await create({ name: 'Separador', type: 'divider', id_parent: reportes });
    await create({ name: 'SUNAT', type: 'link', url: 'https://www.sunat.gob.pe/', icon: 'public', id_parent: reportes });
    // A divider with nothing after it is not shown.
    await create({ name: 'Separador final', type: 'divider', id_parent: await groupId('Maestros') });
    const collapseId = await create({ name: 'Atajos', type: 'collapse', icon: 'bolt' });
    await create({ name: 'Atajo a equipos', type: 'item', url: '/atajo_equipos', id_parent: collapseId });

    const nav = await navOf(root);
    const reports = nav.find((g) => g.title === 'Reportes')!;
    expect(reports.type).toBe('group');
    expect(reports.children!.slice(-3).map((c) => [c.type, c.title, c.url])).toEqual([
      ['item', 'Trazabilidad por OT', '/trazabilidad_ot'],
      ['divider', 'Separador', undefined],
      ['link', 'SUNAT', 'https://www.sunat.gob.pe/'],
    ]);
    expect(nav.find((g) => g.title === 'Maestros')!.children!.map((c) => c.type)).not.toContain('divider');
    expect(nav.find((g) => g.title === 'Atajos')).toMatchObject({ type: 'collapse', children: [{ type: 'item', title: 'Atajo a equipos', url: '/atajo_equipos' }] });

    // Another profile sees a link only with the right on it, like any module; a collapse whose
    // entries it may not open is not shown.
    const jefe = await api.login('jefe@faena.pe');
    const theirs = await navOf(jefe);
    expect(theirs.find((g) => g.title === 'Reportes')!.children!.map((c) => c.type)).toEqual(expect.not.arrayContaining(['link', 'divider']));
    expect(theirs.find((g) => g.title === 'Atajos')).toBeUndefined();
  });

  it('validates the fields of each type and stores nothing on a refusal', async () => {
    const compras = await groupId('Compras');
    const count = await eventCount();
    const refusals: [Record<string, unknown>, Record<string, string>][] = [
      [{ id: 0, name: 'X', type: 'item', id_parent: compras }, { url: 'Ingrese la URL del módulo' }],
      [{ id: 0, name: 'X', type: 'link', id_parent: compras }, { url: 'Ingrese la dirección del enlace' }],
      [{ id: 0, name: 'X', type: 'link', url: '/interno', id_parent: compras }, { url: 'El enlace debe ser una dirección completa que empiece con http:// o https://' }],
      [{ id: 0, name: 'X', type: 'link', url: 'javascript:alert(1)', id_parent: compras }, { url: 'El enlace debe ser una dirección completa que empiece con http:// o https://' }],
      [{ id: 0, name: 'X', type: 'link', url: 'https://a b.pe', id_parent: compras }, { url: 'El enlace debe ser una dirección completa que empiece con http:// o https://' }],
      [{ id: 0, name: 'X', type: 'divider', url: '/x', id_parent: compras }, { url: 'Un separador no lleva URL' }],
      [{ id: 0, name: 'X', type: 'group', url: '/x' }, { url: 'Un grupo no lleva URL' }],
      [{ id: 0, name: 'X', type: 'collapse', url: '/x' }, { url: 'Un grupo desplegable no lleva URL' }],
      [{ id: 0, name: 'X', type: 'collapse', id_parent: compras }, { id_parent: 'Un grupo va en el primer nivel del menú: no puede estar dentro de otro' }],
      [{ id: await groupId('Compras'), name: 'Compras', type: 'link' }, { type: 'Un módulo con submódulos debe ser un grupo', url: 'Ingrese la dirección del enlace' }],
      [{ id: await moduleId('/marcas'), name: 'Marcas', type: 'link' }, { url: 'El enlace debe ser una dirección completa que empiece con http:// o https://' }],
    ];
    for (const [json, errors] of refusals) {
      const r = await call('POST', '/modules/create', { token: root, json });
      expect(r.status, JSON.stringify(json)).toBe(422);
      expect(r.body.errors, JSON.stringify(json)).toEqual(errors);
    }
    expect(await eventCount()).toBe(count);
  });
});
