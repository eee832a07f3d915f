import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG_REQUIRED, MSG_VALIDATION } from '@shared/messages';
import { useTestApi } from '../../../tests/harness/api';
import { MSG_CANNOT_APPROVE, MSG_CENTRAL_EXCESS, MSG_NOT_EDITABLE, MSG_NOT_PENDING_APPROVAL, MSG_NOT_PENDING_CENTRAL } from '../../../events/purchase-request/decider';
import { SICAM_PUSH_QUEUE } from '../../app/jobs/sicam';
import { notifyRequestPeople } from '../../../projections/reactors/notify-request-people';
import { drainReactor } from '../../../tests/harness/reactor';
import { MSG_QUANTITY_POSITIVE, MSG_UNIT_REQUIRED } from '../../../events/purchase-request/request-form';
import { MSG_REGISTERED, MSG_SENT } from './save-request';

const api = useTestApi();
const tokens: Record<string, string> = {};
let obra: { id: number; codigo: string };
let unidad: number;
let material: { id: number; codigo: string; nombre: string };

type Body = Record<string, unknown> & { item?: Record<string, unknown> & { productos_solicitados: Record<string, unknown>[] } };

async function eventCount() {
  const [{ n }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events`;
  return n;
}

async function pushJobs(id: number) {
  return api.sql<{ data: { key: string; id_solicitud_compra: number } }[]>`
    SELECT data FROM pgboss.job WHERE name = ${SICAM_PUSH_QUEUE} AND (data->>'id_solicitud_compra')::int = ${id}`;
}

const base = () => ({
  id: 0, tipo: 'compra', id_obra: obra.id, id_solicitudes_tipo: 2, fecha_requerimiento: '2026-12-15',
  descripcion_trabajo: 'Filtros para mantenimiento preventivo',
  productos_solicitados: [
    { id: 0, id_material: material.id, id_unidad: unidad, cantidad_solicitada_por_almacen_obra: 4 },
    { id: 0, id_material: null, descripcion: 'Manguera hidráulica 1/2"', id_unidad: unidad, cantidad_solicitada_por_almacen_obra: '2.5' },
  ],
});

const save = (token: string, json: Record<string, unknown>, path = 'create_not_ot') => api.call('POST', `/solicitudes_compras/${path}`, { token, json });
const post = (token: string, path: string, json: Record<string, unknown>) => api.call('POST', path, { token, json });

async function created(json: Record<string, unknown> = {}, token = tokens.supervisor) {
  const r = await save(token, { ...base(), ...json });
  expect(r.status, r.body.msg).toBe(200);
  return r.body as unknown as Body & { id: number; codigo: string; version: number };
}

beforeAll(async () => {
  tokens.supervisor = await api.login('supervisor@faena.pe');
  tokens.admin = await api.login('admin@faena.pe');
  tokens.jefe = await api.login('jefe@faena.pe');
  tokens.central = await api.login('almacen.central@faena.pe');
  tokens.mecanico = await api.login('mecanico@faena.pe');
  [obra] = await api.sql<{ id: number; codigo: string }[]>`SELECT id::int, codigo FROM rm_obras WHERE estado = 1 ORDER BY id LIMIT 1`;
  [{ id: unidad }] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_unidades ORDER BY id LIMIT 1`;
  [material] = await api.sql<{ id: number; codigo: string; nombre: string }[]>`SELECT id::int, codigo, nombre FROM rm_materiales ORDER BY id LIMIT 1`;
}, 120_000);

