import type { SendOptions } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../events/execute';
import { createRecord } from '../../events/record/commands';
import { MSG_MATERIALS_ALREADY_SENT, workOrders } from '../../events/work-order/decider';
import { notifyWorkOrderSupervisor } from '../../projections/reactors/notify-work-order-supervisor';
import { useTestApi } from '../../tests/harness/api';
import { countOfType as count, eventTotal, streamEvents, streamTypes } from '../../tests/harness/event-log';
import { drainReactor } from '../../tests/harness/reactor';
import { waitFor } from '../../tests/harness/wait';
import { MSG_MATERIALS_SENT } from '../api/site-warehouse/material-requests';
import { MSG_SICAM_FAILED } from '../api/purchase-requests/request-actions';
import { startSicamSim, type SicamSimServer } from '../sicam-sim/server';
import { createLogger } from '../shared/logger';
import { createSicamClient, type SicamClient } from '../shared/sicam-client';
import { SICAM_PULL_QUEUE } from '../app/jobs/sicam';
import { enqueueMaterialsPush, materialsBody, materialsKeyOf, pullMaterialsStatus, SICAM_MATERIALS_PUSH_QUEUE } from '../app/jobs/sicam-materials';
import { startWorker } from './worker';

// Material creation with SICAM end to end, with the worker and the simulator running as under
// `npm start`: the Pedido attended with a material-creation line queues the push in its own
// transaction; the worker sends it once; the status pull creates the material SICAM created in
// the catalogue (type_generation 2) and links it to the OT line; failures carry SICAM's reason
// and enviarASicamSolicitudMateriales sends again; the supervisor hears of both milestones.
const api = useTestApi();
let sim: SicamSimServer;
let sicam: SicamClient;
const log = createLogger({}, true);
const metadata = { userId: null, requestId: 'fixture' };
let admin = '';
let almacen = '';
const ids = { obra: 0, equipo: 0, tipo: 0, und: 0, grupo: 0, elemento: 0, supervisor: 0, operador: 0, mecanico: 0, admin: 0 };

/** Quick retries for tests: no backoff, the worker picks the retry up at its next poll. */
const fast: SendOptions = { retryDelay: 0, retryBackoff: false };

beforeAll(async () => {
  sim = await startSicamSim({
    port: 0, host: '127.0.0.1',
    knobs: { latencyMs: 0, failRate: 0, failNext: 0, refuseNext: 0, outage: false, loseReplyRate: 0, approvalAfterS: -1, approvedAfterS: -1, materialsAfterS: -1 },
  });
  sicam = createSicamClient({ url: sim.url, timeoutMs: 2000 });
  // The periodic pull is left to its own slot (an hour): the tests pull when they choose to.
  await startWorker(api.boss, api.sql, { mailFrom: 'faena@faena.test', smtpUrl: undefined, sicamUrl: sim.url, sicamPollSeconds: 3600 }, log, { store: api.store });
  admin = await api.login('admin@faena.pe');
  const one = async (q: Promise<{ id: number }[]>) => Number((await q)[0].id);
  ids.admin = await one(api.sql`SELECT id FROM rm_users WHERE email = 'admin@faena.pe'`);
  ids.obra = await one(api.sql`SELECT id FROM rm_obras WHERE estado = 1 ORDER BY id LIMIT 1`);
  ids.und = await one(api.sql`SELECT id FROM rm_unidades WHERE nombre = 'UND'`);
  ids.operador = await one(api.sql`SELECT id FROM rm_users WHERE id_role = 11 ORDER BY id LIMIT 1`);
  ids.mecanico = await one(api.sql`SELECT id FROM rm_users WHERE id_role = 14 ORDER BY id LIMIT 1`);
  ids.supervisor = await one(api.sql`SELECT id FROM rm_users WHERE id_role = 15 ORDER BY id LIMIT 1`);
  const [almacenObra] = await api.sql<{ email: string }[]>`SELECT email FROM rm_users WHERE id_role = 19 AND estado = 1 ORDER BY id LIMIT 1`;
  if (almacenObra) {
    await api.sql`UPDATE rm_users SET all_works = 1 WHERE email = ${almacenObra.email}`;
    almacen = await api.login(almacenObra.email);
  }
  const [kind] = await api.sql<{ g: number; s: number; p: number }[]>`SELECT id_equipo_grupo AS g, id_equipo_subgrupo AS s, id AS p FROM rm_equipo_productos ORDER BY id LIMIT 1`;
  const [brand] = await api.sql<{ m: number; mo: number }[]>`SELECT id_marca AS m, id AS mo FROM rm_modelos ORDER BY id LIMIT 1`;
  ids.equipo = (await createRecord(api.store, 'equipo', {
    id_obra: ids.obra, codigo: 'T-MAT-001', codigo_sub_obra: 'SO-1', id_equipo_grupo: kind.g, id_equipo_subgrupo: kind.s, id_equipo_producto: kind.p, id_marca: brand.m,
    id_modelo: brand.mo, id_marca_motor: brand.m, id_modelo_motor: brand.mo, serie: 'S-T-MAT-001', placa: '', anio: 2019, estado: 1,
  }, { metadata })).id;
  ids.grupo = (await createRecord(api.store, 'grupo_funcional', { sigla: 'TMS', nombre: 'Sistema de sellos (prueba)', estado: 1 }, { metadata })).id;
  ids.elemento = (await createRecord(api.store, 'grupo_funcional_elemento', { numero: '98.01', nombre: 'Bomba de agua', id_grupo_funcional: ids.grupo, id_padre: null, estado: 1 }, { metadata })).id;
  ids.tipo = (await createRecord(api.store, 'material_tipo', { codigo: 'TMC', nombre: 'Sellos (prueba)', estado: 1 }, { metadata })).id;
  await createRecord(api.store, 'conversion_unidad', { id_material_tipo: ids.tipo, id_unidad: ids.und, valor: 1, estado: 1 }, { metadata });
}, 120_000);

