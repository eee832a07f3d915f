import { beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPES } from '@shared/user-types';
import { executeOn } from '../../../events/execute';
import { MSG_DESPACHO_NO_SICAM, MSG_NO_SICAM_ORDER, MSG_NOT_ATTENDED_CENTRAL } from '../../../events/purchase-request/decider';
import { createRecord } from '../../../events/record/commands';
import { MSG_REQUEST_EXISTS, MSG_REQUEST_RIGHT, workOrders } from '../../../events/work-order/decider';
import { useTestApi } from '../../../tests/harness/api';
import { hashPassword } from '../auth/internal/password';
import { allRoutes, SEED_NAMES } from '../routes';
import { MSG_SERVICE_REQUEST_CREATED } from '../work-orders/create-service-request';

// Issue 29, the last rows of seed 002 about requests and their calls: a cancelled request's row
// actions, 'Actualizar Estados' once attended, getInfoLTAll with the seed's { ots }, the service
// request's is_new, 403 without can_create_request, and the seed's own call names.
const api = useTestApi();
const tokens: Record<string, string> = {};
let obra: number;
let unidad: number;

const post = (token: string, path: string, json: Record<string, unknown>) => api.call('POST', path, { token, json });

const request = (json: Record<string, unknown>) => ({
  id: 0, tipo: 'compra', id_obra: obra, id_solicitudes_tipo: 2, fecha_requerimiento: '2026-12-20', descripcion_trabajo: 'Repuestos del tren de rodaje',
  productos_solicitados: [{ id: 0, descripcion: 'Rodillo inferior D6', id_unidad: unidad, cantidad_solicitada_por_almacen_obra: 2 }], terminado: 1, ...json,
});

async function created(json: Record<string, unknown>): Promise<{ id: number; codigo: string }> {
  const r = await post(tokens.supervisor, '/solicitudes_compras/create_not_ot', request(json));
  expect(r.status, r.body.msg).toBe(200);
  return { id: r.body.id as number, codigo: r.body.codigo as string };
}

/** An administrator (every site, every module) without can_create_request. */
async function adminWithoutRequestRight() {
  const user = await createRecord(api.store, 'user', {
    id_role: 16, name: 'Sin', surname: 'Solicitudes', document: '49999999', email: 'sin.solicitudes@faena.pe', all_works: 1, can_create_request: 0, estado: 1,
  }, { within: async (tx, events) => void (await tx`INSERT INTO auth_credentials (id_user, password_hash) VALUES (${Number(events[0].data.id)}, ${await hashPassword('Faena2026!')})`) });
  expect(user.id).toBeGreaterThan(0);
  return api.login('sin.solicitudes@faena.pe');
}

beforeAll(async () => {
  tokens.supervisor = await api.login('supervisor@faena.pe');
  tokens.admin = await api.login('admin@faena.pe');
  tokens.jefe = await api.login('jefe@faena.pe');
  tokens.central = await api.login('almacen.central@faena.pe');
  tokens.sinDerecho = await adminWithoutRequestRight();
  [{ id: obra }] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_obras WHERE estado = 1 ORDER BY id LIMIT 1`;
  [{ id: unidad }] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_unidades ORDER BY id LIMIT 1`;
}, 120_000);

