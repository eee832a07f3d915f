import { describe, expect, it } from 'vitest';
import { createRecord, updateRecord } from '../../events/record/commands';
import { hashPassword } from '../../services/api/auth/internal/password';
import { catalogueRoutes } from '../../services/api/catalogues/catalogue-routes';
import { PROFILES } from '../../services/demo/access-data';
import { allRoutes } from '../../services/api/routes';
import { useTestApi } from '../harness/api';

// Every registered route, walked as an anonymous caller (401) and as a signed-in user whose
// profile has no rights at all (403 on every module route).
const api = useTestApi({ demo: 'access' });
const routes = allRoutes();

function concrete(path: string) {
  return path.replace(/:([a-z_]+)/gi, 'x');
}

async function userWithoutRights() {
  const role = await createRecord(api.store, 'role', {
    name: 'sin permisos', id_type_user: 1, id_module: null, system_user: 1, admin: 0, menu_collapsed: 0, horometros: 0, protected: 0, perms: [], estado: 1,
  });
  const hash = await hashPassword('Faena2026!');
  await createRecord(api.store, 'user', {
    id_role: role.id, name: 'Sin', surname: 'Permisos', document: '1', email: 'sinpermisos@faena.pe', all_works: 0, estado: 1,
  }, { within: async (tx, events) => void (await tx`INSERT INTO auth_credentials (id_user, password_hash) VALUES (${Number(events[0].data.id)}, ${hash})`) });
  return api.login('sinpermisos@faena.pe');
}

