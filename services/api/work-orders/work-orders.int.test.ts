import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, beforeAll } from 'vitest';
import { execute } from '../../../events/execute';
import { createRecord } from '../../../events/record/commands';
import { useTestApi } from '../../../tests/harness/api';
import { createFunctionalElement, createMaterialType, otPeople } from '../../../tests/harness/work-order-fixture';
import { createPlainMachine } from '../../../tests/harness/equipment';
import { projectRoot } from '../../shared/config';
import { MSG_NO_MATERIAL_REQUEST, MSG_ALREADY_CANCELLED, MSG_CANCEL_ROLE, MSG_CLOSE_BEFORE_OPEN, MSG_CLOSED, MSG_PARTS_LOCKED, MSG_REPLICATE_NOT_CLOSED, MSG_ALREADY_REPLICATED, REQUIRED, workOrders } from '../../../events/work-order/decider';

const t = useTestApi();
const metadata = { userId: null, requestId: 'fixture' };

// A minimal valid PDF and PNG, and a Windows executable renamed to .pdf.
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
const EXE = Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00, ...new Array(200).fill(0)]);

let admin = '';
let supervisorToken = '';
const ids = { obra: 0, otraObra: 0, equipo: 0, equipoOtraObra: 0, elemento: 0, grupo: 0, material: 0, tipo: 0, und: 0, kg: 0, operador: 0, mecanico: 0, supervisor: 0 };

beforeAll(async () => {
  admin = await t.login('admin@faena.pe');
  supervisorToken = await t.login('supervisor@faena.pe');
  const one = async (q: Promise<{ id: number }[]>) => (await q)[0].id;
  ids.obra = await one(t.sql`SELECT id FROM rm_obras ORDER BY id LIMIT 1`);
  ids.otraObra = await one(t.sql`SELECT id FROM rm_obras ORDER BY id OFFSET 1 LIMIT 1`);
  ids.und = await one(t.sql`SELECT id FROM rm_unidades WHERE nombre = 'UND'`);
  ids.kg = await one(t.sql`SELECT id FROM rm_unidades WHERE nombre = 'KG'`);
  Object.assign(ids, await otPeople(t.sql));
  ids.equipo = await createPlainMachine(t.store, t.sql, ids.obra, 'T-EX-001');
  ids.equipoOtraObra = await createPlainMachine(t.store, t.sql, ids.otraObra, 'T-EX-002');
  Object.assign(ids, await createFunctionalElement(t.store, { sigla: 'TSH', nombre: 'Sistema hidráulico (prueba)' }, { numero: '99.01', nombre: 'Bomba principal' }));
  ids.tipo = await createMaterialType(t.store, { codigo: 'TRP', nombre: 'Repuestos (prueba)' }, ids.und);
  ids.material = (await createRecord(t.store, 'material', { id_material_tipo: ids.tipo, codigo: 'T-1R0750', nombre: 'Filtro de combustible', estado: 1 }, { metadata })).id;
});