describe('a cancelled request keeps Ver and the seed\'s one more action (seed 002 §4)', () => {
  it('its row is not protected and allows nothing its state forbids; rejected and finalizado rows stay protected', async () => {
    const r = await created({ tipo: 'servicio' });
    expect((await post(tokens.jefe, '/solicitudes_compras/aprobar', { id_solicitud_compra: r.id })).status).toBe(200);
    const annulled = await post(tokens.supervisor, '/solicitudes_compras/anular_sicoe', { id_solicitud_compra: r.id });
    expect(annulled.status, annulled.body.msg).toBe(200);
    const list = await api.call('GET', '/solicitudes_compras', { token: tokens.jefe, query: { query: r.codigo } });
    expect(list.body.items).toEqual([
      expect.objectContaining({
        estado: 2, estado_nombre: 'Cancelado', protected: 0, puede_editar: false, puede_aprobar: false, puede_reenviar: false, puede_anular_solicitud: false,
      }),
    ]);
    // Ver (the form) and 'Ver actividad' (the request's log) answer for it.
    expect((await api.call('GET', '/solicitudes_compras/form', { token: tokens.jefe, query: { id: r.id } })).status).toBe(200);
    expect((await api.call('GET', '/solicitud_compra_logs', { token: tokens.jefe, query: { target: 'purchase_request', id_target: r.id } })).status).toBe(200);

    const rejected = await created({ tipo: 'servicio' });
    expect((await post(tokens.jefe, '/solicitudes_compras/rechazar', { id_solicitud_compra: rejected.id, motivo_rechazo: 'Sin presupuesto' })).status).toBe(200);
    const rows = await api.call('GET', '/solicitudes_compras', { token: tokens.jefe, query: { query: rejected.codigo } });
    expect(rows.body.items).toEqual([expect.objectContaining({ estado_nombre: 'Rechazado', protected: 1 })]);
  });
});

describe('Actualizar Estados: once the central warehouse attended the request, until it is finalizado (seed 002 §4)', () => {
  const form = async (id: number) => (await api.call('GET', '/almacen_central_ots/form', { token: tokens.central, query: { id } })).body;
  const refresh = (id: number) => post(tokens.central, '/almacen_central_ots/actualizarEstados', { id_solicitud_compra: id });
  const attend = async (id: number) => {
    const r = await post(tokens.central, '/almacen_central_ots/create', { id, terminado: 1, productos_solicitados: [] });
    expect(r.status, r.body.msg).toBe(200);
  };

  it('a despacho, once attended: the button is enabled and the call answers that SICAM has no order for it', async () => {
    const r = await created({ tipo: 'despacho' });
    expect(await form(r.id)).toMatchObject({ puede_actualizar: false });
    const early = await refresh(r.id);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ ok: false, msg: MSG_NOT_ATTENDED_CENTRAL });
    await attend(r.id);
    expect(await form(r.id)).toMatchObject({ puede_actualizar: true, item: expect.objectContaining({ enviado_sicam: 0, atendido_por_almacen_central: 1 }) });
    const answer = await refresh(r.id);
    expect(answer.status, answer.body.msg).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, msg: MSG_DESPACHO_NO_SICAM, eventos: 0 });
  });

  it('a compra attended and not yet in SICAM: enabled too, and the call says SICAM has no order yet', async () => {
    const r = await created({ tipo: 'compra' });
    await attend(r.id);
    expect(await form(r.id)).toMatchObject({ puede_actualizar: true, item: expect.objectContaining({ estado: 4, enviado_sicam: 0 }) });
    const answer = await refresh(r.id);
    expect(answer.status, answer.body.msg).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, msg: MSG_NO_SICAM_ORDER, eventos: 0 });
  });
});

describe('POST /trazabilidad/getInfoLTAll with the seed\'s { ots } alone (seed 002 §7)', () => {
  it('counts the chosen orders open and closed, as with both state flags', async () => {
    const open = await api.sql<{ id: number }[]>`SELECT id_orden_trabajo::int AS id FROM rm_trazabilidad WHERE estado_ot = 1 ORDER BY id_orden_trabajo LIMIT 3`;
    const closed = await api.sql<{ id: number }[]>`SELECT id_orden_trabajo::int AS id FROM rm_trazabilidad WHERE estado_ot = 3 ORDER BY id_orden_trabajo LIMIT 2`;
    expect(open.length).toBeGreaterThan(0);
    expect(closed.length).toBeGreaterThan(0);
    const ots = [...open, ...closed].map((o) => o.id);
    const seed = await post(tokens.admin, '/trazabilidad/getInfoLTAll', { ots });
    expect(seed.status, seed.body.msg).toBe(200);
    expect(seed.body.conteo).toBe(ots.length);
    const both = await post(tokens.admin, '/trazabilidad/getInfoLTAll', { ots, estado_ot_abierto: 1, estado_ot_cerrado: 1 });
    expect(seed.body.items).toEqual(both.body.items);
    // A state flag sent keeps the screen's rule: open only, and neither means none.
    expect((await post(tokens.admin, '/trazabilidad/getInfoLTAll', { ots, estado_ot_abierto: 1 })).body.conteo).toBe(open.length);
    expect((await post(tokens.admin, '/trazabilidad/getInfoLTAll', { ots, estado_ot_abierto: 0, estado_ot_cerrado: 0 })).body.conteo).toBe(0);
  });
});