describe('the request form: create, create_not_ot (seed 002 §5)', () => {
  it('refuses a form without site, type, need date, description or a row\'s unit, every field at once, storing nothing', async () => {
    const before = await eventCount();
    const r = await save(tokens.supervisor, {
      id: 0, tipo: 'compra', productos_solicitados: JSON.stringify([{ id: 0, descripcion: 'Filtro', cantidad_solicitada_por_almacen_obra: 0 }]),
    });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ ok: false, msg: MSG_VALIDATION });
    expect(r.body.errors).toEqual({
      id_obra: MSG_REQUIRED, id_solicitudes_tipo: MSG_REQUIRED, fecha_requerimiento: MSG_REQUIRED, descripcion_trabajo: MSG_REQUIRED,
      'productos_solicitados.0.id_unidad': MSG_UNIT_REQUIRED, 'productos_solicitados.0.cantidad_solicitada_por_almacen_obra': MSG_QUANTITY_POSITIVE,
    });
    expect(await eventCount()).toBe(before);
    const noKind = await save(tokens.supervisor, { ...base(), tipo: undefined });
    expect(noKind.status).toBe(422);
    expect(noKind.body.errors).toEqual({ tipo: MSG_REQUIRED });
  });

  it('type 1 needs the cost-centre type; a direct one the equipment and resource, an indirect one its centre and element; mobilisation type 2 its three fields', async () => {
    const t1 = await save(tokens.supervisor, { ...base(), id_solicitudes_tipo: 1 });
    expect(t1.body.errors).toEqual({ id_centro_costo_tipo: MSG_REQUIRED });
    const direct = await save(tokens.supervisor, { ...base(), id_solicitudes_tipo: 1, id_centro_costo_tipo: 1 });
    expect(direct.body.errors).toEqual({ id_equipo: MSG_REQUIRED, id_solicitudes_movilizacion_recursos: MSG_REQUIRED });
    const indirect = await save(tokens.supervisor, { ...base(), id_solicitudes_tipo: 1, id_centro_costo_tipo: 2 });
    expect(indirect.body.errors).toEqual({ id_centro_costo_indirecto: MSG_REQUIRED, id_centro_costo_indirecto_elemento: MSG_REQUIRED });
    const mobilisation = await save(tokens.supervisor, { ...base(), tipo: 'servicio', id_solicitudes_movilizacion_terceros_tipocc: 2 });
    expect(mobilisation.body.errors).toEqual({
      id_solicitudes_clasificacion: MSG_REQUIRED, id_centro_costo_tipo: MSG_REQUIRED, id_solicitudes_movilizacion_recursos: MSG_REQUIRED,
    });
  });

  it('an indirect cost centre clears the functional group', async () => {
    const [gf] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_grupos_funcionales ORDER BY id LIMIT 1`;
    const [el] = await api.sql<{ id: number; centre: number }[]>`SELECT id::int, id_centro_costo_indirecto::int AS centre FROM rm_centro_costo_indirecto_elementos WHERE estado = 1 ORDER BY id DESC LIMIT 1`;
    const r = await created({ id_centro_costo_tipo: 2, id_centro_costo_indirecto: el.centre, id_centro_costo_indirecto_elemento: el.id, id_grupo_funcional: gf.id });
    expect(r.item!.id_grupo_funcional).toBeNull();
    expect(r.item!.id_centro_costo_indirecto).toBe(el.centre);
  });

  it('registers a borrador with its code per site and kind, and its products; the list and the form read it at once', async () => {
    const first = await created();
    const second = await created();
    const servicio = await created({ tipo: 'servicio' });
    const n = (code: string) => Number(code.slice(-6));
    expect(first.codigo).toMatch(new RegExp(`^${obra.codigo}-SC-\\d{6}$`));
    expect(n(second.codigo)).toBe(n(first.codigo) + 1);
    expect(servicio.codigo).toMatch(new RegExp(`^${obra.codigo}-SS-\\d{6}$`));
    expect(first).toMatchObject({ ok: true, msg: MSG_REGISTERED, is_new: true });
    expect(first.item).toMatchObject({ estado: 1, estado_nombre: 'Borrador', tipo: 1, editable: 1, id_supervisor: expect.any(Number), nombre_supervisor: 'Carlos' });
    expect(first.item!.productos_solicitados.map((p) => [p.codigo, p.descripcion, p.cantidad_solicitada_por_almacen_obra, p.estado])).toEqual([
      [material.codigo, material.nombre, 4, 1],
      ['', 'Manguera hidráulica 1/2"', 2.5, 1],
    ]);
    const list = await api.call('GET', '/solicitudes_compras', { token: tokens.supervisor, query: { query: first.codigo } });
    expect(list.body.items).toEqual([expect.objectContaining({ codigo: first.codigo, codigo_obra: obra.codigo, estado_nombre: 'Borrador', enviado_sicam: 0, puede_editar: true, puede_aprobar: false })]);
    const form = await api.call('GET', '/solicitudes_compras/form', { token: tokens.supervisor, query: { id: first.id } });
    expect(form.body.item).toMatchObject({ id: first.id, codigo: first.codigo });
    const formPost = await post(tokens.supervisor, '/solicitudes_compras/form', { id: first.id });
    expect(formPost.body.item).toEqual(form.body.item);
  });

  it('a borrador changes a quantity, adds and removes rows; the kind never changes; eliminarProducto removes a row', async () => {
    const r = await created();
    const [a, b] = r.item!.productos_solicitados as { id: number }[];
    const edited = await save(tokens.supervisor, {
      ...base(), id: r.id, version: r.version,
      productos_solicitados: [{ id: a.id, id_material: material.id, id_unidad: unidad, cantidad_solicitada_por_almacen_obra: 6 }, { id: 0, descripcion: 'Grasa', id_unidad: unidad, cantidad_solicitada_por_almacen_obra: 1 }],
    });
    expect(edited.status, edited.body.msg).toBe(200);
    const rows = (edited.body as Body).item!.productos_solicitados;
    expect(rows.map((p) => [p.descripcion, p.cantidad_solicitada_por_almacen_obra])).toEqual([[material.nombre, 6], ['Grasa', 1]]);
    expect(rows.some((p) => p.id === b.id)).toBe(false);
    const kind = await save(tokens.supervisor, { ...base(), id: r.id, tipo: 'servicio' });
    expect(kind.status).toBe(422);
    expect(kind.body.errors).toEqual({ tipo: 'El tipo de la solicitud no se puede cambiar una vez guardada' });
    const stale = await save(tokens.supervisor, { ...base(), id: r.id, version: r.version });
    expect(stale.status).toBe(409);
    const removed = await post(tokens.supervisor, '/solicitudes_compras/eliminarProducto', { id: rows[1].id });
    expect(removed.status).toBe(200);
    const detail = await api.call('GET', '/solicitudes_compras/obtenerProductos', { token: tokens.supervisor, query: { id_solicitud_compra: r.id } });
    expect((detail.body.items as unknown[]).length).toBe(1);
    const byTable = await post(tokens.supervisor, '/solicitudes_compras/eliminarElementoDeDetalle', { tabla: 'productos_solicitados', id: rows[0].id });
    expect(byTable.status).toBe(200);
  });

  it('bad input is a 4xx with the field named, never a 500', async () => {
    const r = await save(tokens.supervisor, { ...base(), productos_solicitados: 'no es json' });
    expect(r.status).toBe(422);
    expect(r.body.errors).toHaveProperty('productos_solicitados');
    const date = await save(tokens.supervisor, { ...base(), fecha_requerimiento: '2026-02-31' });
    expect(date.status).toBe(422);
    expect(date.body.errors).toHaveProperty('fecha_requerimiento');
    const neg = await save(tokens.supervisor, { ...base(), productos_solicitados: [{ id: 0, descripcion: 'x', id_unidad: unidad, cantidad_solicitada_por_almacen_obra: -1 }] });
    expect(neg.status).toBe(422);
    const unknownUnit = await save(tokens.supervisor, { ...base(), productos_solicitados: [{ id: 0, descripcion: 'x', id_unidad: 999999, cantidad_solicitada_por_almacen_obra: 1 }] });
    expect(unknownUnit.body.errors).toEqual({ 'productos_solicitados.0.id_unidad': 'La unidad no existe' });
    const noRight = await save(tokens.mecanico, base());
    expect(noRight.status).toBe(403);
  });
});

describe('the workflow: send, central attention, observation, approval, SICAM push, annul', () => {
  it('send (terminado=1): a compra goes to the central warehouse (3), then nothing is edited', async () => {
    const r = await created({ terminado: 1 });
    expect(r.msg).toBe(MSG_SENT);
    expect(r.item).toMatchObject({ estado: 3, estado_nombre: 'Pendiente atención almacén central', editable: 0 });
    expect(r.item!.productos_solicitados.every((p) => p.estado === 3)).toBe(true);
    const again = await save(tokens.supervisor, { ...base(), id: r.id });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(MSG_NOT_EDITABLE);
  });

  it('a servicio goes straight to approval (4); the approver approves it and the SICAM push is queued with the approval event as key', async () => {
    const r = await created({ tipo: 'servicio', terminado: 1 });
    expect(r.item!.estado).toBe(4);
    const refused = await post(tokens.supervisor, '/solicitudes_compras/aprobar', { id_solicitud_compra: r.id });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(MSG_CANNOT_APPROVE);
    expect(await pushJobs(r.id)).toEqual([]);
    const ok = await post(tokens.jefe, '/solicitudes_compras/aprobar', { id_solicitud_compra: r.id });
    expect(ok.status, ok.body.msg).toBe(200);
    const [approval] = await api.sql<{ id: string }[]>`SELECT event_id::text AS id FROM es_events WHERE stream_id = ${`purchase_request-${r.id}`} AND event_type = 'PurchaseRequestApproved'`;
    const jobs = await pushJobs(r.id);
    expect(jobs.map((j) => j.data.key)).toEqual([approval.id]);
    const list = await api.call('GET', '/solicitudes_compras', { token: tokens.jefe, query: { query: r.codigo } });
    expect(list.body.items).toEqual([expect.objectContaining({ estado_nombre: 'Solicitado', sicam_estado: 'pendiente', puede_aprobar: false })]);
    const twice = await post(tokens.jefe, '/solicitudes_compras/aprobar', { id_solicitud_compra: r.id });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe(MSG_NOT_PENDING_APPROVAL);
    expect(await pushJobs(r.id)).toHaveLength(1);
  });

  it('the central Pedido: stock at most what was asked; the rest to buy is computed; Atendido sends a compra with something to buy to approval', async () => {
    const r = await created({ terminado: 1 });
    const [a, b] = r.item!.productos_solicitados as { id: number }[];
    const supervisor = await post(tokens.supervisor, '/almacen_central_ots/create', { id: r.id, productos_solicitados: [] });
    expect(supervisor.status).toBe(403);
    const excess = await post(tokens.central, '/almacen_central_ots/create', { id: r.id, productos_solicitados: [{ id: a.id, cantidad_en_almacen_central: 5 }] });
    expect(excess.status).toBe(422);
    expect(excess.body.errors).toEqual({ 'productos_solicitados.0.cantidad_en_almacen_central': MSG_CENTRAL_EXCESS });
    const list = await api.call('GET', '/almacen_central_ots', { token: tokens.central, query: { query: r.codigo } });
    expect(list.body.items).toEqual([expect.objectContaining({ codigo: r.codigo, atendido_por_almacen_central: 0 })]);
    const form = await api.call('GET', '/almacen_central_ots/form', { token: tokens.central, query: { id: r.id } });
    expect(form.body).toMatchObject({ puede_atender: true, puede_observar: true, puede_actualizar: false });
    const saved = await post(tokens.central, '/almacen_central_ots/create', {
      id: r.id, productos_solicitados: [{ id: a.id, cantidad_en_almacen_central: 4 }, { id: b.id, cantidad_en_almacen_central: 1, observacion_almacen_central: 'Queda 1' }],
    });
    expect(saved.status, saved.body.msg).toBe(200);
    const rows = (saved.body as Body).item!.productos_solicitados;
    expect(rows.map((p) => [p.cantidad_en_almacen_central, p.cantidad_solicitada_por_almacen_central, p.en_almacen_central])).toEqual([[4, 0, 1], [1, 1.5, 0]]);
    const attended = await post(tokens.central, '/almacen_central_ots/create', { id: r.id, terminado: 1, productos_solicitados: [] });
    expect(attended.status, attended.body.msg).toBe(200);
    expect((attended.body as Body).item).toMatchObject({ estado: 4, atendido_por_almacen_central: 1 });
    const observeLate = await post(tokens.central, '/solicitudes_compras/observar', { id_solicitud_compra: r.id, motivo_observado: 'Tarde' });
    expect(observeLate.status).toBe(409);
    expect(observeLate.body.msg).toBe(MSG_NOT_PENDING_CENTRAL);
  });

  it('a compra fully covered by central stock, or a despacho, is solicitado at once and never queued for SICAM', async () => {
    const despacho = await created({ tipo: 'despacho', terminado: 1 });
    expect(despacho.codigo).toContain('-SD-');
    const r = await post(tokens.central, '/almacen_central_ots/create', { id: despacho.id, terminado: 1, productos_solicitados: [] });
    expect((r.body as Body).item).toMatchObject({ estado: 5 });
    const covered = await created({ terminado: 1 });
    const lines = covered.item!.productos_solicitados.map((p) => ({ id: p.id, cantidad_en_almacen_central: p.cantidad_solicitada_por_almacen_obra }));
    const c = await post(tokens.central, '/almacen_central_ots/create', { id: covered.id, terminado: 1, productos_solicitados: lines });
    expect((c.body as Body).item).toMatchObject({ estado: 5 });
    expect((c.body as Body).item!.productos_solicitados.every((p) => p.estado === 8 && p.en_almacen_central === 1)).toBe(true);
    expect(await pushJobs(despacho.id)).toEqual([]);
    expect(await pushJobs(covered.id)).toEqual([]);
  });

  it('Observar needs a reason (3 → 8); the requester corrects and sends again (8 → 3)', async () => {
    const r = await created({ terminado: 1 });
    const empty = await post(tokens.central, '/solicitudes_compras/observar', { id_solicitud_compra: r.id, motivo_observado: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ motivo_observado: MSG_REQUIRED });
    const noRight = await post(tokens.mecanico, '/solicitudes_compras/observar', { id_solicitud_compra: r.id, motivo_observado: 'x' });
    expect(noRight.status).toBe(403);
    const observed = await post(tokens.central, '/solicitudes_compras/observar', { id_solicitud_compra: r.id, motivo_observado: 'Falta el código del filtro' });
    expect(observed.status).toBe(200);
    const form = await api.call('GET', '/solicitudes_compras/form', { token: tokens.supervisor, query: { id: r.id } });
    expect(form.body.item).toMatchObject({ estado: 8, motivo_observado: 'Falta el código del filtro', editable: 1 });
    const resent = await save(tokens.supervisor, { ...base(), id: r.id, productos_solicitados: (form.body.item as Body['item'])!.productos_solicitados.map((p) => ({ ...p, id_unidad: unidad })), descripcion_trabajo: 'Filtro 1R-0750', terminado: 1 });
    expect(resent.status, resent.body.msg).toBe(200);
    expect((resent.body as Body).item).toMatchObject({ estado: 3, descripcion_trabajo: 'Filtro 1R-0750', motivo_observado: null });
  });

  it('rechazar needs a reason (4 → 6); the rejected row is protected', async () => {
    const r = await created({ tipo: 'servicio', terminado: 1 });
    const empty = await post(tokens.jefe, '/solicitudes_compras/rechazar', { id_solicitud_compra: r.id });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ motivo_rechazo: MSG_REQUIRED });
    const ok = await post(tokens.jefe, '/solicitudes_compras/rechazar', { id_solicitud_compra: r.id, motivo_rechazo: 'Sin presupuesto' });
    expect(ok.status).toBe(200);
    const list = await api.call('GET', '/solicitudes_compras', { token: tokens.jefe, query: { query: r.codigo } });
    expect(list.body.items).toEqual([expect.objectContaining({ estado_nombre: 'Rechazado', protected: 1, material_rechazado: 1 })]);
  });

  it('anular_sicoe cancels a solicitado request not yet in SICAM; anular_sicoe_material annuls one product', async () => {
    const r = await created({ tipo: 'servicio', terminado: 1 });
    const [p] = r.item!.productos_solicitados as { id: number }[];
    await post(tokens.jefe, '/solicitudes_compras/aprobar', { id_solicitud_compra: r.id });
    const product = await post(tokens.supervisor, '/solicitudes_compras/anular_sicoe_material', { id_gestion_ot: p.id });
    expect(product.status, product.body.msg).toBe(200);
    const annulled = await post(tokens.supervisor, '/solicitudes_compras/anular_sicoe', { id_solicitud_compra: r.id });
    expect(annulled.status).toBe(200);
    const form = await api.call('GET', '/solicitudes_compras/form', { token: tokens.supervisor, query: { id: r.id } });
    expect(form.body.item).toMatchObject({ estado: 2 });
    expect((form.body.item as Body['item'])!.productos_solicitados.map((x) => x.estado)).toEqual([2, 2]);
    const again = await post(tokens.supervisor, '/solicitudes_compras/anular_sicoe', { id_solicitud_compra: r.id });
    expect(again.status).toBe(409);
  });
});

describe('the request PDF', () => {
  it('prints the header and the product table with accents; both paths; another site\'s request is a 404', async () => {
    const r = await created({ descripcion_trabajo: 'Reparación del cilindro de levante' });
    for (const path of ['/solicitudes_compras/PDF', '/solicitudes_compras/obtenerPDF']) {
      const res = await api.raw('GET', `${path}?id_solicitud_compra=${r.id}`, { headers: { authorization: `Bearer ${tokens.supervisor}` } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const file = join(mkdtempSync(join(tmpdir(), 'faena-sc-pdf-')), 'sc.pdf');
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      for (const expected of [`SOLICITUD DE COMPRA ${r.codigo}`, 'Reparación del cilindro de levante', 'Productos solicitados', material.nombre, 'Manguera hidráulica 1/2"', 'Borrador', 'Carlos Mendoza Flores']) {
        expect(text).toContain(expected);
      }
    }
    const missing = await api.call('GET', '/solicitudes_compras/PDF', { token: tokens.supervisor, query: { id_solicitud_compra: 99999999 } });
    expect(missing.status).toBe(404);
  });
});

describe('requests from a work order, lookups, site scope', () => {
  it('crearPreSolicitud makes a compra borrador with the order\'s spare parts and links the order; a second one is refused', async () => {
    const [ot] = await api.sql<{ id: number; codigo: string; n: number }[]>`
      SELECT o.id::int, o.codigo, count(l.id)::int AS n FROM rm_ordenes_trabajo o JOIN rm_ot_lineas l ON l.id_orden_trabajo = o.id AND l.tabla = 'productos_solicitados'
       WHERE o.estado = 1 AND o.id_solicitud_compra = 0 GROUP BY o.id ORDER BY o.id LIMIT 1`;
    // Only once the site warehouse attended the order (issue 16).
    const early = await post(tokens.supervisor, '/solicitudes_compras/crearPreSolicitud', { id_orden_trabajo: ot.id });
    expect(early.status).toBe(409);
    const attended = await post(tokens.admin, '/almacen_obra_ots/create', { id: ot.id, terminado: 1, productos_solicitados: [] });
    expect(attended.status, attended.body.msg).toBe(200);
    const r = await post(tokens.supervisor, '/solicitudes_compras/crearPreSolicitud', { id_orden_trabajo: ot.id });
    expect(r.status, r.body.msg).toBe(200);
    const id = r.body.id_solicitud_compra as number;
    const form = await api.call('GET', '/solicitudes_compras/form', { token: tokens.supervisor, query: { id } });
    expect(form.body.item).toMatchObject({ tipo: 1, creado_desde_ot: 1, id_orden_trabajo: ot.id, codigo_orden_trabajo: ot.codigo, estado: 1 });
    expect((form.body.item as Body['item'])!.productos_solicitados).toHaveLength(ot.n);
    const [order] = await api.sql`SELECT id_solicitud_compra::int AS id, solicitud_tipo FROM rm_ordenes_trabajo WHERE id = ${ot.id}`;
    expect(order).toEqual({ id, solicitud_tipo: 'compra' });
    const again = await post(tokens.supervisor, '/solicitudes_compras/crearPreSolicitud', { id_orden_trabajo: ot.id });
    expect(again.status).toBe(409);
    // Products of a compra created from an OT are locked.
    const edit = await save(tokens.supervisor, { ...base(), id, id_obra: (form.body.item as { id_obra: number }).id_obra, productos_solicitados: [] }, 'create');
    expect(edit.status).toBe(409);
  });

  it('the lookups answer with their limits (1000 for requests, OTs and order numbers)', async () => {
    for (const path of ['/fil_datas/solicitudesCompras', '/fil_datas/ordenesTrabajo', '/fil_datas/numerosOrdenCompra']) {
      const r = await api.call('GET', path, { token: tokens.supervisor, query: { limit: 1000 } });
      expect(r.status, path).toBe(200);
      expect(Array.isArray(r.body.items)).toBe(true);
      const over = await api.call('GET', path, { token: tokens.supervisor, query: { limit: 1001 } });
      expect(over.status, path).toBe(422);
    }
  });

  it('a request on a site the caller does not work on is a 404 everywhere', async () => {
    const r = await created();
    const [other] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_obras WHERE id <> ${obra.id} ORDER BY id LIMIT 1`;
    await api.sql`UPDATE rm_solicitudes_compras SET id_obra = ${other.id} WHERE id = ${r.id}`;
    await api.sql`UPDATE rm_users SET all_works = 0, id_obra = ${obra.id} WHERE email = 'supervisor@faena.pe'`;
    try {
      const form = await api.call('GET', '/solicitudes_compras/form', { token: tokens.supervisor, query: { id: r.id } });
      expect(form.status).toBe(404);
      const products = await api.call('GET', '/solicitudes_compras/obtenerProductos', { token: tokens.supervisor, query: { id_solicitud_compra: r.id } });
      expect(products.status).toBe(404);
      const list = await api.call('GET', '/solicitudes_compras', { token: tokens.supervisor, query: { query: r.codigo } });
      expect(list.body.items).toEqual([]);
    } finally {
      await api.sql`UPDATE rm_users SET all_works = 1 WHERE email = 'supervisor@faena.pe'`;
    }
  });
});

