import { MSG_REQUIRED, MSG_VALIDATION } from '@shared/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRecord } from '../../../events/record/commands';
import { useTestApi } from '../../../tests/harness/api';
import { catalogueCalls, type Row } from './catalogue-test-calls';
import { hashPassword } from '../auth/internal/password';
import { MSG_FRENTE_INVALID, MSG_FRENTE_OTHER_SITE } from '../purchase-requests/save-request';
import { MSG_FRENTE_SITE_LOCKED } from './catalogue-routes';

// Issue 29, seed 002 §2 (the request list's expanded detail: "maintenance type, work-site front"):
// the fronts of a work site (/frentes_obra, an admin catalogue per site), the request form's front
// (one of the request's site's), and the detail reply carrying the maintenance type and the front.
const api = useTestApi();
const { call, items, options, itemOf, expectOk } = catalogueCalls(api, () => admin);

let admin: string;
/** A supervisor who works on site A only. */
let oneSite: string;
let siteA: number;
let siteB: number;
let unidad: number;
/** An open work order of site A with no request yet, and its maintenance type. */
let order: { id: number; sigla: string; nombre: string };


const request = (over: Row = {}) => ({
  id: 0, tipo: 'servicio', id_obra: siteA, id_solicitudes_tipo: 2, fecha_requerimiento: '2026-12-15', descripcion_trabajo: 'Alquiler de grúa',
  productos_solicitados: [{ id: 0, id_material: null, descripcion: 'Servicio de grúa', id_unidad: unidad, cantidad_solicitada_por_almacen_obra: 1 }],
  ...over,
});
const saveRequest = (over: Row, path = 'create_not_ot') => api.call('POST', `/solicitudes_compras/${path}`, { token: admin, json: request(over) });
const newFront = async (id_obra: number, codigo: string, nombre: string) => itemOf(await call('POST', '/frentes_obra/create', { id: 0, id_obra, codigo, nombre }));

beforeAll(async () => {
  admin = await api.login('admin@faena.pe');
  // Site A has an open work order with a maintenance type and no request; site B is another site.
  const [ot] = await api.sql<{ id: number; id_obra: number; sigla: string; nombre: string }[]>`
    SELECT o.id::int, o.id_obra::int, t.sigla, t.nombre FROM rm_ordenes_trabajo o JOIN rm_tipos_mantenimiento t ON t.id = o.id_tipo_mantenimiento
     WHERE o.estado = 1 AND coalesce(o.id_solicitud_compra, 0) = 0 ORDER BY o.id LIMIT 1`;
  order = ot;
  siteA = ot.id_obra;
  [{ id: siteB }] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_obras WHERE estado = 1 AND id <> ${siteA} ORDER BY id LIMIT 1`;
  [{ id: unidad }] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_unidades ORDER BY id LIMIT 1`;
  const hash = await hashPassword('Faena2026!');
  await createRecord(api.store, 'user', {
    id_role: 15, id_obra: siteA, name: 'Fabio', surname: 'Frente', document: '49900029', email: 'fabio.frente@faena.pe', all_works: 0, estado: 1,
  }, { within: async (tx, events) => void (await tx`INSERT INTO auth_credentials (id_user, password_hash) VALUES (${Number(events[0].data.id)}, ${hash})`) });
  oneSite = await api.login('fabio.frente@faena.pe');
}, 120_000);