describe('generating a request from a work order', () => {
  const serviceOrders = () =>
    api.sql<{ id: number }[]>`SELECT id::int FROM rm_ordenes_trabajo WHERE estado = 1 AND sin_productos = 1 AND coalesce(id_solicitud_compra, 0) = 0 ORDER BY id LIMIT 2`;

  it('without can_create_request: 403, not 409, on crearPreSolicitudServicio and crearPreSolicitud under every name', async () => {
    const [order] = await serviceOrders();
    expect(order).toBeDefined();
    for (const path of ['/ordenes_trabajo/crearPreSolicitudServicio', '/solicitudes_compras/crearPreSolicitudServicio']) {
      const r = await post(tokens.sinDerecho, path, { id_orden_trabajo: order.id });
      expect(r.status, path).toBe(403);
      expect(r.body).toMatchObject({ ok: false, msg: MSG_REQUEST_RIGHT });
    }
    // A purchase request: an order with parts whose Pedido the site warehouse attended.
    const [parts] = await api.sql<{ id: number }[]>`
      SELECT o.id::int FROM rm_ordenes_trabajo o WHERE o.estado = 1 AND o.sin_productos = 0 AND coalesce(o.id_solicitud_compra, 0) = 0
         AND EXISTS (SELECT 1 FROM rm_ot_lineas l WHERE l.id_orden_trabajo = o.id AND l.tabla = 'productos_solicitados') ORDER BY o.id LIMIT 1`;
    await executeOn(api.store, workOrders, parts.id, { type: 'SaveSiteOrder', lines: [], terminado: true, allowedUnits: {}, stockAvailable: {}, by: 1 });
    for (const path of ['/solicitudes_compras/crearPreSolicitud', '/almacen_obra_ots/crearPreSolicitud']) {
      const r = await post(tokens.sinDerecho, path, { id_orden_trabajo: parts.id });
      expect(r.status, path).toBe(403);
      expect(r.body).toMatchObject({ ok: false, msg: MSG_REQUEST_RIGHT });
    }
    expect(await api.sql`SELECT 1 FROM rm_ordenes_trabajo WHERE id IN ${api.sql([order.id, parts.id])} AND coalesce(id_solicitud_compra, 0) <> 0`).toHaveLength(0);
  });

  it('crearPreSolicitudServicio replies is_new: true the first time (the web\'s \'Aviso\'), a repeat is refused without it', async () => {
    const [first, second] = await serviceOrders();
    expect(second).toBeDefined();
    const r = await post(tokens.admin, '/ordenes_trabajo/crearPreSolicitudServicio', { id_orden_trabajo: first.id });
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body).toMatchObject({ ok: true, msg: MSG_SERVICE_REQUEST_CREATED, is_new: true, id_solicitud_compra: expect.any(Number) });
    const again = await post(tokens.admin, '/ordenes_trabajo/crearPreSolicitudServicio', { id_orden_trabajo: first.id });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(MSG_REQUEST_EXISTS);
    expect(again.body.is_new).toBeUndefined();
    const other = await post(tokens.admin, '/solicitudes_compras/crearPreSolicitudServicio', { id_orden_trabajo: second.id });
    expect(other.status, other.body.msg).toBe(200);
    expect(other.body).toMatchObject({ is_new: true });
  });
});