function workLine(over: Record<string, unknown> = {}) {
  return { id: 0, id_grupo_funcional: ids.grupo, id_grupo_funcional_elemento: ids.elemento, descripcion: 'Fuga en la bomba', horas: 1, minutos: 30, observacion: '', ...over };
}
function partLine(over: Record<string, unknown> = {}) {
  return {
    id: 0, id_grupo_funcional: ids.grupo, id_grupo_funcional_elemento: ids.elemento, descripcion: 'Filtro', id_unidad: ids.und, id_material: ids.material,
    codigo_material: 'T-1R0750', id_material_tipo: ids.tipo, solicitud_material: 0, cantidad_solicitada_por_tecnico: 2, ...over,
  };
}
function fields(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 0, version: 0, id_obra: ids.obra, id_equipo: ids.equipo, placa_equipo: '', serie_equipo: 'S-T-EX-001', fecha_parada: '2026-11-20 08:00',
    fecha_puesta_marcha: '2026-11-20 17:45', fecha_apertura_ot: '2026-11-20 08:30', fecha_cierre_ot: '', horometro_parada: '1200.5',
    horometro_puesta_marcha: '1208', horometro_apertura_ot: '1200.5', horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '',
    id_operador: ids.operador, id_mecanico: ids.mecanico, id_supervisor: ids.supervisor, firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0,
    sin_productos: 0, terminado: 0, diagnosticos: [workLine()], intervenciones: [workLine({ descripcion: 'Cambio de sellos' })],
    productos_solicitados: [partLine()], documentos: [], ...over,
  };
}
function multipart(values: Record<string, unknown>, files: Record<string, { bytes: Uint8Array; name: string }> = {}) {
  const form = new FormData();
  for (const [k, value] of Object.entries(values)) form.append(k, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value ?? ''));
  for (const [k, f] of Object.entries(files)) form.append(k, new File([f.bytes as Uint8Array<ArrayBuffer>], f.name));
  return form;
}
async function eventCount() {
  const [{ n }] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events`;
  return n;
}
async function create(over: Record<string, unknown> = {}, token = admin) {
  const r = await t.call('POST', '/ordenes_trabajo/create', { token, json: fields(over) });
  expect(r.status, r.body.msg).toBe(200);
  return r.body as unknown as { id: number; codigo: string; version: number; is_new: boolean; msg: string };
}
async function form(id: number, token = admin) {
  const r = await t.call('GET', '/ordenes_trabajo/form', { token, query: { id } });
  expect(r.status, r.body.msg).toBe(200);
  return r.body.item as Record<string, unknown> & { version: number; permissions: Record<string, boolean> };
}

describe('POST /ordenes_trabajo/create', () => {
  it('a multipart create with two documents and the four row lists opens the order with its code (is_new)', async () => {
    const body = multipart(
      fields({
        documentos: [
          { id: 0, observaciones: 'Informe técnico', archivo: 'documento_0' },
          { id: 0, observaciones: 'Foto de la fuga', archivo: 'documento_1' },
        ],
      }),
      { documento_0: { bytes: PDF, name: 'informe.pdf' }, documento_1: { bytes: PNG, name: 'foto.png' } },
    );
    const r = await t.call('POST', '/ordenes_trabajo/create', { token: supervisorToken, form: body });
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.is_new).toBe(true);
    expect(r.body.codigo).toMatch(/^OB-[A-Z]{3}-\d{2}-OT-\d{6}$/);
    const id = r.body.id as number;
    for (const [tabla, n] of [['diagnosticos', 1], ['intervenciones', 1], ['productos_solicitados', 1], ['documentos', 2]] as const) {
      const d = await t.call('GET', '/ordenes_trabajo/obtenerDetalle', { token: supervisorToken, query: { tabla, id_orden_trabajo: id } });
      expect(d.status).toBe(200);
      expect((d.body.items as unknown[]).length, tabla).toBe(n);
    }
    const docs = (await t.call('GET', '/ordenes_trabajo/obtenerDetalle', { token: supervisorToken, query: { tabla: 'documentos', id_orden_trabajo: id } })).body.items as { url: string }[];
    const file = await t.raw('GET', docs[0].url, { headers: { authorization: `Bearer ${supervisorToken}` } });
    // Saving again with the saved document rows (no new file) keeps them and their files.
    const loaded = await form(id, supervisorToken);
    const resend = await t.call('POST', '/ordenes_trabajo/create', {
      token: supervisorToken,
      json: fields({ id, version: loaded.version, diagnosticos: loaded.diagnosticos, intervenciones: loaded.intervenciones, productos_solicitados: loaded.productos_solicitados, documentos: (loaded.documentos as { id: number; observaciones: string }[]).map((d) => ({ id: d.id, observaciones: `${d.observaciones} (revisado)` })) }),
    });
    expect(resend.status, resend.body.msg).toBe(200);
    const kept = (await form(id, supervisorToken)).documentos as { pic: string; observaciones: string; nombre: string }[];
    expect(kept.map((d) => d.observaciones)).toEqual(['Informe técnico (revisado)', 'Foto de la fuga (revisado)']);
    expect(kept.map((d) => d.nombre)).toEqual(['informe.pdf', 'foto.png']);
    expect(kept.every((d) => d.pic)).toBe(true);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(PDF))).toBe(true);
    const item = await form(id, supervisorToken);
    expect(item).toMatchObject({ estado: 1, codigo: r.body.codigo, tiempo_parada: { horas: 9, minutos: 45 }, horometro_tiempo_parada: 7.5, tiempo_ejecucion: { horas: 0, minutos: 0 } });
    expect(item.permissions).toMatchObject({ can_close_total: true, can_cancel: false, can_replicate: false, locked: false });
  });

  it("a new order's form proposes the caller as supervisor when that is their profile", async () => {
    const [carlos] = await t.sql<{ id: number }[]>`SELECT id FROM rm_users WHERE email = 'supervisor@faena.pe'`;
    expect((await form(0, supervisorToken)).id_supervisor).toBe(carlos.id);
    expect((await form(0, admin)).id_supervisor).toBeNull();
  });

  it('requires site, equipment, opening date, operator, mechanic and supervisor; nothing is stored', async () => {
    const before = await eventCount();
    const r = await t.call('POST', '/ordenes_trabajo/create', {
      token: admin,
      json: fields({ id_obra: '', id_equipo: '', fecha_apertura_ot: '', id_operador: '', id_mecanico: '', id_supervisor: '' }),
    });
    expect(r.status).toBe(422);
    expect(r.body.ok).toBe(false);
    expect(Object.keys(r.body.errors).sort()).toEqual(['fecha_apertura_ot', 'id_equipo', 'id_mecanico', 'id_obra', 'id_operador', 'id_supervisor']);
    expect(r.body.errors.id_obra).toBe(REQUIRED);
    expect(await eventCount()).toBe(before);
  });

  it('refuses an equipment of another site, an element missing on a line and a unit outside the material type', async () => {
    const before = await eventCount();
    const r = await t.call('POST', '/ordenes_trabajo/create', {
      token: admin,
      json: fields({ id_equipo: ids.equipoOtraObra, diagnosticos: [workLine({ id_grupo_funcional_elemento: null })], productos_solicitados: [partLine({ id_unidad: ids.kg })] }),
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.id_equipo).toBe('El equipo no pertenece a la obra elegida');
    const r2 = await t.call('POST', '/ordenes_trabajo/create', {
      token: admin,
      json: fields({ diagnosticos: [workLine({ id_grupo_funcional_elemento: null })], productos_solicitados: [partLine({ id_unidad: ids.kg })] }),
    });
    expect(r2.status).toBe(422);
    expect(r2.body.errors).toMatchObject({ 'diagnosticos.0.id_grupo_funcional_elemento': 'Seleccione el elemento', 'productos_solicitados.0.id_unidad': 'La unidad no está permitida para el tipo de material' });
    expect(await eventCount()).toBe(before);
  });

  it('a closing date before the opening date is refused with a field error and nothing is stored; the same minute is fine (issue 13 §22)', async () => {
    const before = await eventCount();
    const r = await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: fields({ fecha_cierre_ot: '2026-11-20 08:29' }) });
    expect(r.status, r.body.msg).toBe(422);
    expect(r.body.errors).toEqual({ fecha_cierre_ot: MSG_CLOSE_BEFORE_OPEN });
    expect(await eventCount()).toBe(before);
    const sameMinute = await create({ fecha_cierre_ot: '2026-11-20 08:30' });
    expect(sameMinute.is_new).toBe(true);
  });

  it('a renamed executable or an oversize document is refused with the upload message and nothing is stored', async () => {
    const before = await eventCount();
    const [{ n: filesBefore }] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_ot_lineas WHERE tabla = 'documentos'`;
    const exe = await t.call('POST', '/ordenes_trabajo/create', {
      token: admin,
      form: multipart(fields({ documentos: [{ id: 0, observaciones: 'x', archivo: 'documento_0' }] }), { documento_0: { bytes: EXE, name: 'informe.pdf' } }),
    });
    expect(exe.status).toBe(415);
    expect(exe.body.msg).toMatch(/^Tipo de archivo no permitido/);
    const big = new Uint8Array(10_241 * 1024);
    big.set(PDF);
    const large = await t.call('POST', '/ordenes_trabajo/create', {
      token: admin,
      form: multipart(fields({ documentos: [{ id: 0, observaciones: 'x', archivo: 'documento_0' }] }), { documento_0: { bytes: big, name: 'grande.pdf' } }),
    });
    expect(large.status).toBe(413);
    expect(large.body.msg).toBe('Archivo muy pesado, el límite es de 10240 KB.');
    expect(await eventCount()).toBe(before);
    const [{ n: filesAfter }] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_ot_lineas WHERE tabla = 'documentos'`;
    expect(filesAfter).toBe(filesBefore);
  });

  it('CIERRE MECANICO keeps the order open; CIERRE TOTAL closes it and locks it', async () => {
    const o = await create();
    const item = await form(o.id);
    const saved = await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: fields({ id: o.id, version: item.version, diagnosticos: [], intervenciones: [], productos_solicitados: [], kilometraje: '15230' }) });
    expect(saved.status, saved.body.msg).toBe(200);
    expect(saved.body.is_new).toBe(false);
    expect((await form(o.id)).estado).toBe(1);
    const v = (await form(o.id)).version;
    const closed = await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: fields({ id: o.id, version: v, terminado: 1, fecha_cierre_ot: '2026-11-21 10:00', diagnosticos: [], intervenciones: [], productos_solicitados: [] }) });
    expect(closed.status, closed.body.msg).toBe(200);
    const after = await form(o.id);
    expect(after).toMatchObject({ estado: 3, tiempo_ejecucion: { horas: 25, minutos: 30 } });
    expect(after.permissions).toMatchObject({ locked: true, can_close_total: false, can_replicate: true });
    const again = await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: fields({ id: o.id, version: after.version, diagnosticos: [], intervenciones: [], productos_solicitados: [] }) });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(MSG_CLOSED);
  });

  it('CIERRE TOTAL of an order never saved is refused', async () => {
    const r = await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: fields({ terminado: 1 }) });
    expect(r.status).toBe(409);
  });

  it('two users saving the same order from the same version: the second gets 409 and nothing of theirs is stored', async () => {
    const o = await create();
    const { version } = await form(o.id);
    const first = await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: fields({ id: o.id, version, diagnosticos: [], intervenciones: [], productos_solicitados: [], kilometraje: '100' }) });
    expect(first.status).toBe(200);
    const before = await eventCount();
    const second = await t.call('POST', '/ordenes_trabajo/create', { token: supervisorToken, json: fields({ id: o.id, version, diagnosticos: [], intervenciones: [], productos_solicitados: [], kilometraje: '200' }) });
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe('El registro fue modificado por otro usuario. Vuelva a cargarlo e intente nuevamente.');
    expect(await eventCount()).toBe(before);
    expect((await form(o.id)).kilometraje).toBe(100);
  });
});

describe('lines, cancelling, replicating, requests', () => {
  it('eliminarElementoDeDetalle and eliminarDocumento remove one row each; a closed order refuses', async () => {
    const o = await t.call('POST', '/ordenes_trabajo/create', {
      token: admin,
      form: multipart(fields({ documentos: [{ id: 0, observaciones: 'Foto', archivo: 'documento_0' }] }), { documento_0: { bytes: PNG, name: 'f.png' } }),
    });
    const id = o.body.id as number;
    const item = await form(id);
    const diag = (item.diagnosticos as { id: number }[])[0].id;
    const doc = (item.documentos as { id: number }[])[0].id;
    const r = await t.call('POST', '/ordenes_trabajo/eliminarElementoDeDetalle', { token: admin, json: { tabla: 'diagnosticos', id: diag } });
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.msg).toBe('Eliminado correctamente');
    const d = await t.call('POST', '/ordenes_trabajo/eliminarDocumento', { token: admin, json: { id: doc } });
    expect(d.status).toBe(200);
    const now = await form(id);
    expect(now.diagnosticos).toEqual([]);
    expect(now.documentos).toEqual([]);
    const missing = await t.call('POST', '/ordenes_trabajo/eliminarElementoDeDetalle', { token: admin, json: { tabla: 'diagnosticos', id: diag } });
    expect(missing.status).toBe(404);
    const inter = (now.intervenciones as { id: number }[])[0].id;
    await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: fields({ id, version: now.version, terminado: 1, diagnosticos: [], intervenciones: [], productos_solicitados: [] }) });
    const locked = await t.call('POST', '/ordenes_trabajo/eliminarElementoDeDetalle', { token: admin, json: { tabla: 'intervenciones', id: inter } });
    expect(locked.status).toBe(409);
    expect(locked.body.msg).toBe(MSG_CLOSED);
  });

  it("cancelling ('Desactivar') is for admin or root only, once", async () => {
    const o = await create();
    const bySupervisor = await t.call('POST', '/ordenes_trabajo/disable', { token: supervisorToken, json: { id: o.id } });
    expect(bySupervisor.status).toBe(403);
    expect(bySupervisor.body.msg).toBe(MSG_CANCEL_ROLE);
    const byAdmin = await t.call('POST', '/ordenes_trabajo/disable', { token: admin, json: { id: o.id } });
    expect(byAdmin.status, byAdmin.body.msg).toBe(200);
    expect((await form(o.id)).estado).toBe(2);
    const twice = await t.call('POST', '/ordenes_trabajo/disable', { token: admin, json: { id: o.id } });
    expect(twice.body.msg).toBe(MSG_ALREADY_CANCELLED);
    const list = await t.call('GET', '/ordenes_trabajo', { token: admin, query: { estado: 2 } });
    expect((list.body.items as { id: number }[]).map((x) => x.id)).toContain(o.id);
  });

  it('replication: refused for an open order, a new order naming the original for a closed one, only once', async () => {
    const o = await create();
    const open = await t.call('GET', '/ordenes_trabajo/form', { token: admin, query: { id: o.id, replicar: 'true' } });
    expect(open.status).toBe(409);
    expect(open.body.msg).toBe(MSG_REPLICATE_NOT_CLOSED);
    const { version } = await form(o.id);
    await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: fields({ id: o.id, version, terminado: 1, diagnosticos: [], intervenciones: [], productos_solicitados: [] }) });
    const replica = await t.call('GET', '/ordenes_trabajo/form', { token: admin, query: { id: o.id, replicar: 'true' } });
    expect(replica.status).toBe(200);
    const item = replica.body.item as Record<string, unknown> & { diagnosticos: { id: number }[] };
    expect(item).toMatchObject({ id: 0, codigo: '', rechazado_id: o.id });
    expect(item.diagnosticos.every((l) => l.id === 0)).toBe(true);
    const saved = await create({ ...item, id: 0, version: 0, rechazado_id: o.id, documentos: [] });
    expect(saved.is_new).toBe(true);
    const original = await form(o.id);
    expect(original.id_replica).toBe(saved.id);
    expect((await form(saved.id)).rechazado_id).toBe(o.id);
    const twice = await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: fields({ rechazado_id: o.id }) });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe(MSG_ALREADY_REPLICATED);
  });

  it('a service request is generated for an order without parts; then parts and equipment lock', async () => {
    const withParts = await create();
    const refused = await t.call('POST', '/ordenes_trabajo/crearPreSolicitudServicio', { token: admin, json: { id_orden_trabajo: withParts.id } });
    expect(refused.status).toBe(409);
    const o = await create({ sin_productos: 1, productos_solicitados: [partLine()] });
    expect((await form(o.id)).productos_solicitados).toEqual([]);
    const r = await t.call('POST', '/ordenes_trabajo/crearPreSolicitudServicio', { token: admin, json: { id_orden_trabajo: o.id } });
    expect(r.status, r.body.msg).toBe(200);
    const item = await form(o.id);
    expect(item.id_solicitud_compra).toBe(r.body.id_solicitud_compra);
    expect(item.permissions).toMatchObject({ parts_locked: true, equipment_locked: true, can_create_service_request: false });
    const parts = await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: fields({ id: o.id, version: item.version, sin_productos: 0, productos_solicitados: [partLine()] }) });
    expect(parts.status).toBe(409);
    expect(parts.body.msg).toBe(MSG_PARTS_LOCKED);
    const [request] = await t.sql`SELECT event_type, data FROM es_events WHERE stream_id = ${`purchase_request-${String(r.body.id_solicitud_compra)}`}`;
    expect(request).toMatchObject({ event_type: 'PurchaseRequestDrafted', data: { tipo: 'servicio', id_orden_trabajo: o.id } });
  });
});

describe('the list says what the caller may do with each row', () => {
  it('its can_cancel, can_replicate and can_create_service_request are the form\'s permissions (the decider\'s rules)', async () => {
    const withParts = await create();
    const withoutParts = await create({ sin_productos: 1, productos_solicitados: [] });
    const closed = await create();
    const { version } = await form(closed.id);
    await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: fields({ id: closed.id, version, terminado: 1, diagnosticos: [], intervenciones: [], productos_solicitados: [] }) });
    const list = await t.call('GET', '/ordenes_trabajo', { token: admin, query: { id_obra: ids.obra, limit: 100 } });
    const rows = list.body.items as ({ id: number } & Record<string, unknown>)[];
    for (const o of [withParts, withoutParts, closed]) {
      const row = rows.find((r) => r.id === o.id)!;
      const { permissions } = await form(o.id);
      expect({ can_cancel: row.can_cancel, can_replicate: row.can_replicate, can_create_service_request: row.can_create_service_request }).toEqual({
        can_cancel: permissions.can_cancel,
        can_replicate: permissions.can_replicate,
        can_create_service_request: permissions.can_create_service_request,
      });
    }
    expect(rows.find((r) => r.id === closed.id)).toMatchObject({ can_cancel: true, can_replicate: true });
    expect(rows.find((r) => r.id === withParts.id)).toMatchObject({ can_replicate: false, can_create_service_request: false });
    // Cancelling is for admin or root: a supervisor's rows never offer it.
    const theirs = (await t.call('GET', '/ordenes_trabajo', { token: supervisorToken, query: { limit: 100 } })).body.items as Record<string, unknown>[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((r) => r.can_cancel === false)).toBe(true);
  });
});

describe('timeline, PDF, RUC, board, list', () => {
  it('the timeline lists every step in order with its author', async () => {
    const o = await create({}, supervisorToken);
    const v1 = (await form(o.id)).version;
    await t.call('POST', '/ordenes_trabajo/create', { token: supervisorToken, json: fields({ id: o.id, version: v1, firma_supervisor: 1, diagnosticos: [], intervenciones: [], productos_solicitados: [] }) });
    const v2 = (await form(o.id)).version;
    await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: fields({ id: o.id, version: v2, firma_supervisor: 1, terminado: 1, fecha_cierre_ot: '2026-11-21 09:00', diagnosticos: [], intervenciones: [], productos_solicitados: [] }) });
    const r = await t.call('GET', '/ordenes_trabajo/obtenerLineaDeTiempo', { token: admin, query: { id_orden_trabajo: o.id } });
    expect(r.status).toBe(200);
    const flujo = r.body.flujo_total as { paso: number; titulo: string; user_name: string; cambios: { campo: string; antes: string; despues: string }[] }[];
    expect(flujo.map((f) => [f.titulo.split(':')[0], f.user_name])).toEqual([
      [expect.stringMatching(/^Abrió la orden de trabajo OB-/), 'Carlos Mendoza Flores'],
      ['Agregó un diagnóstico', 'Carlos Mendoza Flores'],
      ['Agregó una intervención', 'Carlos Mendoza Flores'],
      ['Agregó un repuesto', 'Carlos Mendoza Flores'],
      ['Guardó la orden (CIERRE MECÁNICO)', 'Carlos Mendoza Flores'],
      ['Firmó el supervisor (Carlos Mendoza Flores)', 'Carlos Mendoza Flores'],
      ['Guardó la orden (CIERRE MECÁNICO)', 'Carlos Mendoza Flores'],
      ['Modificó los datos de la orden', 'Ana Quispe Rojas'],
      ['Cerró la orden (CIERRE TOTAL)', 'Ana Quispe Rojas'],
    ]);
    expect(flujo.map((f) => f.paso)).toEqual(flujo.map((_, i) => i + 1));
    expect(flujo[7].cambios).toEqual([{ campo: 'Fecha de cierre', antes: '—', despues: '21/11/2026 09:00 AM' }]);
    expect(r.body.apertura_cierre).toMatchObject({ estado: 3, registrada_por: 'Carlos Mendoza Flores', finalizada_por: 'Ana Quispe Rojas', tiempo_ejecucion: '24:30' });
  });

  it('the PDF prints the order in Spanish: its tables, documents by the name they were sent with, and the signer’s signature image', async () => {
    // The supervisor uploads a real 200 × 120 signature through the profile call.
    const upload = new FormData();
    upload.append('pic_firma', new File([readFileSync(join(projectRoot, 'tests/fixtures/firma-200x120.jpg'))], 'firma.jpg', { type: 'image/jpeg' }));
    const signature = await t.call('POST', '/me/actualizarPerfil', { token: supervisorToken, form: upload });
    expect(signature.status, signature.body.msg).toBe(200);
    const [carlos] = await t.sql<{ id: number; name: string }[]>`SELECT id, name || ' ' || surname AS name FROM rm_users WHERE email = 'supervisor@faena.pe'`;
    const pdfOf = async (over: Record<string, unknown>) => {
      const saved = await t.call('POST', '/ordenes_trabajo/create', {
        token: supervisorToken,
        form: multipart(fields({ id_supervisor: carlos.id, documentos: [{ id: 0, observaciones: 'Informe técnico', archivo: 'documento_0' }], ...over }), {
          documento_0: { bytes: PDF, name: 'informe-válvula.pdf' },
        }),
      });
      expect(saved.status, saved.body.msg).toBe(200);
      const res = await t.raw('GET', `/ordenes_trabajo/pdf?id=${String(saved.body.id)}`, { headers: { authorization: `Bearer ${admin}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const file = join(mkdtempSync(join(tmpdir(), 'faena-ot-pdf-')), 'ot.pdf');
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      // poppler-utils (installed with the browser tests' tools) reads the PDF back.
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2).filter((l) => l.trim());
      return { codigo: saved.body.codigo as string, text, images };
    };

    const signed = await pdfOf({ firma_supervisor: 1 });
    for (const expected of [`ORDEN DE TRABAJO ${signed.codigo}`, 'Diagnósticos', 'Intervenciones', 'Descripción de repuestos', 'Documentos adicionales', 'Fuga en la bomba', 'Cambio de sellos', 'Filtro de combustible', 'Informe técnico', 'informe-válvula.pdf', carlos.name, 'Operador (sin firma)', 'Mecánico (sin firma)']) {
      expect(signed.text).toContain(expected);
    }
    // Dates on the 12-hour clock of every screen (fecha_parada 08:00, puesta en marcha 17:45).
    expect(signed.text).toContain('20/11/2026 08:00 AM');
    expect(signed.text).toContain('20/11/2026 05:45 PM');
    expect(signed.text).not.toContain('17:45');
    // One image, the supervisor's signature at its own size.
    expect(signed.images).toHaveLength(1);
    expect(signed.images[0].trim().split(/\s+/).slice(3, 5)).toEqual(['200', '120']);

    // The same order unsigned: no image, and the supervisor's box says so.
    const unsigned = await pdfOf({ firma_supervisor: 0 });
    expect(unsigned.images).toHaveLength(0);
    expect(unsigned.text).toContain('Supervisor (sin firma)');
  });

  it('consultarRuc checks the check digit and finds the business name of a known RUC', async () => {
    const bad = await t.call('GET', '/ordenes_trabajo/consultarRuc', { token: admin, query: { ruc: '20100070971' } });
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toBe('El RUC no es válido');
    const unknown = await t.call('GET', '/ordenes_trabajo/consultarRuc', { token: admin, query: { ruc: '20131312955' } });
    expect(unknown.status).toBe(404);
    await create({ tercero_ruc: '20131312955', tercero_razon_social: 'Taller Hidráulico Los Andes S.A.C.' });
    const found = await t.call('GET', '/ordenes_trabajo/consultarRuc', { token: admin, query: { ruc: '20131312955' } });
    expect(found.status).toBe(200);
    expect(found.body.item).toEqual({ ruc: '20131312955', nombre: 'Taller Hidráulico Los Andes S.A.C.' });
    const company = await t.call('GET', '/ordenes_trabajo/consultarRuc', { token: admin, query: { ruc: '20512345671' } });
    expect(company.body.item).toEqual({ ruc: '20512345671', nombre: 'Constructora Andina S.A.C.' });
  });

  it('the board groups the open orders by site with their age; the list filters by site and state', async () => {
    const o = await create();
    const board = await t.call('GET', '/ordenes_trabajo/tablero', { token: admin });
    expect(board.status).toBe(200);
    const sites = board.body.items as { id_obra: number; abiertas: number; ordenes: { id: number; edad_minutos: number; situacion: string }[] }[];
    const site = sites.find((s) => s.id_obra === ids.obra)!;
    const mine = site.ordenes.find((x) => x.id === o.id)!;
    expect(mine.edad_minutos).toBeGreaterThan(0);
    expect(mine.situacion).toBe('Esperando repuestos');
    expect(site.abiertas).toBe(site.ordenes.length);
    const list = await t.call('GET', '/ordenes_trabajo', { token: admin, query: { id_obra: ids.obra, estado: 1, order_col: 'codigo', order_dir: 'asc', limit: 100 } });
    const rows = list.body.items as { id_obra: number; codigo: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.id_obra === ids.obra)).toBe(true);
    expect(rows.map((r) => r.codigo)).toEqual([...rows.map((r) => r.codigo)].sort());
  });

  it('the list searches code, equipment and plate ignoring case and accents, never across two fields', async () => {
    const o = await create();
    const search = async (query: string) =>
      ((await t.call('GET', '/ordenes_trabajo', { token: admin, query: { query, limit: 100 } })).body.items as { id: number }[]).map((r) => r.id);
    const [product] = await t.sql<{ nombre: string }[]>`SELECT p.nombre FROM rm_equipos e JOIN rm_equipo_productos p ON p.id = e.id_equipo_producto WHERE e.id = ${ids.equipo}`;
    // The description typed without accents and in another case finds it, as do the codes.
    const plain = product.nombre.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
    for (const query of [o.codigo.toLowerCase(), 't-ex-001', plain]) expect(await search(query), query).toContain(o.id);
    // The end of the order's code and the start of the equipment code are two fields.
    expect(await search(`${o.codigo.slice(-3)}T-EX`)).not.toContain(o.id);
    expect(await search('%')).toEqual([]);
  });

  it('every sortable column sorts both ways, the id breaking ties', async () => {
    await create();
    for (const col of ['id', 'codigo', 'obra', 'equipo_codigo', 'supervisor', 'estado', 'tiempo_ejecucion']) {
      for (const dir of ['asc', 'desc'] as const) {
        const r = await t.call('GET', '/ordenes_trabajo', { token: admin, query: { order_col: col, order_dir: dir, page: 2, limit: 10 } });
        expect(r.status).toBe(200);
        // The second page of the whole table in the database's own order (admin sees every site).
        const expected = await t.sql.unsafe<{ id: number }[]>(`SELECT id::int AS id FROM rm_ordenes_trabajo ORDER BY ${col} ${dir}, id ${dir} LIMIT 10 OFFSET 10`);
        expect((r.body.items as { id: number }[]).map((x) => Number(x.id)), `${col} ${dir}`).toEqual(expected.map((x) => x.id));
      }
    }
  });
});

