import { MSG_REQUIRED, MSG_VALIDATION } from '@shared/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../../tests/harness/api';
import { catalogueCalls, type Row } from './catalogue-test-calls';
import {
  MSG_CENTRO_INVALID, MSG_CLASIFICACION_INVALID, MSG_ELEMENTO_INVALID, MSG_ELEMENTO_OTHER_CENTRE, MSG_MOVILIZACION_INVALID, MSG_RECURSO_INVALID,
  MSG_TIPO_INVALID, msgFixedResource,
} from '../purchase-requests/save-request';
import { MSG_RESOURCE_CODE_UNKNOWN } from './catalogue-routes';

// The purchase-request catalogues (seed 002 names them by id only: SEED-002-ANALYSIS ambiguity 8)
// through real calls on the demo data: their CRUD, unique codes, the element within its centre,
// removals refused while a request names the row, the lookups, and the request's field errors
// for unknown or disabled ids.
const api = useTestApi();
const { call, items, options, itemOf, expectOk } = catalogueCalls(api, () => admin);

let admin: string;
let supervisor: string;
let obra: number;
let unidad: number;

beforeAll(async () => {
  admin = await api.login('admin@faena.pe');
  supervisor = await api.login('supervisor@faena.pe');
  [{ id: obra }] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_obras WHERE estado = 1 ORDER BY id LIMIT 1`;
  [{ id: unidad }] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_unidades ORDER BY id LIMIT 1`;
});


/** A request the catalogues' rules can see (a servicio without products' quantities to check). */
const request = (over: Row = {}) => ({
  id: 0, tipo: 'servicio', id_obra: obra, id_solicitudes_tipo: 2, fecha_requerimiento: '2026-12-15', descripcion_trabajo: 'Alquiler de grúa',
  productos_solicitados: [{ id: 0, id_material: null, descripcion: 'Servicio de grúa', id_unidad: unidad, cantidad_solicitada_por_almacen_obra: 1 }],
  ...over,
});
const saveRequest = (over: Row) => api.call('POST', '/solicitudes_compras/create_not_ot', { token: supervisor, json: request(over) });