afterAll(async () => {
  await sim?.close();
});

/** An open OT whose one part line asks for a new material. */
async function openOrder(descripcion: string): Promise<{ id: number; codigo: string; lineId: number }> {
  const line = {
    id: 0, id_grupo_funcional: ids.grupo, id_grupo_funcional_elemento: ids.elemento, descripcion, id_unidad: ids.und, id_material: null, codigo_material: '',
    id_material_tipo: ids.tipo, solicitud_material: 1, cantidad_solicitada_por_tecnico: 2,
  };
  const r = await api.call('POST', '/ordenes_trabajo/create', {
    token: admin,
    json: {
      id: 0, version: 0, id_obra: ids.obra, id_equipo: ids.equipo, placa_equipo: '', serie_equipo: 'S-T-MAT-001', fecha_parada: '2026-11-20 08:00',
      fecha_puesta_marcha: '', fecha_apertura_ot: '2026-11-20 08:30', fecha_cierre_ot: '', horometro_parada: '', horometro_puesta_marcha: '',
      horometro_apertura_ot: '', horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '', id_operador: ids.operador,
      id_mecanico: ids.mecanico, id_supervisor: ids.supervisor, firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 0, terminado: 0,
      diagnosticos: [], intervenciones: [], productos_solicitados: [line], documentos: [],
    },
  });
  expect(r.status, `${r.body.msg} ${JSON.stringify(r.body.errors)}`).toBe(200);
  const id = r.body.id as number;
  const [l] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_ot_lineas WHERE id_orden_trabajo = ${id} AND tabla = 'productos_solicitados'`;
  return { id, codigo: r.body.codigo as string, lineId: l.id };
}

/** The site warehouse attends the Pedido ("Atendido"): the decider asks for the material and the
 * push is queued in the same transaction, keyed by the MaterialCreationRequested event. */
async function attend(order: { id: number; lineId: number }, descripcion: string, push: SendOptions = fast) {
  const jobs: (string | null)[] = [];
  await execute(api.store, async (c) => {
    const wo = await c.load(workOrders, order.id);
    wo.decide({
      type: 'SaveSiteOrder',
      lines: [{
        id: order.lineId, solicitud_material: 1, id_unidad: ids.und, id_material: null, codigo_material: '', id_material_tipo: ids.tipo, descripcion,
        cantidad_en_almacen_obra: 0, usar_stock_solicitud: 0, id_producto_solicitado_stock_solicitud: null, cantidad_stock_solicitud: 0,
      }],
      terminado: true, allowedUnits: {}, stockAvailable: {}, by: ids.admin,
    });
  }, {
    within: async (tx, events) => {
      const key = materialsKeyOf(events);
      const requested = events.find((e) => e.type === 'MaterialCreationRequested')!;
      const body = await materialsBody(tx, order.id, (requested.data as { lineas: never[] }).lineas);
      if (key) jobs.push(await enqueueMaterialsPush(api.boss, { id_orden_trabajo: order.id, key, body }, tx, push));
    },
  });
  expect(jobs).toEqual([expect.any(String)]);
}

const eventsOf = (id: number) => streamEvents(api.sql, `work_order-${id}`);
const typesOf = (id: number) => streamTypes(api.sql, `work_order-${id}`);
const totalEvents = () => eventTotal(api.sql);
/** Every push job of the order has ended (pg-boss marks it done a moment after the handler's event). */
const pushesSettled = (id: number) => async () => {
  const jobs = await api.sql<{ state: string }[]>`SELECT state::text FROM pgboss.job WHERE name = ${SICAM_MATERIALS_PUSH_QUEUE} AND singleton_key = ${`materials-${id}`}`;
  return jobs.length > 0 && jobs.every((j) => ['completed', 'failed', 'cancelled'].includes(j.state));
};
const orderRow = async (id: number) =>
  (await api.sql<Record<string, unknown>[]>`
    SELECT materiales_estado, materiales_motivo, materiales_id_sicam, solicitud_materiales_enviado_sicam::int, creacion_materiales_atendidos::int
      FROM rm_ordenes_trabajo WHERE id = ${id}`)[0];
const inSicam = (id: number) => [...sim.sim.materials.values()].filter((m) => m.id_orden_trabajo === id);
const resend = (id: number, path = '/ordenes_trabajo', token = admin) => api.call('POST', `${path}/enviarASicamSolicitudMateriales`, { token, json: { id_orden_trabajo: id } });

/** Runs the supervisor's notification reactor until it has read the whole log. */
const react = () => drainReactor(api, notifyWorkOrderSupervisor);
const inbox = async (userId: number) => (await api.sql<{ contenido: string }[]>`SELECT contenido FROM rm_notifications WHERE id_user = ${userId} ORDER BY id`).map((n) => n.contenido);

describe('material creation with SICAM', () => {
  it('attended → pushed once → SICAM creates → the pull creates the material (type_generation 2), links the line; a second pull writes nothing; the supervisor hears of both', async () => {
    await react();
    const inboxBefore = await inbox(ids.supervisor);
    const o = await openOrder('Sello de bomba especial');
    await attend(o, 'Sello de bomba especial 45 mm');
    await waitFor(async () => (await typesOf(o.id)).includes('MaterialCreationSentToSicam'), 20_000);
    await waitFor(pushesSettled(o.id), 20_000);
    const events = await eventsOf(o.id);
    const [request] = inSicam(o.id);
    expect(inSicam(o.id)).toHaveLength(1);
    expect(request.key).toBe(events.find((e) => e.type === 'MaterialCreationRequested')!.event_id);
    expect(request.body).toMatchObject({ id_orden_trabajo: o.id, codigo_ot: o.codigo, obra: expect.any(String), lineas: [{ id_linea: o.lineId, descripcion: 'Sello de bomba especial 45 mm', unidad: 'UND', tipo: ids.tipo, tipo_codigo: 'TMC' }] });
    expect(count(await typesOf(o.id), 'MaterialCreationSentToSicam')).toBe(1);
    expect(await orderRow(o.id)).toEqual({ materiales_estado: 'enviado', materiales_motivo: null, materiales_id_sicam: String(request.id_sicam), solicitud_materiales_enviado_sicam: 1, creacion_materiales_atendidos: 0 });
    // Already sent: a resend is refused with the decider's reason.
    const again = await resend(o.id);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(MSG_MATERIALS_ALREADY_SENT);

    // SICAM has not created it yet: the pull writes nothing.
    const before = await totalEvents();
    expect((await pullMaterialsStatus({ store: api.store, sicam, log }, o.id)).events).toBe(0);
    expect(await totalEvents()).toBe(before);

    // SICAM creates it; the periodic pull job (the same one as for purchase requests) brings it.
    const created = sim.sim.createMaterials(request.id_sicam);
    const codigo = created.lineas[0].codigo!;
    await api.boss.send(SICAM_PULL_QUEUE, {});
    await waitFor(async () => (await typesOf(o.id)).includes('RequestedMaterialCreated'), 20_000);
    const [material] = await api.sql<{ id: number; codigo: string; nombre: string; id_material_tipo: number; id_unidad: number; type_generation: number; fecha_creado: Date | null }[]>`
      SELECT id::int, codigo, nombre, id_material_tipo::int, id_unidad::int, type_generation, fecha_creado FROM rm_materiales WHERE codigo = ${codigo}`;
    expect(material).toMatchObject({ codigo, nombre: 'SELLO DE BOMBA ESPECIAL 45 MM', id_material_tipo: ids.tipo, id_unidad: ids.und, type_generation: 2, fecha_creado: expect.any(Date) });
    const linked = (await eventsOf(o.id)).find((e) => e.type === 'RequestedMaterialCreated')!;
    expect(linked.data).toEqual({ id: o.id, line_id: o.lineId, id_material: material.id, codigo_material: codigo, descripcion: 'SELLO DE BOMBA ESPECIAL 45 MM', id_material_tipo: ids.tipo });
    expect(await orderRow(o.id)).toMatchObject({ creacion_materiales_atendidos: 1 });
    const [line] = await api.sql<{ line: Record<string, unknown> }[]>`SELECT line FROM rm_ot_lineas WHERE id = ${o.lineId}`;
    expect(line.line).toMatchObject({ id_material: material.id, codigo_material: codigo });

    // The list: with its unit, origin and date; filtered by origin.
    const list = await api.call('GET', '/materiales', { token: admin, query: { type_generation: 2, query: codigo } });
    expect(list.status, list.body.msg).toBe(200);
    expect(list.body.items).toEqual([expect.objectContaining({ id: material.id, codigo, unidad_medida: 'UND', type_generation: 2, precio_medio: null, fecha_creado: expect.any(String) })]);
    expect((await api.call('GET', '/materiales', { token: admin, query: { type_generation: 1, query: codigo } })).body.items).toEqual([]);

    // Nothing new: a second pull (directly and through the job) writes nothing.
    const after = await totalEvents();
    expect(await pullMaterialsStatus({ store: api.store, sicam, log })).toMatchObject({ events: 0, failed: 0 });
    expect((await pullMaterialsStatus({ store: api.store, sicam, log }, o.id)).events).toBe(0);
    expect(await totalEvents()).toBe(after);
    expect((await api.sql`SELECT 1 FROM rm_materiales WHERE codigo = ${codigo}`).length).toBe(1);

    await react();
    // The supervisor named on the order also heard of its opening (issue 20).
    expect((await inbox(ids.supervisor)).slice(inboxBefore.length)).toEqual([
      expect.stringMatching(new RegExp(`^Se abrió la OT ${o.codigo} .*con usted como supervisor$`)),
      `El almacén de obra atendió la OT ${o.codigo}`, `SICAM creó el material ${codigo} para la OT ${o.codigo}`,
    ]);
    await react();
    expect((await inbox(ids.supervisor)).length).toBe(inboxBefore.length + 3);
  });

  it('SICAM refuses: the failure carries its reason; the resend answers "Hubo problemas al enviar a SICAM" while it refuses and { msg } once it takes it', async () => {
    const o = await openOrder('Empaquetadura de culata');
    sim.sim.knobs.refuseNext = 1;
    await attend(o, 'Empaquetadura de culata');
    await waitFor(async () => (await typesOf(o.id)).includes('MaterialCreationSicamFailed'), 20_000);
    await waitFor(pushesSettled(o.id), 20_000);
    const failed = (await eventsOf(o.id)).find((e) => e.type === 'MaterialCreationSicamFailed')!;
    expect(failed.data).toEqual({ id: o.id, reason: 'El tipo de material no admite creación de códigos en SICAM', attempts: 1 });
    expect(await orderRow(o.id)).toMatchObject({ materiales_estado: 'fallido', materiales_motivo: 'El tipo de material no admite creación de códigos en SICAM', solicitud_materiales_enviado_sicam: 0 });
    expect(inSicam(o.id)).toHaveLength(0);

    sim.sim.knobs.refuseNext = 1;
    const refused = await resend(o.id);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(MSG_SICAM_FAILED);
    await waitFor(pushesSettled(o.id), 20_000);
    expect(count(await typesOf(o.id), 'MaterialCreationSicamFailed')).toBe(2);

    // From the site warehouse's Pedido (its own module) once SICAM takes it.
    const ok = almacen ? await resend(o.id, '/almacen_obra_ots', almacen) : await resend(o.id, '/almacen_obra_ots');
    expect(ok.status, ok.body.msg).toBe(200);
    expect(ok.body.msg).toBe(MSG_MATERIALS_SENT);
    expect(inSicam(o.id)).toHaveLength(1);
    expect(inSicam(o.id)[0].key).toBe((await eventsOf(o.id)).find((e) => e.type === 'MaterialCreationRequested')!.event_id);
    expect(await orderRow(o.id)).toMatchObject({ materiales_estado: 'enviado', materiales_motivo: null, solicitud_materiales_enviado_sicam: 1 });
  });

  it('SICAM unreachable: retried, then the failure is recorded with the client\'s reason and the number of attempts', async () => {
    const o = await openOrder('Reten de eje');
    sim.sim.knobs.failNext = 2;
    await attend(o, 'Reten de eje', { ...fast, retryLimit: 1 });
    await waitFor(async () => (await typesOf(o.id)).includes('MaterialCreationSicamFailed'), 20_000);
    const failed = (await eventsOf(o.id)).find((e) => e.type === 'MaterialCreationSicamFailed')!;
    expect(failed.data).toEqual({ id: o.id, reason: 'SICAM no disponible, intente más tarde', attempts: 2 });
    expect(inSicam(o.id)).toHaveLength(0);
  });

  it('the resend keeps to the caller\'s sites and its module\'s right', async () => {
    const o = await openOrder('Rodamiento');
    expect((await resend(999_999)).status).toBe(404);
    const supervisor = await api.login('supervisor@faena.pe');
    expect((await resend(o.id, '/almacen_obra_ots', supervisor)).status).toBe(403);
  });
});