describe('the fronts of a work site (/frentes_obra)', () => {
  it('site, code and name required; the site exists; the code unique within its site (not across sites)', async () => {
    const empty = await call('POST', '/frentes_obra/create', { id: 0 });
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ ok: false, msg: MSG_VALIDATION });
    expect(empty.body.errors).toEqual({ id_obra: MSG_REQUIRED, codigo: MSG_REQUIRED, nombre: MSG_REQUIRED });
    const missing = await call('POST', '/frentes_obra/create', { id: 0, id_obra: 999_999, codigo: 'F1', nombre: 'Tajo norte' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ id_obra: 'La obra no existe' });
    const norte = await newFront(siteA, 'F1', 'Tajo norte');
    expect(norte).toMatchObject({ id_obra: siteA, codigo: 'F1', nombre: 'Tajo norte', estado: 1 });
    await newFront(siteA, 'F2', 'Planta chancadora');
    const dup = await call('POST', '/frentes_obra/create', { id: 0, id_obra: siteA, codigo: 'f1', nombre: 'Otro' });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ codigo: 'Ya existe un frente con ese código en la obra' });
    await newFront(siteB, 'F1', 'Polvorín');
  });

  it('the list filters by site and names the site; the select needs the site and lists its active fronts only', async () => {
    const list = await call('GET', '/frentes_obra', { id_obra: siteA });
    expect(list.status).toBe(200);
    expect(items(list).map((r) => [r.codigo, r.nombre, r.id_obra, r.solicitudes])).toEqual([['F1', 'Tajo norte', siteA, 0], ['F2', 'Planta chancadora', siteA, 0]]);
    const [{ codigo, nombre }] = await api.sql<{ codigo: string; nombre: string }[]>`SELECT codigo, nombre FROM rm_obras WHERE id = ${siteA}`;
    expect(items(list)[0].obra).toBe(`${codigo} - ${nombre}`);
    const csv = await api.raw('GET', `/frentes_obra/export?kind=csv&id_obra=${siteA}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('Solicitudes');
    expect(text).toContain('Planta chancadora');
    expect(text).not.toContain('Polvorín');
    const noSite = await call('GET', '/fil_datas/frentes_obra', {}, oneSite);
    expect(noSite.status).toBe(422);
    expect(noSite.body.ok).toBe(false);
    const [f2] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_frentes_obra WHERE id_obra = ${siteA} AND codigo = 'F2'`;
    expectOk(await call('POST', '/frentes_obra/disable', { id: f2.id }));
    const lookup = options(await call('GET', '/fil_datas/frentes_obra', { id_obra: siteA }, oneSite));
    expect(lookup.map((o) => [o.label, o.codigo, o.nombre, o.id_obra])).toEqual([['F1 - Tajo norte', 'F1', 'Tajo norte', siteA]]);
    expectOk(await call('POST', '/frentes_obra/enable', { id: f2.id }));
  });

  it('scope: a one-site user reads no other site\'s fronts and has no right on the admin catalogue', async () => {
    expect(options(await call('GET', '/fil_datas/frentes_obra', { id_obra: siteB }, oneSite))).toEqual([]);
    const [other] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_frentes_obra WHERE id_obra = ${siteB} LIMIT 1`;
    expect((await call('GET', '/fil_datas/frentes_obra', { id_obra: siteB, value: other.id }, oneSite)).body.item).toBeNull();
    expect((await call('GET', '/frentes_obra', {}, oneSite)).status).toBe(403);
    expect((await call('POST', '/frentes_obra/create', { id: 0, id_obra: siteA, codigo: 'F9', nombre: 'X' }, oneSite)).status).toBe(403);
    // The admin works on every site.
    expect(options(await call('GET', '/fil_datas/frentes_obra', { id_obra: siteB })).map((o) => o.label)).toEqual(['F1 - Polvorín']);
  });
});

describe('the request\'s front (save-request.ts) and the expanded detail', () => {
  it('a front of another site, unknown or disabled is a 422 field error in Spanish, nothing stored', async () => {
    const [other] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_frentes_obra WHERE id_obra = ${siteB} LIMIT 1`;
    const [{ n: before }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_solicitudes_compras`;
    const wrong = await saveRequest({ id_frente_obra: other.id });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ ok: false, msg: MSG_VALIDATION, errors: { id_frente_obra: MSG_FRENTE_OTHER_SITE } });
    expect((await saveRequest({ id_frente_obra: 999_999 })).body.errors).toEqual({ id_frente_obra: MSG_FRENTE_INVALID });
    const [f2] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_frentes_obra WHERE id_obra = ${siteA} AND codigo = 'F2'`;
    expectOk(await call('POST', '/frentes_obra/disable', { id: f2.id }));
    expect((await saveRequest({ id_frente_obra: f2.id })).body.errors).toEqual({ id_frente_obra: MSG_FRENTE_INVALID });
    expectOk(await call('POST', '/frentes_obra/enable', { id: f2.id }));
    const bad = await saveRequest({ id_frente_obra: 'norte' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors as Row)).toEqual(['id_frente_obra']);
    const [{ n: after }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_solicitudes_compras`;
    expect(after).toBe(before);
  });

  it('saved with the request (its event\'s fields), read back by the form, changed and cleared by an edit', async () => {
    const [f1] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_frentes_obra WHERE id_obra = ${siteA} AND codigo = 'F1'`;
    const [f2] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_frentes_obra WHERE id_obra = ${siteA} AND codigo = 'F2'`;
    const saved = await saveRequest({ id_frente_obra: f1.id });
    expectOk(saved);
    const id = saved.body.id as number;
    expect(saved.body.item).toMatchObject({ id_frente_obra: f1.id, frente_obra_codigo: 'F1', frente_obra_nombre: 'Tajo norte' });
    const [created] = await api.sql<{ fields: Row }[]>`SELECT data->'fields' AS fields FROM es_events WHERE stream_id = ${`purchase_request-${id}`} AND event_type = 'PurchaseRequestCreated'`;
    expect(created.fields.id_frente_obra).toBe(f1.id);
    const edited = await saveRequest({ id, version: saved.body.version, id_frente_obra: f2.id });
    expectOk(edited);
    expect(edited.body.item).toMatchObject({ id_frente_obra: f2.id, frente_obra_codigo: 'F2', frente_obra_nombre: 'Planta chancadora' });
    const cleared = await saveRequest({ id, version: edited.body.version, id_frente_obra: null });
    expectOk(cleared);
    expect(cleared.body.item).toMatchObject({ id_frente_obra: null, frente_obra_codigo: null, frente_obra_nombre: null });
  });

  it('the detail reply (GET /solicitudes_compras/form) carries the OT\'s maintenance type and the front; a front in use keeps its site and stays', async () => {
    const [f1] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_frentes_obra WHERE id_obra = ${siteA} AND codigo = 'F1'`;
    const saved = await saveRequest({ id_orden_trabajo: order.id, id_frente_obra: f1.id }, 'create');
    expectOk(saved);
    const detail = await call('GET', '/solicitudes_compras/form', { id: saved.body.id as number });
    expect(detail.status).toBe(200);
    expect(detail.body.item).toMatchObject({
      id_orden_trabajo: order.id, tipo_mantenimiento: order.sigla, nombre_tipo_mantenimiento: order.nombre,
      id_frente_obra: f1.id, frente_obra_codigo: 'F1', frente_obra_nombre: 'Tajo norte',
    });
    const moved = await call('POST', '/frentes_obra/create', { id: f1.id, id_obra: siteB, codigo: 'F7', nombre: 'Tajo norte' });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual({ id_obra: MSG_FRENTE_SITE_LOCKED });
    const removed = await call('GET', '/frentes_obra/remove', { id: f1.id });
    expect(removed.status).toBe(409);
    expect(removed.body.msg).toBe('No se puede eliminar: tiene registros asociados (1 solicitud)');
    expect(items(await call('GET', '/frentes_obra', { id_obra: siteA, query: 'norte' }))).toEqual([expect.objectContaining({ codigo: 'F1', solicitudes: 1 })]);
    // An unused front goes.
    const [polvorin] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_frentes_obra WHERE id_obra = ${siteB}`;
    expectOk(await call('GET', '/frentes_obra/remove', { id: polvorin.id }));
  });
});