describe('notifications to the people concerned', () => {
  /** Runs the notification reactor until it has read the whole log. */
  const react = () => drainReactor(api, notifyRequestPeople);
  const inbox = async (email: string) => (await api.sql<{ contenido: string }[]>`
    SELECT n.contenido FROM rm_notifications n JOIN rm_users u ON u.id = n.id_user WHERE u.email = ${email} ORDER BY n.id`).map((n) => n.contenido);

  it('approvers hear of a request waiting for them; the requester of its approval, rejection (with the reason) and observation; once each', async () => {
    await react();
    const [jefeBefore, supervisorBefore] = [await inbox('jefe@faena.pe'), await inbox('supervisor@faena.pe')];
    const waiting = await created({ tipo: 'servicio', terminado: 1 });
    const rejected = await created({ tipo: 'servicio', terminado: 1 });
    const observed = await created({ terminado: 1 });
    await post(tokens.jefe, '/solicitudes_compras/aprobar', { id_solicitud_compra: waiting.id });
    await post(tokens.jefe, '/solicitudes_compras/rechazar', { id_solicitud_compra: rejected.id, motivo_rechazo: 'Sin presupuesto' });
    await post(tokens.central, '/solicitudes_compras/observar', { id_solicitud_compra: observed.id, motivo_observado: 'Falta el código' });
    await react();
    await react();
    expect((await inbox('jefe@faena.pe')).slice(jefeBefore.length)).toEqual([
      `La solicitud ${waiting.codigo} espera su aprobación`, `La solicitud ${rejected.codigo} espera su aprobación`,
    ]);
    expect((await inbox('supervisor@faena.pe')).slice(supervisorBefore.length)).toEqual([
      `Se aprobó la solicitud ${waiting.codigo}`, `Se rechazó la solicitud ${rejected.codigo}: Sin presupuesto`,
      `El almacén central observó la solicitud ${observed.codigo}: Falta el código`,
    ]);
  });
});