describe('the demo values: stable ids 1..n', () => {
  it('request types, classifications and mobilisation types 1-3 with their fixed resource codes', async () => {
    const tipos = options(await call('GET', '/fil_datas/solicitudes_tipos', {}, supervisor));
    expect(tipos.map((o) => [o.value, o.label])).toEqual([[1, 'Operación y mantenimiento'], [2, 'Proyecto e inversión']]);
    const clasificaciones = options(await call('GET', '/fil_datas/solicitudes_clasificaciones', {}, supervisor));
    expect(clasificaciones.map((o) => [o.value, o.label])).toEqual([[1, 'Operativa'], [2, 'Administrativa']]);
    const movilizacion = options(await call('GET', '/fil_datas/movilizacion_tipos', {}, supervisor));
    expect(movilizacion.map((o) => [o.value, o.codigo_recurso])).toEqual([[1, ''], [2, '2-044'], [3, '4-046']]);
    const recursos = options(await call('GET', '/fil_datas/recursos', { query: '044' }, supervisor));
    expect(recursos).toEqual([{ value: 2, label: '2-044 - Alquiler de equipos de terceros', codigo: '2-044', nombre: 'Alquiler de equipos de terceros' }]);
    // The demo requests name them: type 1 or 2 and resource 1; services their mobilisation type
    // (a draft generated from a Pedido is completed by its requester).
    const [bad] = await api.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM rm_solicitudes_compras r
       WHERE NOT (r.estado = 1 AND r.creado_desde_ot = 1) AND (NOT EXISTS (SELECT 1 FROM rm_solicitudes_tipos t WHERE t.id = r.id_solicitudes_tipo)
          OR NOT EXISTS (SELECT 1 FROM rm_recursos t WHERE t.id = r.id_solicitudes_movilizacion_recursos)
          OR (r.id_solicitudes_movilizacion_terceros_tipocc IS NOT NULL AND NOT EXISTS (SELECT 1 FROM rm_movilizacion_tipos t WHERE t.id = r.id_solicitudes_movilizacion_terceros_tipocc)))`;
    expect(bad.n).toBe(0);
  });
});

describe('resources (/recursos)', () => {
  it('lists by code, searchable; code and name required, the code unique ignoring case', async () => {
    const list = await call('GET', '/recursos', { limit: 100 });
    expectOk(list);
    const codes = items(list).map((r) => r.codigo as string);
    expect(codes).toEqual([...codes].sort((a, b) => a.localeCompare(b, 'es')));
    expect(codes).toEqual(expect.arrayContaining(['2-044', '4-046']));
    expect(items(await call('GET', '/recursos', { query: 'combustible' })).map((r) => r.codigo)).toEqual(['1-012']);
    const empty = await call('POST', '/recursos/create', { id: 0, codigo: ' ', nombre: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ codigo: MSG_REQUIRED, nombre: MSG_REQUIRED });
    const dup = await call('POST', '/recursos/create', { id: 0, codigo: '2-044', nombre: 'Otro' });
    expect(dup.body.errors).toEqual({ codigo: 'Ya existe un recurso con ese código' });
  });

  it('creates, renames, disables (leaves the lookup), enables and removes an unused one', async () => {
    const created = await call('POST', '/recursos/create', { id: 0, codigo: '9-900', nombre: 'Topografía' });
    expectOk(created);
    const id = itemOf(created).id;
    expectOk(await call('POST', '/recursos/create', { id, codigo: '9-900', nombre: 'Topografía y replanteo' }));
    expect(itemOf(await call('POST', '/recursos/form', { id }))).toMatchObject({ codigo: '9-900', nombre: 'Topografía y replanteo' });
    expectOk(await call('POST', '/recursos/disable', { id }));
    expect(options(await call('GET', '/fil_datas/recursos', {})).map((o) => o.value)).not.toContain(id);
    expectOk(await call('POST', '/recursos/enable', { id }));
    expect(options(await call('GET', '/fil_datas/recursos', {})).find((o) => o.value === id)).toMatchObject({ label: '9-900 - Topografía y replanteo' });
    const removed = await call('GET', '/recursos/remove', { id });
    expectOk(removed);
    expect((await api.sql`SELECT 1 FROM rm_recursos WHERE id = ${id}`).length).toBe(0);
  });

  it('a resource named by a request, or fixed by a mobilisation type, cannot be removed', async () => {
    const used = await call('GET', '/recursos/remove', { id: 1 });
    expect(used.status).toBe(409);
    expect(used.body.msg).toMatch(/^No se puede eliminar: tiene registros asociados \(\d+ solicitud(es)?\)$/);
    const fixed = await call('GET', '/recursos/remove', { id: 3 });
    expect(fixed.status).toBe(409);
    expect(fixed.body.msg).toMatch(/1 tipo de centro de costo de terceros\)$/);
  });
});

describe('request types and classifications', () => {
  it('name required and unique; removal refused while a request names them', async () => {
    const empty = await call('POST', '/solicitudes_tipos/create', { id: 0, nombre: '' });
    expect(empty.body.errors).toEqual({ nombre: MSG_REQUIRED });
    expect((await call('POST', '/solicitudes_tipos/create', { id: 0, nombre: 'operación y MANTENIMIENTO' })).body.errors).toEqual({ nombre: 'Ya existe un tipo de solicitud con ese nombre' });
    expect((await call('POST', '/solicitudes_clasificaciones/create', { id: 0, nombre: 'operativa' })).body.errors).toEqual({ nombre: 'Ya existe una clasificación con ese nombre' });
    // Renamed, the rule stays on the id: type 1 still asks for the cost-centre type.
    expectOk(await call('POST', '/solicitudes_tipos/create', { id: 1, nombre: 'Mantenimiento' }));
    const t1 = await saveRequest({ tipo: 'compra', id_solicitudes_tipo: 1 });
    expect(t1.body.errors).toEqual({ id_centro_costo_tipo: MSG_REQUIRED });
    expectOk(await call('POST', '/solicitudes_tipos/create', { id: 1, nombre: 'Operación y mantenimiento' }));

    const extra = itemOf(await call('POST', '/solicitudes_clasificaciones/create', { id: 0, nombre: 'Urgente' }));
    expectOk(await saveRequest({ id_solicitudes_clasificacion: extra.id }));
    const blocked = await call('GET', '/solicitudes_clasificaciones/remove', { id: extra.id });
    expect(blocked.status).toBe(409);
    expect(blocked.body.msg).toBe('No se puede eliminar: tiene registros asociados (1 solicitud)');
    const tipo = await call('GET', '/solicitudes_tipos/remove', { id: 2 });
    expect(tipo.status).toBe(409);
    expect(tipo.body.msg).toMatch(/^No se puede eliminar: tiene registros asociados \(\d+ solicitud/);
  });
});

describe('indirect cost centres and their elements', () => {
  let centreA: number;
  let centreB: number;

  it('a centre needs a unique code and a name; an element its centre, a code unique within the centre and a name', async () => {
    expect((await call('POST', '/centros_costo_indirectos/create', { id: 0 })).body.errors).toEqual({ codigo: MSG_REQUIRED, nombre: MSG_REQUIRED });
    expect((await call('POST', '/centros_costo_indirectos/create', { id: 0, codigo: 'cci-01', nombre: 'X' })).body.errors).toEqual({ codigo: 'Ya existe un centro de costo indirecto con ese código' });
    centreA = itemOf(await call('POST', '/centros_costo_indirectos/create', { id: 0, codigo: 'CCI-90', nombre: 'Calidad' })).id;
    centreB = itemOf(await call('POST', '/centros_costo_indirectos/create', { id: 0, codigo: 'CCI-91', nombre: 'Medio ambiente' })).id;
    const empty = await call('POST', '/centro_costo_indirecto_elementos/create', { id: 0 });
    expect(empty.body.errors).toEqual({ id_centro_costo_indirecto: MSG_REQUIRED, codigo: MSG_REQUIRED, nombre: MSG_REQUIRED });
    const missing = await call('POST', '/centro_costo_indirecto_elementos/create', { id: 0, id_centro_costo_indirecto: 999_999, codigo: '01', nombre: 'X' });
    expect(missing.body.errors).toEqual({ id_centro_costo_indirecto: 'El centro de costo indirecto no existe' });
    expectOk(await call('POST', '/centro_costo_indirecto_elementos/create', { id: 0, id_centro_costo_indirecto: centreA, codigo: '01', nombre: 'Ensayos' }));
    expectOk(await call('POST', '/centro_costo_indirecto_elementos/create', { id: 0, id_centro_costo_indirecto: centreA, codigo: '02', nombre: 'Certificaciones' }));
    // The same code in another centre is fine; twice in one centre is not.
    expectOk(await call('POST', '/centro_costo_indirecto_elementos/create', { id: 0, id_centro_costo_indirecto: centreB, codigo: '01', nombre: 'Monitoreo' }));
    const dup = await call('POST', '/centro_costo_indirecto_elementos/create', { id: 0, id_centro_costo_indirecto: centreA, codigo: '01', nombre: 'Otro' });
    expect(dup.body.errors).toEqual({ codigo: 'Ya existe un elemento con ese código en el centro de costo' });
  });

  it('the lists and the element lookup filter by centre', async () => {
    const list = await call('GET', '/centro_costo_indirecto_elementos', { id_centro_costo_indirecto: centreA });
    expect(items(list).map((r) => [r.centro_costo_indirecto, r.codigo, r.nombre])).toEqual([['CCI-90 - Calidad', '01', 'Ensayos'], ['CCI-90 - Calidad', '02', 'Certificaciones']]);
    expect(items(await call('GET', '/centros_costo_indirectos', { query: 'CCI-90' }))).toEqual([expect.objectContaining({ codigo: 'CCI-90', elementos: 2 })]);
    const lookup = options(await call('GET', '/fil_datas/centro_costo_indirecto_elementos', { id_centro_costo_indirecto: centreB }, supervisor));
    expect(lookup.map((o) => [o.label, o.id_centro_costo_indirecto])).toEqual([['01 - Monitoreo', centreB]]);
    const centres = options(await call('GET', '/fil_datas/centros_costo_indirectos', { query: 'calidad' }, supervisor));
    expect(centres.map((o) => o.label)).toEqual(['CCI-90 - Calidad']);
  });

  it('the request\'s element belongs to its centre; in use, the element keeps its centre and neither can be removed', async () => {
    const [el] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_centro_costo_indirecto_elementos WHERE id_centro_costo_indirecto = ${centreA} ORDER BY codigo LIMIT 1`;
    const [other] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_centro_costo_indirecto_elementos WHERE id_centro_costo_indirecto = ${centreB} LIMIT 1`;
    const wrong = await saveRequest({ id_centro_costo_tipo: 2, id_centro_costo_indirecto: centreA, id_centro_costo_indirecto_elemento: other.id });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ id_centro_costo_indirecto_elemento: MSG_ELEMENTO_OTHER_CENTRE });
    const saved = await saveRequest({ id_centro_costo_tipo: 2, id_centro_costo_indirecto: centreA, id_centro_costo_indirecto_elemento: el.id });
    expectOk(saved);
    expect(saved.body.item).toMatchObject({ centro_costo_indirecto_codigo: 'CCI-90', centro_costo_indirecto_nombre: 'Calidad', elemento_codigo: '01', elemento_nombre: 'Ensayos' });
    const moved = await call('POST', '/centro_costo_indirecto_elementos/create', { id: el.id, id_centro_costo_indirecto: centreB, codigo: '09', nombre: 'Ensayos' });
    expect(moved.body.errors).toEqual({ id_centro_costo_indirecto: 'No se puede cambiar el centro de costo: hay solicitudes con este elemento' });
    const element = await call('GET', '/centro_costo_indirecto_elementos/remove', { id: el.id });
    expect(element.status).toBe(409);
    expect(element.body.msg).toBe('No se puede eliminar: tiene registros asociados (1 solicitud)');
    const centre = await call('GET', '/centros_costo_indirectos/remove', { id: centreA });
    expect(centre.body.msg).toBe('No se puede eliminar: tiene registros asociados (2 elementos, 1 solicitud)');
    // An unused element goes; then its empty centre too.
    const [unused] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_centro_costo_indirecto_elementos WHERE id_centro_costo_indirecto = ${centreB}`;
    expectOk(await call('GET', '/centro_costo_indirecto_elementos/remove', { id: unused.id }));
    expectOk(await call('GET', '/centros_costo_indirectos/remove', { id: centreB }));
  });
});

