import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../events/execute';
import { purchaseRequests } from '../../events/purchase-request/decider';
import { createRecord, updateRecord } from '../../events/record/commands';
import { useTestApi } from '../../tests/harness/api';
import { createPlainMachine } from '../../tests/harness/equipment';
import { otPart, otWithParts } from '../../tests/harness/ot-parts';
import { drainReactor } from '../../tests/harness/reactor';
import { notifySiteStorekeepers, SITE_STOREKEEPER_ROLE } from './notify-site-storekeepers';
import { notifyWorkOrderParts } from './notify-work-order-parts';
import { reactorCheckpoint } from './runner';

// Issue 17, "Notifications", through the real calls: an OT asks for two parts, the site warehouse
// attends it and generates its purchase request, the request reaches a purchase order, its goods
// enter the central warehouse from an Excel file, the central warehouse transfers them with a
// waybill (the site's storekeepers hear of it), the site receives them and issues them with a
// voucher (the OT's supervisor and mechanic hear of each).

const t = useTestApi();
const metadata = { userId: null, requestId: 'fixture' };
const tokens = { admin: '', jefe: '', central: '', storekeeper: '' };
const ids = {
  obra: 0, otraObra: 0, empresa: 0, equipo: 0, grupo: 0, elemento: 0, tipo: 0, und: 0, filtro: 0, sello: 0,
  supervisor: 0, mecanico: 0, operador: 0, storekeeper: 0, assigned: 0, elsewhere: 0, inactive: 0,
};
let obraCodigo = '';
const ORDER = 'OC-NOTIF-01';

/** Every notification whose text names `code`, as (user, text) pairs in id order. */
async function notified(code: string) {
  return t.sql<{ id_user: number; contenido: string }[]>`
    SELECT id_user::int, contenido FROM rm_notifications WHERE contenido LIKE ${`%${code}%`} ORDER BY id`;
}

