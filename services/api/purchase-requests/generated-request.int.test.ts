import { beforeAll, describe, expect, it } from 'vitest';
import { MSG_VALIDATION } from '@shared/messages';
import { MSG_TYPE_LOCKED } from '../../../events/purchase-request/decider';
import { useTestApi } from '../../../tests/harness/api';
import { otPeople } from '../../../tests/harness/work-order-fixture';
import { createPlainMachine } from '../../../tests/harness/equipment';
import { createOtPartsCatalogue, otPart, otWithParts, siteStorekeeper } from '../../../tests/harness/ot-parts';
import { requestPayload, toRequestValues } from '../../../web/src/modules/purchase-requests/internal/requestValues';
import type { FormItem } from '../../../web/src/modules/purchase-requests/requestTypes';
import { DEFAULT_NEED_DAYS } from './generated-request';

// Issue 28, the first break, as a new user meets it: a supervisor opens an OT with two parts, the
// site storekeeper attends its Pedido and clicks 'Generar solicitud de compra'; the requester
// opens the generated request, chooses only what is left to choose (the request type, the
// resource) and Guardar, then Enviar, succeed. The body is the web form's own (requestValues).
// The same for a service request generated from an OT without parts.

const t = useTestApi();
const ids = { obra: 0, equipo: 0, elemento: 0, grupo: 0, tipo: 0, und: 0, filtro: 0, sello: 0, storekeeper: 0, operador: 0, mecanico: 0, supervisor: 0, tipoSolicitud: 0, recurso: 0 };
const tokens = { supervisor: '', storekeeper: '' };

const part = (over: Record<string, unknown>) => otPart(ids, 'T-GEN-01', { cantidad_solicitada_por_tecnico: 2, ...over });