describe('calls the seeds name that arrive with later modules (issue 13 §18)', () => {
  it('enviarASicamSolicitudMateriales on an order that asked for no material answers 409 with the reason; nothing is stored', async () => {
    const o = await create();
    const before = await eventCount();
    const r = await t.call('POST', '/ordenes_trabajo/enviarASicamSolicitudMateriales', { token: admin, json: { id_orden_trabajo: o.id } });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ ok: false, msg: MSG_NO_MATERIAL_REQUEST, errors: {} });
    // An order the caller cannot see is not revealed; a missing id is a field error.
    expect((await t.call('POST', '/ordenes_trabajo/enviarASicamSolicitudMateriales', { token: admin, json: { id_orden_trabajo: 999_999 } })).status).toBe(404);
    const missing = await t.call('POST', '/ordenes_trabajo/enviarASicamSolicitudMateriales', { token: admin, json: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty('id_orden_trabajo');
    expect(await eventCount()).toBe(before);
  });

  it('/fil_datas/ordenesTrabajo takes a limit up to 1000 (seed 002 §9) and keeps to the caller’s sites', async () => {
    const mine = await create();
    const lookup = (token: string, query: Record<string, string | number>) => t.call('GET', '/fil_datas/ordenesTrabajo', { token, query });
    const all = await lookup(admin, { limit: 1000 });
    expect(all.status, all.body.msg).toBe(200);
    const [{ n }] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_ordenes_trabajo`;
    expect((all.body.items as unknown[]).length).toBe(Math.min(n, 1000));
    expect(n).toBeGreaterThan(100);
    // The default stays 100; over 1000 is a field error.
    expect(((await lookup(admin, {})).body.items as unknown[]).length).toBe(100);
    const tooMany = await lookup(admin, { limit: 1001 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.limit).toBe('Máximo 1000 opciones');
    // Searching by code finds the order; its label is the code.
    const found = (await lookup(admin, { query: mine.codigo })).body.items as { value: number; label: string }[];
    expect(found.map((i) => Number(i.value))).toContain(mine.id);
    expect(found.find((i) => Number(i.value) === mine.id)?.label).toBe(mine.codigo);
    // A user tied to one site sees only that site's orders.
    const role = await createRecord(t.store, 'role', { name: 'OT de una obra', id_type_user: 1, id_module: null, system_user: 1, admin: 0, menu_collapsed: 0, horometros: 0, protected: 0, perms: [], estado: 1 }, { metadata });
    const { hashPassword } = await import('../auth/internal/password');
    const hash = await hashPassword('Faena2026!');
    await createRecord(t.store, 'user', { id_role: role.id, id_obra: ids.otraObra, name: 'Una', surname: 'Obra', document: '77', email: 'una.obra@faena.pe', all_works: 0, estado: 1 }, {
      metadata,
      within: async (tx, events) => void (await tx`INSERT INTO auth_credentials (id_user, password_hash) VALUES (${Number(events[0].data.id)}, ${hash})`),
    });
    const scoped = (await lookup(await t.login('una.obra@faena.pe'), { limit: 1000 })).body.items as { id_obra: number }[];
    expect(scoped.length).toBeGreaterThan(0);
    expect(scoped.every((i) => Number(i.id_obra) === ids.otraObra)).toBe(true);
  });
});

describe('the server reads materials and people itself (issue 13 §14)', () => {
  async function person(role: number, id_obra: number, all_works = 0) {
    return (await createRecord(t.store, 'user', { id_role: role, id_obra, name: 'Persona', surname: `de obra ${id_obra}`, document: String(Date.now()).slice(-8), email: null, all_works, estado: 1 }, { metadata })).id;
  }

  it('a lubricant in UND is refused by its real type, whether the client omits the type or names another', async () => {
    const lubricantes = await createMaterialType(t.store, { codigo: 'TLU', nombre: 'Lubricantes (prueba)' }, ids.kg);
    const aceite = (await createRecord(t.store, 'material', { id_material_tipo: lubricantes, codigo: 'T-15W40', nombre: 'Aceite 15W40', estado: 1 }, { metadata })).id;
    const before = await eventCount();
    for (const tipo of [{ id_material_tipo: null }, { id_material_tipo: ids.tipo }, {}]) {
      const line = partLine({ id_material: aceite, codigo_material: 'T-15W40', id_unidad: ids.und, ...tipo });
      if (!('id_material_tipo' in tipo)) delete (line as Record<string, unknown>).id_material_tipo;
      const r = await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: fields({ productos_solicitados: [line] }) });
      expect(r.status, JSON.stringify(tipo)).toBe(422);
      expect(r.body.errors['productos_solicitados.0.id_unidad']).toBe('La unidad no está permitida para el tipo de material');
    }
    expect(await eventCount()).toBe(before);
    // In one of its own units it is accepted.
    await create({ productos_solicitados: [partLine({ id_material: aceite, id_unidad: ids.kg, id_material_tipo: null })] });
  });

  it('a part line is stored with the material’s code and type from the server, not the client’s', async () => {
    const o = await create({ productos_solicitados: [partLine({ codigo_material: '', id_material_tipo: null }), partLine({ codigo_material: 'OTRO-CODIGO' })] });
    const parts = (await form(o.id)).productos_solicitados as { codigo_material: string; id_material_tipo: number }[];
    expect(parts.map((p) => p.codigo_material)).toEqual(['T-1R0750', 'T-1R0750']);
    expect(parts.map((p) => Number(p.id_material_tipo))).toEqual([ids.tipo, ids.tipo]);
    const [row] = await t.sql`SELECT line->>'codigo_material' AS codigo FROM rm_ot_lineas WHERE line->>'id_material' = ${String(ids.material)} ORDER BY id DESC LIMIT 1`;
    expect(row.codigo).toBe('T-1R0750');
    // A request for a new material keeps no code; its type must exist.
    const ask = { id_material: null, solicitud_material: 1, descripcion: 'Sello de 90 mm', codigo_material: 'INVENTADO' };
    const asked = await create({ productos_solicitados: [partLine(ask)] });
    expect(((await form(asked.id)).productos_solicitados as { codigo_material: string }[])[0].codigo_material).toBe('');
    const badType = await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: fields({ productos_solicitados: [partLine({ ...ask, id_material_tipo: 999_999 })] }) });
    expect(badType.status).toBe(422);
    expect(badType.body.errors['productos_solicitados.0.id_material_tipo']).toBe('El tipo de material no existe');
  });

  it('operator, mechanic and supervisor must be active people of their profile working at the order’s site', async () => {
    const before = await eventCount();
    const mecanicoOtraObra = await person(14, ids.otraObra);
    const supervisorOtraObra = await person(15, ids.otraObra);
    const countAfterPeople = await eventCount();
    expect(countAfterPeople).toBeGreaterThan(before);
    const r = await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: fields({ id_mecanico: mecanicoOtraObra, id_supervisor: supervisorOtraObra, id_operador: ids.mecanico }) });
    expect(r.status).toBe(422);
    expect(r.body.errors).toMatchObject({
      id_mecanico: 'El trabajador no trabaja en la obra elegida',
      id_supervisor: 'El trabajador no trabaja en la obra elegida',
      id_operador: 'El trabajador no es un operador',
    });
    expect(await eventCount()).toBe(countAfterPeople);
    // People of the order's own site (or of every site) are accepted.
    const mecanicoObra = await person(14, ids.obra);
    const o = await create({ id_mecanico: mecanicoObra, id_supervisor: await person(15, ids.otraObra, 1) });
    expect((await form(o.id)).id_mecanico).toBe(mecanicoObra);
  });
});

describe('the save is one command (execute)', () => {
  async function counters() {
    const rows = await t.sql<{ name: string; last_id: number }[]>`SELECT name, last_id FROM es_id_counters WHERE name IN ('work_order', 'work_order_line')`;
    const [site] = await t.sql<{ last: number }[]>`SELECT last FROM ot_site_counters WHERE id_obra = ${ids.obra}`;
    const last = (name: string) => Number(rows.find((r) => r.name === name)?.last_id ?? 0);
    return { work_order: last('work_order'), work_order_line: last('work_order_line'), site: Number(site?.last ?? 0) };
  }

  it('a new order the decider refuses burns no order id, no line id and no OT code', async () => {
    const first = await create();
    const before = await counters();
    const events = await eventCount();
    const refused = await t.call('POST', '/ordenes_trabajo/create', {
      token: admin,
      json: fields({ diagnosticos: [workLine({ id_grupo_funcional_elemento: null }), workLine()], productos_solicitados: [partLine({ id_unidad: ids.kg })] }),
    });
    expect(refused.status).toBe(422);
    expect(await counters()).toEqual(before);
    expect(await eventCount()).toBe(events);
    // The next order takes the very next id and code.
    const next = await create();
    expect(next.id).toBe(before.work_order + 1);
    const number = (codigo: string) => Number(codigo.slice(-6));
    expect(number(next.codigo)).toBe(number(first.codigo) + 1);
  });

  it("a replica and its original commit together: a conflict on the original leaves no new order and burns nothing", async () => {
    const o = await create();
    const { version } = await form(o.id);
    await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: fields({ id: o.id, version, terminado: 1, diagnosticos: [], intervenciones: [], productos_solicitados: [] }) });
    const item = (await t.call('GET', '/ordenes_trabajo/form', { token: admin, query: { id: o.id, replicar: 'true' } })).body.item as Record<string, unknown>;

    // Another command has appended to the original and not committed yet: the replica's save
    // reads the original's committed version and waits on its append.
    let appended!: () => void;
    const isAppended = new Promise<void>((r) => (appended = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const other = execute(t.store, async (c) => (await c.load(workOrders, o.id)).decide({ type: 'MarkReplicated', id_replica: 987_654, actor: { id: ids.supervisor, roleId: 15, canCreateRequest: false } }), {
      metadata,
      within: async () => {
        appended();
        await released;
      },
    });
    await isAppended;
    const before = await counters();
    const events = await eventCount();
    const save = t.call('POST', '/ordenes_trabajo/create', { token: admin, json: fields({ ...item, id: 0, version: 0, rechazado_id: o.id, documentos: [] }) });
    for (let i = 0; i < 100; i++) {
      const [{ waiting }] = await t.sql<{ waiting: number }[]>`
        SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
      if (waiting) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    release();
    await other;
    const r = await save;
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('El registro fue modificado por otro usuario. Vuelva a cargarlo e intente nuevamente.');
    // Only the other command's event was stored; no new order, no id or code burnt.
    expect(await eventCount()).toBe(events + 1);
    expect(await counters()).toEqual(before);
    const [{ n }] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_ordenes_trabajo WHERE rechazado_id = ${o.id}`;
    expect(n).toBe(0);
  });
});