async function notificationCount() {
  const [{ n }] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_notifications`;
  return n;
}

async function storekeeperUser(surname: string, document: string, id_obra: number, estado = 1) {
  const { id } = await createRecord(t.store, 'user', {
    id_role: SITE_STOREKEEPER_ROLE, id_obra, name: 'Almacenero', surname, document,
    email: `${surname.toLowerCase()}.notif@faena.pe`, all_works: 0, estado,
  }, { metadata });
  return id;
}

const part = (over: Record<string, unknown>) => otPart(ids, 'N-FIL-01', over);

async function importEntry(recurso: string, cantidad: number, albaran: string) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Ingresos');
  ws.addRow(['Código Obra', 'Código Recurso', 'Descripción Recurso', 'Unidad', 'Albarán', 'Cantidad', 'Número Orden Compra']);
  ws.addRow([obraCodigo, recurso, `Recurso ${recurso}`, 'UND', albaran, cantidad, ORDER]);
  const form = new FormData();
  form.append('archivo', new File([new Uint8Array(await wb.xlsx.writeBuffer())], `ingresos-${albaran}.xlsx`));
  const r = await t.call('POST', '/almacen_central_entradas_archivos', { token: tokens.central, form });
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ validos: 1, nuevos: 1 });
}

beforeAll(async () => {
  tokens.admin = await t.login('admin@faena.pe');
  tokens.jefe = await t.login('jefe@faena.pe');
  tokens.central = await t.login('almacen.central@faena.pe');
  const one = async (q: Promise<{ id: number }[]>) => Number((await q)[0].id);
  const [obra, otra] = await t.sql<{ id: number; codigo: string; id_empresa: number }[]>`
    SELECT id::int, codigo, id_empresa::int FROM rm_obras WHERE estado = 1 AND codigo <> '' ORDER BY id LIMIT 2`;
  ids.obra = obra.id;
  ids.empresa = obra.id_empresa;
  ids.otraObra = otra.id;
  obraCodigo = obra.codigo;
  ids.und = await one(t.sql`SELECT id FROM rm_unidades WHERE nombre = 'UND'`);
  ids.operador = await one(t.sql`SELECT id FROM rm_users WHERE id_role = 11 ORDER BY id LIMIT 1`);
  ids.mecanico = await one(t.sql`SELECT id FROM rm_users WHERE id_role = 14 ORDER BY id LIMIT 1`);
  ids.supervisor = await one(t.sql`SELECT id FROM rm_users WHERE id_role = 15 ORDER BY id LIMIT 1`);
  ids.storekeeper = await one(t.sql`SELECT id FROM rm_users WHERE email = 'almacen.obra@faena.pe'`);

  // The site's storekeepers are exactly: the demo one (their own site) and one assigned to it;
  // one of another site and an inactive one of this site are not. Any other storekeeper of the
  // demo data moves to the other site.
  const others = await t.sql<{ id: number }[]>`SELECT id::int FROM rm_users WHERE id_role = ${SITE_STOREKEEPER_ROLE} AND id <> ${ids.storekeeper}`;
  for (const u of others) await updateRecord(t.store, 'user', u.id, { id_obra: ids.otraObra, all_works: 0 }, { metadata });
  await t.sql`DELETE FROM rm_user_obras WHERE id_user IN (SELECT id FROM rm_users WHERE id_role = ${SITE_STOREKEEPER_ROLE})`;
  await updateRecord(t.store, 'user', ids.storekeeper, { id_obra: ids.obra, all_works: 0, can_create_request: 1 }, { metadata });
  tokens.storekeeper = await t.login('almacen.obra@faena.pe');
  ids.assigned = await storekeeperUser('Asignada', '79100001', ids.otraObra);
  await createRecord(t.store, 'user_obra', { id_user: ids.assigned, id_empresa: ids.empresa, id_obra: ids.obra, estado: 1 }, { metadata });
  ids.elsewhere = await storekeeperUser('Otra', '79100002', ids.otraObra);
  ids.inactive = await storekeeperUser('Inactivo', '79100003', ids.obra, 0);

  ids.equipo = await createPlainMachine(t.store, t.sql, ids.obra, 'T-NT-001');
  ids.grupo = (await createRecord(t.store, 'grupo_funcional', { sigla: 'TNT', nombre: 'Motor (notificaciones)', estado: 1 }, { metadata })).id;
  ids.elemento = (await createRecord(t.store, 'grupo_funcional_elemento', { numero: '97.01', nombre: 'Culata', id_grupo_funcional: ids.grupo, id_padre: null, estado: 1 }, { metadata })).id;
  ids.tipo = (await createRecord(t.store, 'material_tipo', { codigo: 'TNT', nombre: 'Repuestos (notificaciones)', estado: 1 }, { metadata })).id;
  await createRecord(t.store, 'conversion_unidad', { id_material_tipo: ids.tipo, id_unidad: ids.und, valor: 1, estado: 1 }, { metadata });
  ids.filtro = (await createRecord(t.store, 'material', { id_material_tipo: ids.tipo, codigo: 'N-FIL-01', nombre: 'Filtro de aceite', estado: 1 }, { metadata })).id;
  ids.sello = (await createRecord(t.store, 'material', { id_material_tipo: ids.tipo, codigo: 'N-SEL-02', nombre: 'Sello de bomba', estado: 1 }, { metadata })).id;
}, 120_000);

describe('notifications of site movements (issue 17)', () => {
  let ot: { id: number; codigo: string };
  let request: { id: number; codigo: string };
  let products: { id: number; id_linea_ot: number; cantidad: number }[];

  it('an OT of two parts becomes a purchase request whose goods enter the central warehouse', async () => {
    const created = await t.call('POST', '/ordenes_trabajo/create', {
      token: tokens.admin,
      json: otWithParts(ids, ids.obra, ids.equipo, [
        part({ cantidad_solicitada_por_tecnico: 2 }),
        part({ id_material: ids.sello, codigo_material: 'N-SEL-02', descripcion: 'Sello', cantidad_solicitada_por_tecnico: 3 }),
      ]),
    });
    expect(created.status, created.body.msg).toBe(200);
    ot = created.body as unknown as { id: number; codigo: string };
    const attended = await t.call('POST', '/almacen_obra_ots/create', { token: tokens.storekeeper, json: { id: ot.id, terminado: 1, productos_solicitados: [] } });
    expect(attended.status, JSON.stringify(attended.body)).toBe(200);
    const generated = await t.call('POST', '/almacen_obra_ots/crearPreSolicitud', { token: tokens.storekeeper, json: { id_orden_trabajo: ot.id } });
    expect(generated.status, generated.body.msg).toBe(200);
    const id = generated.body.id_solicitud_compra as number;
    products = await t.sql<{ id: number; id_linea_ot: number; cantidad: number }[]>`
      SELECT id::int, id_linea_ot::int, cantidad_solicitada_por_almacen_obra::float8 AS cantidad FROM rm_productos_solicitados WHERE id_solicitud_compra = ${id} ORDER BY orden, id`;
    expect(products.map((p) => p.cantidad)).toEqual([2, 3]);
    await execute(t.store, async (c) => { (await c.load(purchaseRequests, id)).decide({ type: 'SendRequest', id, by: ids.storekeeper }); }, { metadata });
    const central = await t.call('POST', '/almacen_central_ots/create', { token: tokens.central, json: { id, terminado: 1, productos_solicitados: [] } });
    expect(central.status, JSON.stringify(central.body)).toBe(200);
    const approved = await t.call('POST', '/solicitudes_compras/aprobar', { token: tokens.jefe, json: { id_solicitud_compra: id } });
    expect(approved.status, approved.body.msg).toBe(200);
    await execute(t.store, async (c) => {
      const s = await c.load(purchaseRequests, id);
      s.decide({ type: 'RecordSicamSent', id, idSicam: `SIM-${id}` });
      s.decide({ type: 'RecordSicamStatus', id, status: { estado: 'aprobada', numero_orden: ORDER, productos: products.map((p) => ({ id_producto_solicitado: p.id, precio: 10, moneda: 'PEN', anulado: false })) } });
    }, { metadata });
    await importEntry('N-FIL-01', 2, 'ALB-N1');
    await importEntry('N-SEL-02', 3, 'ALB-N2');
    const [r] = await t.sql<{ codigo: string }[]>`SELECT codigo FROM rm_solicitudes_compras WHERE id = ${id}`;
    request = { id, codigo: r.codigo };
    expect(await t.sql`SELECT estado::int FROM rm_productos_solicitados WHERE id_solicitud_compra = ${id} ORDER BY orden, id`).toEqual([{ estado: 8 }, { estado: 8 }]);
  });

  it("a transfer with a waybill: each storekeeper of the request's site is told once; one of another site and an inactive one are not", async () => {
    const r = await t.call('POST', '/almacen_central_traslado_materiales/create', {
      token: tokens.central, json: { numero_guia: 'G-NOTIF-7', salidas: products.map((p) => ({ id_producto_solicitado: p.id, cantidad_a_salir: p.cantidad })) },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await drainReactor(t, notifySiteStorekeepers);
    const text = `El almacén central trasladó a su obra 2 productos de la solicitud ${request.codigo} (OT ${ot.codigo}) con la guía N° G-NOTIF-7; regístrelos en Almacén de obra › Entradas`;
    expect(await notified('G-NOTIF-7')).toEqual([{ id_user: ids.storekeeper, contenido: text }, { id_user: ids.assigned, contenido: text }]);
    // The OT's people hear nothing of the transfer.
    await drainReactor(t, notifyWorkOrderParts);
    expect(await notified(ot.codigo)).toHaveLength(2);
  });

  it("receiving at the site: the OT's supervisor and mechanic are told once each", async () => {
    const r = await t.call('POST', '/almacen_obra_entradas/create', {
      token: tokens.storekeeper, json: { entradas: products.map((p) => ({ id_producto_solicitado: p.id, cantidad_entrante: p.cantidad })) },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const idEntrada = r.body.id_entrada as number;
    await drainReactor(t, notifyWorkOrderParts);
    const text = `Llegaron al almacén de obra repuestos de la OT ${ot.codigo}: 2 líneas, entrada N° ${idEntrada}`;
    expect(await notified(`entrada N° ${idEntrada}`)).toEqual([{ id_user: ids.supervisor, contenido: text }, { id_user: ids.mecanico, contenido: text }]);
  });

  it("issuing with a voucher: the OT's supervisor and mechanic are told once each", async () => {
    const r = await t.call('POST', '/almacen_obra_salidas/create', {
      token: tokens.storekeeper, json: { vale_salida: 'VS-NOTIF-3', salidas: [{ id_producto_solicitado: products[1].id_linea_ot, cantidad_a_salir: 3 }] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await drainReactor(t, notifyWorkOrderParts);
    const text = `Salieron del almacén de obra repuestos de la OT ${ot.codigo}: 1 línea, vale de salida VS-NOTIF-3`;
    expect(await notified('VS-NOTIF-3')).toEqual([{ id_user: ids.supervisor, contenido: text }, { id_user: ids.mecanico, contenido: text }]);
    // They reach the recipients' panel (GET /live answers the caller's own notifications).
    const supervisorToken = await t.login((await t.sql<{ email: string }[]>`SELECT email FROM rm_users WHERE id = ${ids.supervisor}`)[0].email);
    const live = await t.call('GET', '/live', { token: supervisorToken });
    expect((live.body.notificaciones as { contenido: string }[]).map((n) => n.contenido)).toContain(text);
  });

  it('re-delivered from a reset checkpoint, every event notifies no one again', async () => {
    const before = await notificationCount();
    const events = await t.sql`SELECT count(*)::int AS n FROM es_events`;
    for (const reactor of [notifySiteStorekeepers, notifyWorkOrderParts]) {
      await t.sql`UPDATE es_checkpoints SET last_txid = '0', last_position = 0 WHERE projector = ${reactorCheckpoint(reactor.name)}`;
      await drainReactor(t, reactor);
    }
    expect(await notificationCount()).toBe(before);
    expect(await t.sql`SELECT count(*)::int AS n FROM es_events`).toEqual(events);
    expect(await notified(ot.codigo)).toHaveLength(6);
    const dead = await t.sql`SELECT 1 FROM es_reactor_dead_letters WHERE reactor IN ('notify_site_storekeepers', 'notify_work_order_parts')`;
    expect(dead).toHaveLength(0);
  });
});
