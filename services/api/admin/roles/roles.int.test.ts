import { beforeAll, describe, expect, it } from 'vitest';
import { createRecord } from '../../../../events/record/commands';
import { useTestApi } from '../../../../tests/harness/api';
import { hashPassword } from '../../auth/internal/password';

// /roles through real calls on a real database: the list, the permission table, the saves with
// the permission rules, and rights that change on the next request of the profile's users.
const api = useTestApi({ demo: 'access' });

type Body = Record<string, unknown> & { ok: boolean; msg: string; errors: Record<string, string> };
type CallOptions = { token?: string; json?: unknown; query?: Record<string, string | number>; form?: FormData | URLSearchParams };
type Row = { id: number; name: string; id_type_user: number; system_user: number; mo_name: string | null; num_users: number; estado: number };
type TableItem = { id: number; id_parent: number | null; name: string; url: string | null; root: number; see: number; edit: number; is_home: number };

let root: string;
let admin: string;
const ids = new Map<string, number>();

beforeAll(async () => {
  root = await api.login('root@faena.pe');
  admin = await api.login('admin@faena.pe');
  for (const m of await api.sql`SELECT id, url, name FROM rm_modules`) ids.set((m.url as string | null) ?? `group:${m.name}`, m.id as number);
});

async function call(method: 'GET' | 'POST', path: string, o: CallOptions = {}): Promise<{ status: number; body: Body }> {
  return await api.call(method, path, o);
}

function id(key: string): number {
  const found = ids.get(key);
  if (found === undefined) throw new Error(`no module ${key}`);
  return found;
}

async function storedPerms(roleId: number) {
  return (await api.sql`SELECT id_module, see, edit FROM rm_role_permissions WHERE id_role = ${roleId} ORDER BY id_module`).map((r) => ({ ...r }));
}

async function eventCount(): Promise<number> {
  const [{ n }] = await api.sql`SELECT count(*)::int AS n FROM es_events`;
  return n as number;
}

let userCounter = 0;
async function addUser(roleId: number, email: string | null = null) {
  const hash = await hashPassword('Faena2026!');
  userCounter++;
  await createRecord(api.store, 'user', {
    id_role: roleId, name: 'Prueba', surname: `Usuario ${userCounter}`, document: `7000${userCounter}`, email, all_works: 0, estado: 1,
  }, {
    within: async (tx, events) => {
      if (email) await tx`INSERT INTO auth_credentials (id_user, password_hash) VALUES (${Number(events[0].data.id)}, ${hash})`;
    },
  });
}

async function saveRole(token: string, json: Record<string, unknown>) {
  return call('POST', '/roles/create', { token, json });
}

describe('GET /roles', () => {
  it('lists profiles with user type, system user, home module and number of users; sorts by number of users', async () => {
    const r = await call('GET', '/roles', { token: admin, query: { limit: 15 } });
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.total).toBe(9);
    const items = r.body.items as Row[];
    expect(items.map((i) => i.name)).toEqual([...items.map((i) => i.name)].sort((a, b) => a.localeCompare(b, 'es')));
    expect(items.find((i) => i.name === 'jefe de equipos')).toMatchObject({
      id: 17, id_type_user: 1, system_user: 1, mo_name: 'Órdenes de trabajo', num_users: 1, estado: 1,
    });
    expect(items.find((i) => i.name === 'operador')).toMatchObject({ system_user: 0, num_users: 1 });
    expect(items.find((i) => i.name === 'almacén ATE')).toMatchObject({ mo_name: 'Pedidos' });

    await addUser(17);
    await addUser(17);
    const byUsers = await call('GET', '/roles', { token: admin, query: { order_col: 'num_users', order_dir: 'desc', limit: 3 } });
    expect((byUsers.body.items as Row[])[0]).toMatchObject({ name: 'jefe de equipos', num_users: 3 });
    const search = await call('GET', '/roles', { token: admin, query: { query: 'JEFE' } });
    expect((search.body.items as Row[]).map((i) => i.name)).toEqual(['jefe de equipos']);
    expect((await call('GET', '/roles', { token: admin, query: { order_col: 'mo_name' } })).status).toBe(422);
    const csv = await api.raw('GET', '/roles/export?kind=csv', { headers: { authorization: `Bearer ${admin}` } });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('jefe de equipos');
  });
});