describe('third-party cost-centre types (/movilizacion_tipos)', () => {
  it('the fixed resource code is optional and names an existing resource; removal refused while a request names the type', async () => {
    const unknown = await call('POST', '/movilizacion_tipos/create', { id: 0, nombre: 'Flete', codigo_recurso: '7-777' });
    expect(unknown.body.errors).toEqual({ codigo_recurso: MSG_RESOURCE_CODE_UNKNOWN });
    expect((await call('POST', '/movilizacion_tipos/create', { id: 0, nombre: 'servicio de terceros' })).body.errors).toEqual({ nombre: 'Ya existe un tipo de centro de costo de terceros con ese nombre' });
    const flete = itemOf(await call('POST', '/movilizacion_tipos/create', { id: 0, nombre: 'Flete', codigo_recurso: '3-021' }));
    const list = await call('GET', '/movilizacion_tipos', { query: 'flete' });
    expect(items(list)).toEqual([expect.objectContaining({ nombre: 'Flete', codigo_recurso: '3-021', recurso: 'Transporte de personal' })]);
    expectOk(await saveRequest({ id_solicitudes_movilizacion_terceros_tipocc: flete.id, id_solicitudes_movilizacion_terceros_ter_recurso: '3-021' }));
    const blocked = await call('GET', '/movilizacion_tipos/remove', { id: flete.id });
    expect(blocked.body.msg).toBe('No se puede eliminar: tiene registros asociados (1 solicitud)');
    // The resource it fixes is named by that request's third-party resource too.
    const [r] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_recursos WHERE codigo = '3-021'`;
    expect((await call('GET', '/recursos/remove', { id: r.id })).body.msg).toBe('No se puede eliminar: tiene registros asociados (1 solicitud, 1 tipo de centro de costo de terceros)');
  });
});

describe('the request form names active catalogue rows (save-request.ts)', () => {
  it('unknown ids are field errors in the envelope (422), every one at once, never a 500', async () => {
    const r = await saveRequest({
      id_solicitudes_tipo: 99, id_solicitudes_clasificacion: 99, id_solicitudes_movilizacion_recursos: 99, id_centro_costo_tipo: 2,
      id_centro_costo_indirecto: 99_999, id_centro_costo_indirecto_elemento: 99_999, id_solicitudes_movilizacion_terceros_tipocc: 99,
    });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ ok: false, msg: MSG_VALIDATION });
    expect(r.body.errors).toEqual({
      id_solicitudes_tipo: MSG_TIPO_INVALID, id_solicitudes_clasificacion: MSG_CLASIFICACION_INVALID, id_solicitudes_movilizacion_recursos: MSG_RECURSO_INVALID,
      id_centro_costo_indirecto: MSG_CENTRO_INVALID, id_centro_costo_indirecto_elemento: MSG_ELEMENTO_INVALID, id_solicitudes_movilizacion_terceros_tipocc: MSG_MOVILIZACION_INVALID,
    });
  });

  it('a disabled row is refused like an unknown one; enabled again it is accepted with its names', async () => {
    expectOk(await call('POST', '/solicitudes_clasificaciones/disable', { id: 2 }));
    expectOk(await call('POST', '/recursos/disable', { id: 5 }));
    const r = await saveRequest({ id_solicitudes_clasificacion: 2, id_solicitudes_movilizacion_recursos: 5 });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ id_solicitudes_clasificacion: MSG_CLASIFICACION_INVALID, id_solicitudes_movilizacion_recursos: MSG_RECURSO_INVALID });
    expectOk(await call('POST', '/solicitudes_clasificaciones/enable', { id: 2 }));
    expectOk(await call('POST', '/recursos/enable', { id: 5 }));
    const ok = await saveRequest({
      id_solicitudes_clasificacion: 2, id_solicitudes_movilizacion_recursos: 5, id_centro_costo_tipo: 1, id_equipo: null,
      id_solicitudes_movilizacion_terceros_tipocc: 2, id_solicitudes_movilizacion_terceros_ter_recurso: '2-044',
    });
    // A direct cost centre still needs its equipment (the existing rule).
    expect(ok.body.errors).toEqual({ id_equipo: MSG_REQUIRED });
    const saved = await saveRequest({
      id_solicitudes_clasificacion: 2, id_solicitudes_movilizacion_recursos: 5, id_centro_costo_tipo: 2, id_centro_costo_indirecto: 1, id_centro_costo_indirecto_elemento: 1,
      id_solicitudes_movilizacion_terceros_tipocc: 2, id_solicitudes_movilizacion_terceros_ter_recurso: '2-044',
    });
    expectOk(saved);
    expect(saved.body.item).toMatchObject({
      solicitudes_tipo: 'Proyecto e inversión', clasificacion_nombre: 'Administrativa', recurso_codigo: '3-021', recurso_nombre: 'Transporte de personal',
      movilizacion_tipo_nombre: 'Alquiler de equipo de terceros', ter_recurso_nombre: 'Alquiler de equipos de terceros',
      centro_costo_indirecto_nombre: 'Administración de obra', elemento_nombre: 'Oficina de obra',
    });
  });

  it('a mobilisation type with a fixed resource code keeps it as the third-party resource', async () => {
    const r = await saveRequest({ id_solicitudes_movilizacion_terceros_tipocc: 3, id_solicitudes_movilizacion_terceros_ter_recurso: '2-044' });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ id_solicitudes_movilizacion_terceros_ter_recurso: msgFixedResource('4-046') });
    expectOk(await saveRequest({ id_solicitudes_movilizacion_terceros_tipocc: 3, id_solicitudes_movilizacion_terceros_ter_recurso: '4-046' }));
  });
});