describe('the form replies carry the seed’s fields (seed 002 §3, §7)', () => {
  const form = async (id: number, token = tokens.supervisor) => {
    const r = await api.call('GET', '/solicitudes_compras/form', { token, query: { id } });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.item as Record<string, unknown> & { productos_solicitados: Record<string, unknown>[] };
  };

  it('the request form: objeto_estado is the state (code, name, tone), protected says it is finished; its products carry their own objeto_estado', async () => {
    const draft = await created();
    const d = await form(draft.id);
    expect(d).toMatchObject({ objeto_estado: { id: 1, nombre: 'Borrador', color: 'slate' }, protected: 0, editable: 1 });
    expect(d.productos_solicitados.map((p) => p.objeto_estado)).toEqual([
      { id: 1, nombre: 'Borrador', color: 'amber' }, { id: 1, nombre: 'Borrador', color: 'amber' },
    ]);
    // Waiting for approval: no longer editable, yet not protected (it can still be approved or rejected).
    const pending = await created({ tipo: 'servicio', terminado: 1 });
    expect(await form(pending.id)).toMatchObject({ objeto_estado: { id: 4, nombre: 'Pendiente aprobación', color: 'violet' }, protected: 0, editable: 0 });
    expect((await post(tokens.jefe, '/solicitudes_compras/rechazar', { id_solicitud_compra: pending.id, motivo_rechazo: 'Sin presupuesto' })).status).toBe(200);
    const rejected = await form(pending.id);
    expect(rejected).toMatchObject({ objeto_estado: { id: 6, nombre: 'Rechazado', color: 'rose' }, protected: 1, editable: 0 });
    expect(rejected.productos_solicitados.map((p) => p.objeto_estado)).toEqual([
      { id: 6, nombre: 'Rechazado', color: 'rose' }, { id: 6, nombre: 'Rechazado', color: 'rose' },
    ]);
    // The list's row says the same.
    const list = await api.call('GET', '/solicitudes_compras', { token: tokens.jefe, query: { query: pending.codigo } });
    expect(list.body.items).toEqual([expect.objectContaining({ protected: 1 })]);
    // A new request has no state yet.
    expect(await form(0)).toMatchObject({ id: 0, objeto_estado: null, protected: 0 });
  });

  it('the central Pedido form carries conversion_unidades: every active conversion of an active unit, with its factor', async () => {
    const [{ tipo }] = await api.sql<{ tipo: number }[]>`SELECT id_material_tipo::int AS tipo FROM rm_materiales WHERE id = ${material.id}`;
    const r = await created({ terminado: 1 });
    const reply = await api.call('GET', '/almacen_central_ots/form', { token: tokens.central, query: { id: r.id } });
    expect(reply.status, reply.body.msg).toBe(200);
    const expected = await api.sql<{ id_material_tipo: number; id_unidad: number; valor: string }[]>`
      SELECT c.id_material_tipo::int, c.id_unidad::int, c.valor::text AS valor FROM rm_conversion_unidades c JOIN rm_unidades u ON u.id = c.id_unidad
       WHERE c.estado = 1 AND u.estado = 1 ORDER BY 1, 2`;
    expect(expected.some((c) => c.id_material_tipo === tipo)).toBe(true);
    expect(reply.body.conversion_unidades).toEqual(expected.map((c) => ({ ...c })));
    const ofType = (reply.body.conversion_unidades as { id_material_tipo: number; valor: string }[]).filter((c) => c.id_material_tipo === tipo);
    expect(ofType.every((c) => /^\d+(\.\d+)?$/.test(c.valor))).toBe(true);
  });
});