describe('the seed\'s own call names answer (seed 002 §7)', () => {
  it('are the same routes as the product\'s names: the same handler, access and input', () => {
    const routes = allRoutes();
    const find = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path);
    expect(SEED_NAMES.map((n) => `${n.method} ${n.path}`).sort()).toEqual(['GET /fil_datas/gruposFuncionales', 'POST /almacen_central_ots/save', 'POST /almacen_obra_ots/save']);
    for (const n of SEED_NAMES) {
      const seed = find(n.method, n.path);
      const product = find(n.method, n.sameAs);
      expect(seed, n.path).toBeDefined();
      expect(seed!.handler).toBe(product!.handler);
      expect(seed!.access).toEqual(product!.access);
      expect(seed!.input).toBe(product!.input);
    }
    expect(find('GET', '/fil_datas/type_users')).toBeDefined();
  });

  it('GET /fil_datas/gruposFuncionales answers as /fil_datas/grupos_funcionales; /fil_datas/type_users lists the user types', async () => {
    const seed = await api.call('GET', '/fil_datas/gruposFuncionales', { token: tokens.supervisor, query: { limit: 500 } });
    const product = await api.call('GET', '/fil_datas/grupos_funcionales', { token: tokens.supervisor, query: { limit: 500 } });
    expect(seed.status).toBe(200);
    expect((seed.body.items as unknown[]).length).toBeGreaterThan(0);
    expect(seed.body).toEqual(product.body);
    const types = await api.call('GET', '/fil_datas/type_users', { token: tokens.supervisor });
    expect(types.status).toBe(200);
    expect(types.body).toMatchObject({ ok: true, items: USER_TYPES });
    expect((await api.call('GET', '/fil_datas/type_users')).status).toBe(401);
  });

  it('POST /almacen_obra_ots/save and /almacen_central_ots/save answer as their create: the same refusals and the same save', async () => {
    const [order] = await api.sql<{ id: number }[]>`
      SELECT id::int FROM rm_ordenes_trabajo WHERE estado = 1 AND sin_productos = 0 AND atendido_por_almacen_obra = 0 ORDER BY id LIMIT 1`;
    const r = await created({ tipo: 'compra' });
    const cases: [string, Record<string, unknown>, string][] = [
      ['/almacen_obra_ots', { id: order.id, productos_solicitados: [], terminado: 0 }, tokens.admin],
      ['/almacen_central_ots', { id: r.id, productos_solicitados: [], terminado: 0 }, tokens.central],
    ];
    for (const [base, body, token] of cases) {
      const bad = { ...body, id: 'x' };
      const [seedBad, productBad] = [await post(token, `${base}/save`, bad), await post(token, `${base}/create`, bad)];
      expect(seedBad.status, base).toBe(422);
      expect(seedBad.body).toEqual(productBad.body);
      const [seedOk, productOk] = [await post(token, `${base}/save`, body), await post(token, `${base}/create`, body)];
      expect(seedOk.status, `${base}/save: ${seedOk.body.msg}`).toBe(200);
      expect(seedOk.body).toMatchObject({ ok: true, is_new: false });
      // The same reply; the site Pedido's save records one event each time, so its version moves on.
      const version = (b: Record<string, unknown>) => (b.item as { version: number }).version;
      const sameButVersion = (b: Record<string, unknown>) => ({ ...b, item: { ...(b.item as object), version: 0 } });
      expect(version(productOk.body) - version(seedOk.body)).toBeLessThanOrEqual(1);
      expect(sameButVersion(seedOk.body)).toEqual(sameButVersion(productOk.body));
      // The same access: whoever the product's name refuses, the seed's refuses too.
      const mecanico = await api.login('mecanico@faena.pe');
      const [seedNo, productNo] = [await post(mecanico, `${base}/save`, body), await post(mecanico, `${base}/create`, body)];
      expect(seedNo.status, base).toBe(403);
      expect(seedNo.body).toEqual(productNo.body);
    }
  });
});