describe('GET /roles/modules', () => {
  it("every module of the user type with the profile's see, edit, id_parent and is_home; root-only for root only", async () => {
    const r = await call('GET', '/roles/modules', { token: admin, query: { id_role: 17 } });
    expect(r.status, r.body.msg).toBe(200);
    const items = r.body.items as TableItem[];
    const [{ n }] = await api.sql`SELECT count(*)::int AS n FROM rm_modules WHERE id_type_user = 1 AND root = 0`;
    expect(items.length).toBe(n);
    expect(items.map((i) => i.url)).not.toContain('/modules');
    const byUrl = (url: string) => items.find((i) => i.url === url)!;
    expect(byUrl('/ordenes_trabajo')).toMatchObject({ see: 1, edit: 1, is_home: 1, id_parent: id('group:Mantenimiento') });
    expect(byUrl('/obras')).toMatchObject({ see: 1, edit: 0, is_home: 0 });
    expect(byUrl('/unidades')).toMatchObject({ see: 0, edit: 0, is_home: 0 });
    // Groups are shown as the rules make them: visible when one of their modules is.
    expect(items.find((i) => i.name === 'Mantenimiento' && i.id_parent === null)).toMatchObject({ see: 1, edit: 0 });
    expect(items.find((i) => i.name === 'Maestros' && i.id_parent === null)).toMatchObject({ see: 0 });
    // Menu order: each group followed by its modules.
    const mantenimiento = items.findIndex((i) => i.name === 'Mantenimiento');
    expect(items.slice(mantenimiento + 1, mantenimiento + 5).map((i) => i.url)).toEqual(['/ordenes_trabajo', '/equipos', '/horometros', '/obras']);

    const asRoot = (await call('GET', '/roles/modules', { token: root, query: { id_role: 17 } })).body.items as TableItem[];
    expect(asRoot.length).toBe(n + 1);
    expect(asRoot.find((i) => i.url === '/modules')).toMatchObject({ root: 1, see: 0 });
    const rootProfile = (await call('GET', '/roles/modules', { token: root, query: { id_role: 1 } })).body.items as TableItem[];
    expect(rootProfile.every((i) => i.see === 1 && i.edit === 1)).toBe(true);
    const fresh = (await call('GET', '/roles/modules', { token: admin, query: { id_role: 0 } })).body.items as TableItem[];
    expect(fresh.length).toBe(n);
    expect(fresh.every((i) => i.see === 0 && i.edit === 0 && i.is_home === 0)).toBe(true);

    expect((await call('GET', '/roles/modules', { token: admin, query: { id_role: 999999 } })).status).toBe(404);
    expect((await call('GET', '/roles/modules', { token: admin, query: { id_role: 'abc' } })).status).toBe(422);
    expect((await call('GET', '/roles/modules', { token: admin, query: { id_role: 17, id_type_user: 2 } })).body.items).toEqual([]);
  });
});