async function openOrder(over: Record<string, unknown> = {}) {
  const r = await t.call('POST', '/ordenes_trabajo/create', {
    token: tokens.supervisor,
    json: otWithParts(ids, ids.obra, ids.equipo, [part({}), part({ id_material: ids.sello, codigo_material: 'T-GEN-02', descripcion: 'Sello', cantidad_solicitada_por_tecnico: 3 })], {
      id_tipo_mantenimiento: 1,
      ...over,
    }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as { id: number; codigo: string };
}

async function requestForm(id: number) {
  const r = await t.call('GET', '/solicitudes_compras/form', { token: tokens.supervisor, query: { id } });
  expect(r.status, r.body.msg).toBe(200);
  return r.body.item as FormItem & Record<string, unknown>;
}

/** Guardar or Enviar as the web form sends them, from the form's values with `choose` applied. */
async function submit(item: FormItem, terminado: 0 | 1, choose: Record<string, unknown>) {
  const values = { ...toRequestValues(item), ...choose };
  const body = requestPayload(values, { id: item.id, version: (item as { version: number }).version, tipo: item.tipo === 2 ? 'servicio' : 'compra', terminado });
  return t.call('POST', '/solicitudes_compras/create', { token: tokens.supervisor, json: body });
}

beforeAll(async () => {
  tokens.supervisor = await t.login('supervisor@faena.pe');
  const one = async (q: Promise<{ id: number }[]>) => Number((await q)[0].id);
  ids.obra = await one(t.sql`SELECT id FROM rm_obras WHERE estado = 1 ORDER BY id LIMIT 1`);
  ids.und = await one(t.sql`SELECT id FROM rm_unidades WHERE nombre = 'UND'`);
  Object.assign(ids, await otPeople(t.sql));
  ({ id: ids.storekeeper, token: tokens.storekeeper } = await siteStorekeeper(t, ids.obra));
  ids.equipo = await createPlainMachine(t.store, t.sql, ids.obra, 'T-GEN-001');
  Object.assign(ids, await createOtPartsCatalogue(t.store, ids.und, { sigla: 'TGN', nombre: 'Motor (generada)' }, '97.01', { codigo: 'TGN', nombre: 'Repuestos (generada)' }, ['T-GEN-01', 'T-GEN-02']));
  const tipos = await t.sql<{ id: number }[]>`SELECT id::int FROM rm_solicitudes_tipos WHERE estado = 1 ORDER BY id`;
  const recursos = await t.sql<{ id: number }[]>`SELECT id::int FROM rm_recursos WHERE estado = 1 ORDER BY id`;
  // The demo offers several of each: the requester has to choose them.
  expect(tipos.length).toBeGreaterThan(1);
  expect(recursos.length).toBeGreaterThan(1);
  ids.tipoSolicitud = tipos[0].id;
  ids.recurso = recursos[0].id;
}, 120_000);

describe('a request generated from a work order arrives ready to send (issue 28)', () => {
  it("Pedido → 'Generar solicitud de compra': everything the OT knows is filled; Guardar with the type and resource chosen, then Enviar, succeed", async () => {
    const ot = await openOrder();
    const attended = await t.call('POST', '/almacen_obra_ots/create', { token: tokens.storekeeper, json: { id: ot.id, terminado: 1, productos_solicitados: [] } });
    expect(attended.status, JSON.stringify(attended.body)).toBe(200);
    const gen = await t.call('POST', '/almacen_obra_ots/crearPreSolicitud', { token: tokens.storekeeper, json: { id_orden_trabajo: ot.id } });
    expect(gen.status, gen.body.msg).toBe(200);
    const id = gen.body.id_solicitud_compra as number;

    const item = await requestForm(id);
    const [{ need }] = await t.sql<{ need: string }[]>`SELECT to_char((now() AT TIME ZONE 'America/Lima')::date + ${DEFAULT_NEED_DAYS}::int, 'YYYY-MM-DD') AS need`;
    expect(item).toMatchObject({
      estado: 1, editable: 1, creado_desde_ot: 1, id_obra: ids.obra, id_orden_trabajo: ot.id, id_equipo: ids.equipo, codigo_equipo: 'T-GEN-001',
      id_centro_costo_tipo: 1, id_tipo_mantenimiento: 1, id_grupo_funcional: ids.grupo, fecha_requerimiento: need, descripcion_trabajo: `Repuestos de la ${ot.codigo}`,
      id_solicitudes_tipo: null, id_solicitudes_movilizacion_recursos: null,
    });
    expect(item.productos_solicitados.map((p) => [p.id_material, p.id_unidad, p.cantidad_solicitada_por_almacen_obra])).toEqual([[ids.filtro, ids.und, 2], [ids.sello, ids.und, 3]]);

    const saved = await submit(item, 0, { id_solicitudes_tipo: ids.tipoSolicitud, id_solicitudes_movilizacion_recursos: ids.recurso });
    expect(saved.status, JSON.stringify(saved.body.errors)).toBe(200);
    const again = await requestForm(id);
    expect(again).toMatchObject({ id_solicitudes_tipo: ids.tipoSolicitud, id_solicitudes_movilizacion_recursos: ids.recurso, fecha_requerimiento: need, id_grupo_funcional: ids.grupo });

    // Chosen and saved, the type is locked.
    const [other] = await t.sql<{ id: number }[]>`SELECT id::int FROM rm_solicitudes_tipos WHERE estado = 1 AND id <> ${ids.tipoSolicitud} ORDER BY id LIMIT 1`;
    const changed = await submit(again, 0, { id_solicitudes_tipo: other.id });
    expect(changed.status).toBe(422);
    expect(changed.body).toMatchObject({ ok: false, msg: MSG_VALIDATION, errors: { id_solicitudes_tipo: MSG_TYPE_LOCKED } });

    const sent = await submit(again, 1, {});
    expect(sent.status, JSON.stringify(sent.body.errors)).toBe(200);
    expect(sent.body.item).toMatchObject({ estado: 3 });
  });

  it("OT without parts → 'crearPreSolicitudServicio': the service request is filled the same way and is sent to approval", async () => {
    const ot = await openOrder({ sin_productos: 1, productos_solicitados: [], id_tipo_mantenimiento: 3 });
    const gen = await t.call('POST', '/ordenes_trabajo/crearPreSolicitudServicio', { token: tokens.supervisor, json: { id_orden_trabajo: ot.id } });
    expect(gen.status, gen.body.msg).toBe(200);
    const id = gen.body.id_solicitud_compra as number;
    const item = await requestForm(id);
    expect(item).toMatchObject({
      tipo: 2, estado: 1, editable: 1, id_obra: ids.obra, id_orden_trabajo: ot.id, id_equipo: ids.equipo, id_centro_costo_tipo: 1, id_tipo_mantenimiento: 3,
      fecha_requerimiento: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), descripcion_trabajo: `Servicio de la ${ot.codigo}`, id_solicitudes_tipo: null,
    });
    const saved = await submit(item, 0, { id_solicitudes_tipo: ids.tipoSolicitud, id_solicitudes_movilizacion_recursos: ids.recurso });
    expect(saved.status, JSON.stringify(saved.body.errors)).toBe(200);
    const sent = await submit(await requestForm(id), 1, {});
    expect(sent.status, JSON.stringify(sent.body.errors)).toBe(200);
    expect(sent.body.item).toMatchObject({ estado: 4 });
  });

  it("the need date is the generation day (Lima) plus the site's 'Plazo de necesidad (días)', on both paths", async () => {
    const admin = await t.login('admin@faena.pe');
    const setPlazo = async (plazo: number) => {
      const form = await t.call('POST', '/obras/form', { token: admin, json: { id: ids.obra } });
      const { id_empresa, codigo, nombre, direccion, ciudad } = form.body.item as Record<string, unknown>;
      const saved = await t.call('POST', '/obras/create', { token: admin, json: { id: ids.obra, id_empresa, codigo, nombre, direccion, ciudad, plazo_necesidad_dias: plazo } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.item).toMatchObject({ plazo_necesidad_dias: plazo });
    };
    await setPlazo(3);
    try {
      const ot = await openOrder();
      const attended = await t.call('POST', '/almacen_obra_ots/create', { token: tokens.storekeeper, json: { id: ot.id, terminado: 1, productos_solicitados: [] } });
      expect(attended.status, JSON.stringify(attended.body)).toBe(200);
      const compra = await t.call('POST', '/almacen_obra_ots/crearPreSolicitud', { token: tokens.storekeeper, json: { id_orden_trabajo: ot.id } });
      expect(compra.status, compra.body.msg).toBe(200);
      const servicioOt = await openOrder({ sin_productos: 1, productos_solicitados: [] });
      const servicio = await t.call('POST', '/ordenes_trabajo/crearPreSolicitudServicio', { token: tokens.supervisor, json: { id_orden_trabajo: servicioOt.id } });
      expect(servicio.status, servicio.body.msg).toBe(200);
      const [{ need }] = await t.sql<{ need: string }[]>`SELECT to_char((now() AT TIME ZONE 'America/Lima')::date + 3, 'YYYY-MM-DD') AS need`;
      expect((await requestForm(compra.body.id_solicitud_compra as number)).fecha_requerimiento).toBe(need);
      expect((await requestForm(servicio.body.id_solicitud_compra as number)).fecha_requerimiento).toBe(need);
    } finally {
      await setPlazo(DEFAULT_NEED_DAYS);
    }
  });
});