describe('every route declares and enforces its access', () => {
  it('the route table has no duplicates and every module route names a menu module', async () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const modules = new Set((await api.sql`SELECT url FROM rm_modules WHERE url IS NOT NULL`).map((r) => r.url as string));
    for (const r of routes) if (r.access.kind === 'module') expect(modules.has(r.access.module), `${r.path} → ${r.access.module}`).toBe(true);
  });

  it('the calls of issue 13 §18 are in the table the walks below follow', async () => {
    const keys = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const k of ['POST /auth/register', 'POST /ordenes_trabajo/enviarASicamSolicitudMateriales', 'GET /fil_datas/ordenesTrabajo']) expect(keys.has(k), k).toBe(true);
    const register = await api.call('POST', '/auth/register', { json: {} });
    expect(register.status).toBe(403);
    expect(register.body.msg).toBe('El registro de usuarios no está habilitado: pida una cuenta al administrador');
  });

  it('every call of seed 002 §7 "Purchase requests", of the central Pedido and of the central entries answers with the envelope, never a 404', async () => {
    const calls = [
      'GET /solicitudes_compras', 'GET /solicitudes_compras/export', 'GET /solicitudes_compras/form', 'POST /solicitudes_compras/form',
      'POST /solicitudes_compras/create', 'POST /solicitudes_compras/create_not_ot', 'POST /solicitudes_compras/crearPreSolicitud',
      'POST /solicitudes_compras/crearPreSolicitudServicio', 'GET /solicitudes_compras/obtenerPDF', 'GET /solicitudes_compras/PDF',
      'POST /solicitudes_compras/obtenerPDF', 'POST /solicitudes_compras/PDF',
      'POST /solicitudes_compras/enviarASicam', 'POST /solicitudes_compras/aprobar', 'POST /solicitudes_compras/rechazar',
      'POST /solicitudes_compras/anular_sicoe', 'POST /solicitudes_compras/anular_sicoe_material', 'POST /solicitudes_compras/observar',
      'GET /solicitudes_compras/obtenerProductos', 'POST /solicitudes_compras/eliminarProducto', 'POST /solicitudes_compras/eliminarElementoDeDetalle',
      'GET /solicitudes_compras/obtenerDetalle', 'GET /solicitud_compra_productos', 'GET /solicitud_compra_logs',
      'GET /fil_datas/ordenesTrabajo', 'GET /fil_datas/solicitudesCompras', 'GET /fil_datas/numerosOrdenCompra',
      'GET /almacen_central_ots', 'GET /almacen_central_ots/form', 'GET /almacen_central_ots/obtenerDetalle', 'POST /almacen_central_ots/create',
      'POST /almacen_central_ots/actualizarEstados',
      'GET /almacen_central_entradas_archivos', 'GET /almacen_central_entradas_archivos/export', 'POST /almacen_central_entradas_archivos',
      'GET /almacen_central_entradas', 'GET /almacen_central_entradas/export', 'GET /almacen_central_entradas/obtenerProductosSolicitados',
      'GET /almacen_central_traslado_materiales', 'GET /almacen_central_traslado_materiales/export',
      'GET /almacen_central_traslado_materiales/obtenerProductosSolicitados', 'POST /almacen_central_traslado_materiales/create',
      'GET /traslado_materiales', 'GET /traslado_materiales/export', 'GET /traslado_materiales/obtenerProductos', 'POST /traslado_materiales/create',
      'GET /solicitud_compra_productos/obtenerEntradasDeAlmacen', 'GET /solicitud_compra_productos/obtenerHistorialSalidas',
    ];
    const keys = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const token = await api.login('root@faena.pe');
    for (const call of calls) {
      expect(keys.has(call), call).toBe(true);
      const [method, path] = call.split(' ') as ['GET' | 'POST', string];
      const res = await api.call(method, path, method === 'POST' ? { token, json: {} } : { token });
      expect(res.status, call).not.toBe(404);
      expect(res.status, call).toBeLessThan(500);
      if (res.headers.get('content-type')?.includes('json')) expect(res.body, call).toEqual(expect.objectContaining({ ok: expect.any(Boolean), msg: expect.any(String) }));
    }
  });

  it('anonymous callers get 401 on every route that is not public', async () => {
    const checked: string[] = [];
    for (const r of routes.filter((x) => x.access.kind !== 'public')) {
      const res = await api.call(r.method, concrete(r.path), r.method === 'POST' ? { json: {} } : {});
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
      expect(res.body).toMatchObject({ ok: false, msg: 'Debe iniciar sesión', errors: {} });
      checked.push(r.path);
    }
    expect(checked.length).toBeGreaterThan(20);
  });

  it('a closed or unknown token gets 401 session_expired everywhere', async () => {
    for (const r of routes.filter((x) => x.access.kind !== 'public')) {
      const res = await api.call(r.method, concrete(r.path), { token: 'not-a-session-token' });
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
      expect(res.body.msg).toBe('session_expired');
    }
  });

  it('a user without the module right gets 403 on every module route', async () => {
    const token = await userWithoutRights();
    const moduleRoutes = routes.filter((x) => x.access.kind === 'module');
    expect(moduleRoutes.length).toBeGreaterThan(15);
    for (const r of moduleRoutes) {
      const res = await api.call(r.method, concrete(r.path), { token, ...(r.method === 'POST' ? { json: {} } : {}) });
      expect(res.status, `${r.method} ${r.path}`).toBe(403);
      expect(res.body).toMatchObject({ ok: false, msg: 'No tiene permiso para realizar esta acción' });
    }
    // …while the routes for any signed-in user still answer.
    expect((await api.call('GET', '/me', { token })).status).toBe(200);
  });

  it('see without edit: lists open, writes are refused', async () => {
    const token = await api.login('asistente@faena.pe'); // '/ordenes_trabajo': see only
    expect((await api.call('GET', '/ordenes_trabajo', { token })).status).toBe(200);
    expect((await api.call('GET', '/ordenes_trabajo/form', { token, query: { id: 0 } })).status).toBe(200);
    const create = await api.call('POST', '/ordenes_trabajo/create', { token, json: { id: 0 } });
    expect(create.status).toBe(403);
    expect((await api.call('POST', '/ordenes_trabajo/disable', { token, json: { id: 1 } })).status).toBe(403);
  });

  it('a changed profile applies on the next request, without signing out', async () => {
    const token = await api.login('asistente@faena.pe');
    expect((await api.call('GET', '/obras', { token })).status).toBe(200);
    const perms = await api.sql`SELECT id_module, see, edit FROM rm_role_permissions p JOIN rm_modules m ON m.id = p.id_module
      WHERE id_role = 9 AND m.url <> '/obras'`;
    await updateRecord(api.store, 'role', 9, { perms: perms.map((p) => ({ ...p })) }, { metadata: { userId: 1 } });
    expect((await api.call('GET', '/obras', { token })).status).toBe(403);
    expect((await api.call('GET', '/me', { token })).status).toBe(200);
  });

  it('master data is the admin profile’s: every non-admin profile gets 403 on the catalogue lists and forms, 200 on their lookups (issue 13 §17)', async () => {
    const catalogues = catalogueRoutes();
    const modules = new Set(catalogues.flatMap((r) => (r.access.kind === 'module' ? [r.access.module] : [])));
    expect([...modules].sort()).toEqual([
      '/centro_costo_indirecto_elementos', '/centros_costo_indirectos', '/conversion_unidades', '/equipo_grupos', '/equipo_productos', '/equipo_subgrupos',
      '/frentes_obra', '/grupo_funcional_elementos', '/grupos_funcionales', '/marcas', '/material_tipos', '/materiales', '/modelos', '/movilizacion_tipos', '/recursos',
      '/solicitudes_clasificaciones', '/solicitudes_tipos', '/tipos_mantenimiento', '/unidades',
    ]);
    const reads = catalogues.filter((r) => r.access.kind === 'module' && r.access.right === 'see');
    const lookups = catalogues.filter((r) => r.access.kind === 'signed_in');
    expect(lookups.every((r) => r.path.startsWith('/fil_datas/'))).toBe(true);
    expect(lookups.length).toBeGreaterThan(10);
    // Parents a dependent lookup requires (a material type, a functional group, an indirect cost centre, a site).
    const [tipo] = await api.sql`SELECT id FROM rm_material_tipos ORDER BY id LIMIT 1`;
    const [grupo] = await api.sql`SELECT id FROM rm_grupos_funcionales ORDER BY id LIMIT 1`;
    const [centro] = await api.sql`SELECT id FROM rm_centros_costo_indirectos ORDER BY id LIMIT 1`;
    const [obra] = await api.sql`SELECT id FROM rm_obras ORDER BY id LIMIT 1`;
    const parents = { id_material_tipo: Number(tipo?.id ?? 1), id_grupo_funcional: Number(grupo?.id ?? 1), id_centro_costo_indirecto: Number(centro?.id ?? 1), id_obra: Number(obra?.id ?? 1) };
    const nonAdmin = PROFILES.filter((p) => !p.admin && p.system_user === 1).map((p) => p.id);
    expect(nonAdmin.sort((a, b) => a - b)).toEqual([9, 14, 15, 17, 18, 19]);
    const users = await api.sql<{ email: string }[]>`SELECT email FROM rm_users WHERE id_role IN ${api.sql(nonAdmin)} AND email IS NOT NULL`;
    expect(users).toHaveLength(nonAdmin.length);
    for (const u of users) {
      const token = await api.login(u.email);
      for (const r of reads) {
        const res = r.method === 'POST' ? await api.call('POST', r.path, { token, json: { id: 1 } }) : await api.call('GET', r.path, { token });
        expect(res.status, `${u.email} ${r.method} ${r.path}`).toBe(403);
      }
      for (const r of lookups) {
        const res = await api.call('GET', r.path, { token, query: parents });
        expect(res.status, `${u.email} ${r.path}: ${res.body.msg}`).toBe(200);
      }
    }
    // The admin profile reads them all.
    const admin = await api.login('admin@faena.pe');
    for (const r of reads.filter((x) => x.method === 'GET' && !x.path.endsWith('/export'))) expect((await api.call('GET', r.path, { token: admin })).status, r.path).toBe(200);
  });

  it('root’s own records answer 403 to an administrator on every write route that names them (issue 13 §2, §12)', async () => {
    const admin = await api.login('admin@faena.pe');
    const root = await api.login('root@faena.pe');
    const [rootUser] = await api.sql`SELECT id FROM rm_users WHERE email = 'root@faena.pe'`;
    const [rootSession] = await api.sql`SELECT s.id FROM auth_sessions s WHERE s.id_user = ${rootUser.id} AND s.date_deleted IS NULL LIMIT 1`;
    const targets: Record<string, Record<string, string | number>> = {
      '/roles/': { id: 1 },
      '/users/': { id: Number(rootUser.id) },
      '/sessions/remove': { id: String(rootSession.id) },
    };
    const writes = routes.filter((r) => r.access.kind === 'module' && r.access.right === 'edit' && Object.keys(targets).some((t) => r.path.startsWith(t)) && !/loginAs|UserObra|\/export$/.test(r.path));
    expect(writes.map((r) => r.path).sort()).toEqual(['/roles/create', '/roles/disable', '/roles/enable', '/roles/remove', '/sessions/remove', '/users/create', '/users/disable', '/users/enable', '/users/remove']);
    for (const r of writes) {
      const input = targets[Object.keys(targets).find((t) => r.path.startsWith(t))!];
      const body = r.path.endsWith('/create') ? { ...input, name: 'root', id_role: 1, surname: 'x', document: '1', email: 'root@faena.pe' } : input;
      const res = r.method === 'POST' ? await api.call('POST', r.path, { token: admin, json: body }) : await api.call('GET', r.path, { token: admin, query: body });
      expect(res.status, `${r.method} ${r.path}`).toBe(403);
    }
    expect((await api.call('GET', '/me', { token: root })).status).toBe(200);
  });
});