describe('profile saves', () => {
  it('apply the permission rules (child on turns its parent on, parent off turns children off, edit implies see) into rm_role_permissions', async () => {
    const r = await saveRole(admin, {
      id: 0,
      name: 'Reglas',
      id_module: id('/kpis_equipos'),
      admin: 0,
      perms: [
        { id_module: id('/kpis_equipos'), see: 1, edit: 0 }, // child on: Reportes on
        { id_module: id('/kpis_generales'), see: 0, edit: 1 }, // edit implies see
        { id_module: id('group:Compras'), see: 0, edit: 0 }, // parent off…
        { id_module: id('/solicitudes_compras'), see: 1, edit: 1 }, // …so its child is off
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ ok: true, msg: 'Guardado correctamente', is_new: true });
    const roleId = (r.body.item as { id: number }).id;
    const expected = [
      { id_module: id('/kpis_equipos'), see: 1, edit: 0 },
      { id_module: id('/kpis_generales'), see: 1, edit: 1 },
      { id_module: id('group:Reportes'), see: 1, edit: 0 },
    ].sort((a, b) => a.id_module - b.id_module);
    expect(await storedPerms(roleId)).toEqual(expected);
    const [created] = await api.store.readStream(`role-${roleId}`);
    expect(created.type).toBe('RecordCreated');
    expect((created.data.fields as { perms: unknown }).perms).toEqual(expected);

    const table = (await call('GET', '/roles/modules', { token: admin, query: { id_role: roleId } })).body.items as TableItem[];
    expect(table.filter((i) => i.see === 1).map((i) => i.id).sort((a, b) => a - b)).toEqual(expected.map((p) => p.id_module));
    expect(table.find((i) => i.is_home === 1)?.url).toBe('/kpis_equipos');

    // Multipart clients send perms as JSON text; the save is a RecordUpdated with before → after.
    const form = new FormData();
    form.append('id', String(roleId));
    form.append('name', 'Reglas');
    form.append('perms', JSON.stringify([{ id_module: id('/kpis_equipos'), see: 1, edit: 1 }]));
    const multipart = await call('POST', '/roles/create', { token: admin, form });
    expect(multipart.status, JSON.stringify(multipart.body)).toBe(200);
    const after = [{ id_module: id('/kpis_equipos'), see: 1, edit: 1 }, { id_module: id('group:Reportes'), see: 1, edit: 0 }].sort((a, b) => a.id_module - b.id_module);
    expect(await storedPerms(roleId)).toEqual(after);
    const [updated] = (await api.store.readStream(`role-${roleId}`)).slice(-1);
    expect(updated.data.changes).toEqual({ perms: { from: expected, to: after } });
  });

  it('a protected profile cannot be renamed (422 on name); its other fields can change', async () => {
    const count = await eventCount();
    const renamed = await saveRole(root, { id: 16, name: 'administrador' });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toEqual({ name: 'Este registro está protegido y no se puede modificar' });
    const [row] = await api.sql`SELECT name FROM rm_roles WHERE id = 16`;
    expect(row.name).toBe('admin');
    expect(await eventCount()).toBe(count);
    const other = await saveRole(root, { id: 16, name: 'admin', menu_collapsed: 1 });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.item).toMatchObject({ name: 'admin', menu_collapsed: 1 });
    await saveRole(root, { id: 16, name: 'admin', menu_collapsed: 0 });
  });

  it('refuses a home module the profile cannot see, and modules unknown to its user type', async () => {
    const other = await createRecord(api.store, 'module', {
      id_type_user: 2, id_parent: null, type: 'item', name: 'App', translate: {}, icon: '', url: '/app_movil', section: '', level: 0, orden: 0, root: 0, estado: 1,
    });
    const count = await eventCount();
    const refusals: [Record<string, unknown>, Record<string, string>][] = [
      [
        { id: 0, name: 'Casa ajena', id_module: id('/equipos'), perms: [{ id_module: id('/kpis_equipos'), see: 1 }] },
        { id_module: 'El módulo de inicio debe ser uno de los módulos que el perfil puede ver' },
      ],
      [{ id: 0, name: 'Sin casa', id_module: 999999, perms: [] }, { id_module: 'El módulo de inicio no existe para este tipo de usuario' }],
      [{ id: 0, name: 'Desconocido', perms: [{ id_module: 999999, see: 1 }] }, { perms: 'Módulos que no existen para este tipo de usuario: 999999' }],
      [{ id: 0, name: 'Ajeno', perms: [{ id_module: other.id, see: 1 }] }, { perms: `Módulos que no existen para este tipo de usuario: ${other.id}` }],
      // Home kept, perms changed so that it is no longer visible.
      [{ id: 17, name: 'jefe de equipos', perms: [{ id_module: id('/equipos'), see: 1 }] }, { id_module: 'El módulo de inicio debe ser uno de los módulos que el perfil puede ver' }],
    ];
    for (const [json, errors] of refusals) {
      const r = await saveRole(admin, json);
      expect(r.status, JSON.stringify(json)).toBe(422);
      expect(r.body.errors, JSON.stringify(json)).toEqual(errors);
    }
    expect(await eventCount()).toBe(count);
    const ok = await saveRole(admin, { id: 0, name: 'Casa propia', id_module: id('/equipos'), perms: [{ id_module: id('/equipos'), see: 1 }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.item).toMatchObject({ id_module: id('/equipos') });
    const list = await call('GET', '/roles', { token: admin, query: { query: 'Casa propia' } });
    expect((list.body.items as Row[])[0]).toMatchObject({ mo_name: 'Equipos', num_users: 0 });
  });

  it('only root grants root-only modules; the ones root granted survive a save by someone else', async () => {
    const made = await saveRole(admin, { id: 0, name: 'Menú', id_module: null, perms: [{ id_module: id('/modules'), see: 1 }] });
    expect(made.status).toBe(422);
    expect(made.body.errors).toEqual({ perms: 'Solo el usuario root puede dar acceso a módulos exclusivos de root' });

    const byRoot = await saveRole(root, { id: 0, name: 'Menú', perms: [{ id_module: id('/modules'), see: 1, edit: 1 }, { id_module: id('/users'), see: 1 }] });
    expect(byRoot.status, JSON.stringify(byRoot.body)).toBe(200);
    const roleId = (byRoot.body.item as { id: number }).id;
    const byAdmin = await saveRole(admin, { id: roleId, name: 'Menú', perms: [{ id_module: id('/sessions'), see: 1 }] });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    expect(await storedPerms(roleId)).toEqual(
      [
        { id_module: id('/modules'), see: 1, edit: 1 },
        { id_module: id('/sessions'), see: 1, edit: 0 },
        { id_module: id('group:Administración'), see: 1, edit: 0 },
      ].sort((a, b) => a.id_module - b.id_module),
    );
  });

  it('master data stays with the admin profile: granting one of its eleven modules to another profile is refused (422 on perms), whoever saves', async () => {
    const count = await eventCount();
    const masterData = ['/unidades', '/conversion_unidades', '/marcas', '/modelos', '/grupos_funcionales', '/grupo_funcional_elementos', '/equipo_grupos', '/equipo_subgrupos', '/equipo_productos', '/materiales', '/material_tipos'];
    const message = 'Los datos maestros son exclusivos del perfil administrador; no se pueden dar a este perfil';
    for (const [token, json] of [
      [admin, { id: 0, name: 'Catalogador', perms: [{ id_module: id('/obras'), see: 1 }, { id_module: id('/marcas'), see: 1 }] }],
      [root, { id: 0, name: 'Catalogador', perms: [{ id_module: id('/unidades'), edit: 1 }, { id_module: id('/materiales'), see: 1 }] }],
      [admin, { id: 17, name: 'jefe de equipos', perms: [{ id_module: id('/ordenes_trabajo'), see: 1, edit: 1 }, { id_module: id('/equipo_grupos'), see: 1 }] }],
      // A whole 'Maestros' group ticked by hand, every module of it.
      [admin, { id: 0, name: 'Catalogador', perms: masterData.map((url) => ({ id_module: id(url), see: 1, edit: 1 })) }],
    ] as const) {
      const r = await saveRole(token, json);
      expect(r.status, JSON.stringify(json)).toBe(422);
      expect(r.body.ok).toBe(false);
      const names = (await api.sql<{ name: string }[]>`SELECT name FROM rm_modules WHERE id IN ${api.sql(json.perms.map((p) => p.id_module))} AND url IN ${api.sql(masterData)} ORDER BY id`).map((m) => m.name);
      expect(r.body.errors, JSON.stringify(json)).toEqual({ perms: `${message}: ${names.join(', ')}` });
    }
    expect(await eventCount()).toBe(count);
    expect((await storedPerms(17)).some((p) => p.id_module === id('/equipo_grupos'))).toBe(false);

    // The permission table says which modules this profile cannot be given; the admin's has none.
    const table = async (idRole: number) => (await call('GET', '/roles/modules', { token: admin, query: { id_role: idRole } })).body.items as (TableItem & { admin_only: number })[];
    for (const idRole of [0, 17]) {
      const items = await table(idRole);
      expect(items.filter((i) => i.admin_only === 1).map((i) => i.url).sort()).toEqual([...masterData].sort());
    }
    expect((await table(16)).every((i) => i.admin_only === 0)).toBe(true);

    // The admin profile keeps them; rights switched off, or other modules, save as before.
    const adminSave = await saveRole(root, { id: 16, name: 'admin', perms: (await storedPerms(16)).map((p) => ({ ...p })) });
    expect(adminSave.status, JSON.stringify(adminSave.body)).toBe(200);
    expect((await storedPerms(16)).filter((p) => masterData.some((url) => id(url) === p.id_module)).length).toBe(masterData.length);
    const off = await saveRole(admin, { id: 0, name: 'Sin maestros', perms: [{ id_module: id('/obras'), see: 1 }, { id_module: id('/marcas'), see: 0, edit: 0 }] });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
  });

  it("changes a user's rights on the next request, without signing in again", async () => {
    const made = await saveRole(admin, { id: 0, name: 'Rotativo', id_module: id('/obras'), perms: [{ id_module: id('/obras'), see: 1 }] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const roleId = (made.body.item as { id: number }).id;
    await addUser(roleId, 'rotativo@faena.pe');
    const token = await api.login('rotativo@faena.pe');
    const recursos = () => call('GET', '/recursos', { token });
    const crear = () => call('POST', '/recursos/create', { token, json: { id: 0, codigo: `R-${Date.now() % 1e8}`, nombre: 'Recurso rotativo' } });

    expect((await recursos()).status).toBe(403);
    const see = await saveRole(admin, { id: roleId, name: 'Rotativo', perms: [{ id_module: id('/obras'), see: 1 }, { id_module: id('/recursos'), see: 1 }] });
    expect(see.status, JSON.stringify(see.body)).toBe(200);
    expect((await recursos()).status).toBe(200);
    expect((await crear()).status).toBe(403);

    await saveRole(admin, { id: roleId, name: 'Rotativo', perms: [{ id_module: id('/obras'), see: 1 }, { id_module: id('/recursos'), edit: 1 }] });
    expect((await crear()).status).toBe(200);

    await saveRole(admin, { id: roleId, name: 'Rotativo', perms: [{ id_module: id('/obras'), see: 1 }] });
    expect((await recursos()).status).toBe(403);
    // The same session is still open: only its rights changed. It has no right on /roles.
    expect((await call('GET', '/me', { token })).status).toBe(200);
    expect((await call('GET', '/roles', { token })).status).toBe(403);
    expect((await call('GET', '/roles/modules', { token })).status).toBe(403);
    expect((await saveRole(token, { id: roleId, name: 'Rotativo' })).status).toBe(403);
  });

  it('removes a profile without users, never one with users', async () => {
    const withUsers = await call('GET', '/roles/remove', { token: admin, query: { id: 17 } });
    expect(withUsers.status).toBe(422);
    expect(withUsers.body.msg).toBe('No se puede eliminar un perfil que tiene usuarios');
    const made = await saveRole(admin, { id: 0, name: 'Efímero', perms: [{ id_module: id('/obras'), see: 1 }] });
    const roleId = (made.body.item as { id: number }).id;
    expect((await storedPerms(roleId)).length).toBe(2);
    const removed = await call('GET', '/roles/remove', { token: admin, query: { id: roleId } });
    expect(removed.body).toMatchObject({ ok: true, msg: 'Eliminado correctamente' });
    expect(await storedPerms(roleId)).toEqual([]);
    expect((await call('POST', '/roles/form', { token: admin, json: { id: roleId } })).status).toBe(404);
  });

  it('bad input: 4xx with Spanish field errors, never 5xx, nothing written', async () => {
    const count = await eventCount();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ id: 0 }, { name: 'Este campo es obligatorio' }],
      [{ id: 0, name: '   ' }, { name: 'Este campo es obligatorio' }],
      [{ id: 0, name: 'X', perms: 'no es json' }, { perms: 'Debe ser una lista de permisos (id_module, see, edit)' }],
      [{ id: 0, name: 'X', perms: { id_module: 1 } }, { perms: 'Debe ser una lista de permisos (id_module, see, edit)' }],
      [{ id: 0, name: 'X', perms: [{ id_module: 'x', see: 1 }] }, { 'perms.0.id_module': 'Identificador inválido' }],
      [{ id: 0, name: 'X', perms: [{ see: 1 }] }, { 'perms.0.id_module': 'Este campo es obligatorio' }],
      [{ id: 0, name: 'X', perms: [{ id_module: 3, see: 'quizás' }] }, { 'perms.0.see': 'Debe ser 0 o 1' }],
      [{ id: 0, name: 'X', system_user: 5 }, { system_user: 'Debe ser 0 o 1' }],
      [{ id: 0, name: 'X', id_type_user: 0 }, { id_type_user: 'Tipo de usuario no válido' }],
      [{ id: 0, name: 'X', id_module: 'casa' }, { id_module: 'Identificador inválido' }],
      [{ id: -3, name: 'X' }, { id: 'Identificador inválido' }],
    ];
    for (const [json, errors] of cases) {
      const r = await saveRole(admin, json);
      expect(r.status, JSON.stringify(json)).toBe(422);
      expect(r.body.errors, JSON.stringify(json)).toEqual(errors);
    }
    expect((await saveRole(admin, { id: 999999, name: 'Nadie' })).status).toBe(404);
    const malformed = await api.raw('POST', '/roles/create', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(malformed.status).toBe(400);
    expect((await call('POST', '/roles/create', { json: { id: 0, name: 'X' } })).status).toBe(401);
    expect(await eventCount()).toBe(count);
  });
});
