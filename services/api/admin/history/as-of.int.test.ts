import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../../../../events/decider';
import { purchaseRequests } from '../../../../events/purchase-request/decider';
import { createRecord, recordAggregate, setRecordEnabled, updateRecord } from '../../../../events/record/commands';
import { users } from '../../../../events/record/user';
import { streamIdOf } from '../../../../events/store';
import type { Event, RecordedEvent } from '../../../../events/types';
import { workOrders } from '../../../../events/work-order/decider';
import { useTestApi } from '../../../../tests/harness/api';
import { createFunctionalElement, otPeople } from '../../../../tests/harness/work-order-fixture';
import { createPlainMachine } from '../../../../tests/harness/equipment';
import { hashPassword } from '../../auth/internal/password';
import { MSG_BAD_INSTANT } from './history-routes';
import { MSG_DID_NOT_EXIST } from './record-as-of';

// Time travel (issue 18): GET /history/asOf folds a record's events up to an instant with its
// aggregate's own decider; GET /history/export downloads every event. The expected states are
// folded here from the stored events, filtered by their recorded instant, independently of the
// route.
const api = useTestApi();
const metadata = { userId: null, requestId: 'fixture' };

type Folder = { initialState(): unknown; evolve(state: unknown, event: Event): unknown };
type Scripted = { streamType: string; id: number; decider: Folder };

let admin = '';
const ids = { obra: 0, otraObra: 0, equipo: 0, elemento: 0, grupo: 0, operador: 0, mecanico: 0, supervisor: 0, unidad: 0 };
const scripted: Record<string, Scripted> = {};

function workLine(over: Record<string, unknown> = {}) {
  return { id: 0, id_grupo_funcional: ids.grupo, id_grupo_funcional_elemento: ids.elemento, descripcion: 'Fuga en la bomba', horas: 1, minutos: 30, observacion: '', ...over };
}

function orderFields(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 0, version: 0, id_obra: ids.obra, id_equipo: ids.equipo, placa_equipo: '', serie_equipo: 'S-T-ASOF-1', fecha_parada: '2026-11-20 08:00',
    fecha_puesta_marcha: '2026-11-20 17:45', fecha_apertura_ot: '2026-11-20 08:30', fecha_cierre_ot: '', horometro_parada: '1200.5',
    horometro_puesta_marcha: '1208', horometro_apertura_ot: '1200.5', horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '',
    id_operador: ids.operador, id_mecanico: ids.mecanico, id_supervisor: ids.supervisor, firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0,
    sin_productos: 1, terminado: 0, diagnosticos: [workLine()], intervenciones: [], productos_solicitados: [], documentos: [], ...over,
  };
}

async function ok(r: Promise<{ status: number; body: Record<string, unknown> & { msg: string } }>) {
  const reply = await r;
  expect(reply.status, reply.body.msg).toBe(200);
  return reply.body;
}

async function storedEvents(s: Scripted): Promise<RecordedEvent[]> {
  return api.store.readStream(streamIdOf(s.streamType, s.id));
}

/** When each transaction's events became the record's: the instant of its last event. */
function commitTimes(events: RecordedEvent[]): Map<string, number> {
  const times = new Map<string, number>();
  for (const e of events) times.set(e.transactionId, Math.max(times.get(e.transactionId) ?? 0, e.recordedAt.getTime()));
  return times;
}

/** The state the record had at `at`, folded here from the stored events of the transactions
 * whose last event was recorded by then (to the millisecond, as instants travel in JSON), as JSON
 * sends it. */
function expectedAt(s: Scripted, events: RecordedEvent[], at: Date) {
  const times = commitTimes(events);
  const upTo = events.filter((e) => times.get(e.transactionId)! <= at.getTime());
  return { upTo, state: JSON.parse(JSON.stringify(fold(s.decider, upTo))) as unknown };
}

beforeAll(async () => {
  admin = await api.login('admin@faena.pe');
  const one = async (q: Promise<{ id: number }[]>) => Number((await q)[0].id);
  ids.obra = await one(api.sql`SELECT id FROM rm_obras WHERE estado = 1 ORDER BY id LIMIT 1`);
  ids.otraObra = await one(api.sql`SELECT id FROM rm_obras WHERE estado = 1 ORDER BY id OFFSET 1 LIMIT 1`);
  Object.assign(ids, await otPeople(api.sql));
  ids.unidad = await one(api.sql`SELECT id FROM rm_unidades ORDER BY id LIMIT 1`);
  Object.assign(ids, await createFunctionalElement(api.store, { sigla: 'TAO', nombre: 'Sistema de prueba (as-of)' }, { numero: '98.01', nombre: 'Bomba (as-of)' }));

  // An equipment: created, renamed, disabled.
  ids.equipo = await createPlainMachine(api.store, api.sql, ids.obra, 'T-ASOF-1');
  await updateRecord(api.store, 'equipo', ids.equipo, { placa: 'ABC-123' }, { metadata });

  // A work order: opened (with its first save), lines saved, a mechanical close, the total close.
  const opened = (await ok(api.call('POST', '/ordenes_trabajo/create', { token: admin, json: orderFields() }))) as unknown as { id: number; version: number };
  const form = (await ok(api.call('GET', '/ordenes_trabajo/form', { token: admin, query: { id: opened.id } }))).item as { diagnosticos: { id: number }[] };
  const diagnosis = form.diagnosticos[0].id;
  const saved = (await ok(api.call('POST', '/ordenes_trabajo/create', {
    token: admin,
    json: orderFields({ id: opened.id, version: opened.version, diagnosticos: [workLine({ id: diagnosis, descripcion: 'Fuga en el sello' })], intervenciones: [workLine({ descripcion: 'Cambio de sellos' })] }),
  }))) as unknown as { version: number };
  const mechanical = (await ok(api.call('POST', '/ordenes_trabajo/create', {
    token: admin, json: orderFields({ id: opened.id, version: saved.version, kilometraje: '350', diagnosticos: [workLine({ id: diagnosis, descripcion: 'Fuga en el sello' })] }),
  }))) as unknown as { version: number };
  const full = (await ok(api.call('GET', '/ordenes_trabajo/form', { token: admin, query: { id: opened.id } }))).item as { diagnosticos: { id: number }[]; intervenciones: { id: number }[] };
  await ok(api.call('POST', '/ordenes_trabajo/create', {
    token: admin,
    json: orderFields({
      id: opened.id, version: mechanical.version, kilometraje: '350', fecha_cierre_ot: '2026-11-20 17:00', terminado: 1,
      diagnosticos: full.diagnosticos.map((d) => workLine({ id: d.id, descripcion: 'Fuga en el sello' })), intervenciones: full.intervenciones.map((d) => workLine({ id: d.id, descripcion: 'Cambio de sellos' })),
    }),
  }));
  scripted.work_order = { streamType: 'work_order', id: opened.id, decider: workOrders.decider };

  // A purchase request: registered, then edited.
  const request = (await ok(api.call('POST', '/solicitudes_compras/create_not_ot', {
    token: admin,
    json: {
      id: 0, tipo: 'compra', id_obra: ids.obra, id_solicitudes_tipo: 2, fecha_requerimiento: '2026-12-15', descripcion_trabajo: 'Filtros (as-of)',
      productos_solicitados: [{ id: 0, id_material: null, descripcion: 'Manguera 1/2"', id_unidad: ids.unidad, cantidad_solicitada_por_almacen_obra: 2 }],
    },
  }))) as unknown as { id: number; version: number; item: { productos_solicitados: { id: number }[] } };
  await ok(api.call('POST', '/solicitudes_compras/create_not_ot', {
    token: admin,
    json: {
      id: request.id, version: request.version, tipo: 'compra', id_obra: ids.obra, id_solicitudes_tipo: 2, fecha_requerimiento: '2026-12-20', descripcion_trabajo: 'Filtros y mangueras (as-of)',
      productos_solicitados: [{ id: request.item.productos_solicitados[0].id, id_material: null, descripcion: 'Manguera 1/2"', id_unidad: ids.unidad, cantidad_solicitada_por_almacen_obra: 3 }],
    },
  }));
  scripted.purchase_request = { streamType: 'purchase_request', id: request.id, decider: purchaseRequests.decider };

  // A user, a profile and a master-data record: created, changed, disabled.
  const user = (await createRecord(api.store, 'user', { id_role: 15, id_obra: ids.obra, name: 'Tomás', surname: 'Tiempo', document: '49900077', email: 'tomas.tiempo@faena.pe', all_works: 0, estado: 1 }, { metadata })).id;
  await updateRecord(api.store, 'user', user, { phone: '999 000 111' }, { metadata });
  await setRecordEnabled(api.store, 'user', user, false, { metadata });
  scripted.user = { streamType: 'user', id: user, decider: users.decider };
  const role = (await createRecord(api.store, 'role', { name: 'Auditor de prueba', id_type_user: 1, id_module: null, system_user: 0, admin: 0, menu_collapsed: 0, horometros: 0, protected: 0, estado: 1 }, { metadata })).id;
  await updateRecord(api.store, 'role', role, { name: 'Auditor externo' }, { metadata });
  scripted.role = { streamType: 'role', id: role, decider: recordAggregate('role').decider };
  const marca = (await ok(api.call('POST', '/marcas/create', { token: admin, json: { id: 0, nombre: 'Tiempo' } })).then((b) => b.item)) as { id: number };
  await ok(api.call('POST', '/marcas/create', { token: admin, json: { id: marca.id, nombre: 'Tiempo CE' } }));
  await ok(api.call('POST', '/marcas/disable', { token: admin, json: { id: marca.id } }));
  scripted.marca = { streamType: 'marca', id: marca.id, decider: recordAggregate('marca').decider };
  await updateRecord(api.store, 'equipo', ids.equipo, { placa: 'ABC-124' }, { metadata });
  scripted.equipo = { streamType: 'equipo', id: ids.equipo, decider: recordAggregate('equipo').decider };
}, 120_000);

type AsOf = {
  version: number; at: string; recorded_at: string; current_version: number; state: Record<string, unknown>;
  changes_since: { version: number; type: string; changes: { field: string; from: unknown; to: unknown }[] }[];
};

describe('GET /history/asOf', () => {
  it('for every aggregate type, at instants between and around its events, the state folded from the events up to then', async () => {
    // A fixed seed: a failure names instants that can be replayed.
    let seed = 18;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (const [name, s] of Object.entries(scripted)) {
      const events = await storedEvents(s);
      expect(events.length, name).toBeGreaterThan(1);
      const first = events[0].recordedAt.getTime();
      const last = events[events.length - 1].recordedAt.getTime();
      const instants = new Set<number>();
      for (const e of events) for (const d of [-1, 0, 1]) instants.add(e.recordedAt.getTime() + d);
      for (let i = 0; i < 12; i++) instants.add(Math.round(first + (last - first) * random()));
      instants.add(last + 60_000);
      for (const t of [...instants].sort((a, b) => a - b)) {
        const at = new Date(t);
        const r = await api.call('GET', '/history/asOf', { token: admin, query: { stream_type: s.streamType, id: s.id, at: at.toISOString() } });
        const { upTo, state } = expectedAt(s, events, at);
        if (!upTo.length) {
          expect(r.status, `${name} at ${at.toISOString()}`).toBe(404);
          expect(r.body.msg).toBe(MSG_DID_NOT_EXIST);
          continue;
        }
        expect(r.status, `${name} at ${at.toISOString()}: ${r.body.msg}`).toBe(200);
        const body = r.body as unknown as AsOf;
        expect(body.state, `${name} at ${at.toISOString()}`).toEqual(state);
        expect(body.version).toBe(upTo[upTo.length - 1].version);
        expect(body.current_version).toBe(events[events.length - 1].version);
        expect(body.at).toBe(at.toISOString());
        expect(body.changes_since.map((c) => c.version)).toEqual(events.slice(upTo.length).map((e) => e.version));
        // Outside every transaction's span of instants, the store's own time travel reads the same events.
        const spans = [...commitTimes(events).keys()].map((tx) => events.filter((e) => e.transactionId === tx).map((e) => e.recordedAt.getTime()));
        if (!spans.some((span) => t >= Math.min(...span) - 1 && t <= Math.max(...span) + 1)) {
          const read = await api.store.readStream(streamIdOf(s.streamType, s.id), { toInstant: at });
          expect(read.map((e) => e.version)).toEqual(upTo.map((e) => e.version));
        }
      }
    }
  });

  it('the work order before its mechanical close: open, its first lines, and the later changes field by field', async () => {
    const s = scripted.work_order;
    const events = await storedEvents(s);
    const saves = events.filter((e) => e.type === 'WorkOrderSaved');
    expect(saves.length).toBe(3);
    // Just before the second save's events: the order as its first save left it.
    const secondSaveStart = events.find((e) => e.version > saves[0].version)!;
    const at = new Date(secondSaveStart.recordedAt.getTime() - 1);
    const body = (await ok(api.call('GET', '/history/asOf', { token: admin, query: { stream_type: 'work_order', id: s.id, at: at.toISOString() } }))) as unknown as AsOf;
    expect(body.state).toMatchObject({ status: 'abierto', header: { kilometraje: null } });
    const lines = body.state.lines as Record<string, Record<string, { descripcion: string }>>;
    expect(Object.values(lines.diagnosticos).map((l) => l.descripcion)).toEqual(['Fuga en la bomba']);
    expect(Object.keys(lines.intervenciones)).toEqual([]);
    expect(body.changes_since.map((c) => c.type)).toContain('WorkOrderClosed');
    expect(body.changes_since.flatMap((c) => c.changes.map((x) => x.field))).toContain('changes');
    const now = (await ok(api.call('GET', '/history/asOf', { token: admin, query: { stream_type: 'work_order', id: s.id, at: new Date().toISOString() } }))) as unknown as AsOf;
    expect(now.state.status).toBe('cerrado');
    expect(now.changes_since).toEqual([]);
    // GET /history names one moment per save (each a transaction), at the version it reached.
    const history = await ok(api.call('GET', '/history', { token: admin, query: { stream_type: 'work_order', id: s.id } }));
    const ends = events.filter((e) => e.type === 'WorkOrderSaved' || e.type === 'WorkOrderClosed');
    expect(history.moments).toEqual(ends.map((e) => ({ at: events.filter((x) => x.transactionId === e.transactionId).at(-1)!.recordedAt.toISOString(), version: e.version })));
    // Between two events of one save, the order is as before that save: no half-saved state.
    const opening = events.filter((e) => e.transactionId === events[0].transactionId);
    const middle = new Date(opening[0].recordedAt.getTime());
    if (opening[opening.length - 1].recordedAt.getTime() > middle.getTime()) {
      const r = await api.call('GET', '/history/asOf', { token: admin, query: { stream_type: 'work_order', id: s.id, at: middle.toISOString() } });
      expect(r.status).toBe(404);
    }
  });

  it('a site-scoped user gets 404 for another site’s record and 200 for their own; without the module 403', async () => {
    const hash = await hashPassword('Faena2026!');
    const user = async (email: string, id_obra: number, document: string) =>
      createRecord(api.store, 'user', { id_role: 15, id_obra, name: 'Sara', surname: 'Sitio', document, email, all_works: 0, estado: 1 }, {
        within: async (tx, events) => void (await tx`INSERT INTO auth_credentials (id_user, password_hash) VALUES (${Number(events[0].data.id)}, ${hash})`),
      });
    await user('sara.otra@faena.pe', ids.otraObra, '49900081');
    await user('sara.propia@faena.pe', ids.obra, '49900082');
    const other = await api.login('sara.otra@faena.pe');
    const own = await api.login('sara.propia@faena.pe');
    const at = new Date().toISOString();
    for (const name of ['work_order', 'purchase_request'] as const) {
      const s = scripted[name];
      const query = { stream_type: s.streamType, id: s.id, at };
      expect((await api.call('GET', '/history/asOf', { token: other, query })).status, name).toBe(404);
      expect((await api.call('GET', '/history/asOf', { token: own, query })).status, name).toBe(200);
      expect((await api.call('GET', '/history/export', { token: other, query: { stream_type: s.streamType, id: s.id, kind: 'xlsx' } })).status, name).toBe(404);
    }
    const asistente = await api.login('asistente@faena.pe'); // no /users, no master data
    for (const name of ['user', 'marca'] as const) {
      const s = scripted[name];
      const r = await api.call('GET', '/history/asOf', { token: asistente, query: { stream_type: s.streamType, id: s.id, at } });
      expect(r.status, name).toBe(403);
      expect(r.body.ok).toBe(false);
      expect((await api.call('GET', '/history/export', { token: asistente, query: { stream_type: s.streamType, id: s.id, kind: 'pdf' } })).status, name).toBe(403);
    }
    expect((await api.call('GET', '/history/asOf', { query: { stream_type: 'marca', id: scripted.marca.id, at } })).status).toBe(401);
  });

  it('bad input is a 422 with the field named; a record without events, or before its first, a 404', async () => {
    const marca = scripted.marca.id;
    for (const at of ['ayer', '2026-13-45T10:00:00Z', '2026-11-20', '', '0000-01-01T00:00:00Z']) {
      const r = await api.call('GET', '/history/asOf', { token: admin, query: { stream_type: 'marca', id: marca, at } });
      expect(r.status, at).toBe(422);
      expect(r.body).toMatchObject({ ok: false });
      expect(Object.keys(r.body.errors), at).toEqual(['at']);
    }
    const bad = await api.call('GET', '/history/asOf', { token: admin, query: { stream_type: 'marca; --', id: 'x', at: 'x' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ stream_type: 'Tipo de registro no válido', id: 'Identificador inválido', at: MSG_BAD_INSTANT });
    const session = await api.call('GET', '/history/asOf', { token: admin, query: { stream_type: 'session', id: 1, at: new Date().toISOString() } });
    expect(session.status).toBe(422);
    const none = await api.call('GET', '/history/asOf', { token: admin, query: { stream_type: 'marca', id: 999999, at: new Date().toISOString() } });
    expect(none.status).toBe(404);
    const [first] = await storedEvents(scripted.marca);
    const before = await api.call('GET', '/history/asOf', { token: admin, query: { stream_type: 'marca', id: marca, at: new Date(first.recordedAt.getTime() - 1).toISOString() } });
    expect(before.status).toBe(404);
    expect(before.body).toMatchObject({ ok: false, msg: MSG_DID_NOT_EXIST });
    // An instant with an offset names the same moment.
    const offset = await api.call('GET', '/history/asOf', { token: admin, query: { stream_type: 'marca', id: marca, at: '2999-01-01T00:00:00-05:00' } });
    expect(offset.status).toBe(200);
    expect(offset.body.at).toBe('2999-01-01T05:00:00.000Z');
  });
});

describe('GET /history/export', () => {
  it('downloads every event of the work order with who, when, session and before → after (xlsx), and a PDF', async () => {
    const s = scripted.work_order;
    const events = await storedEvents(s);
    const res = await api.raw('GET', `/history/export?stream_type=work_order&id=${s.id}&kind=xlsx`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain(`historial-work_order-${s.id}_`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Versión', 'Cuándo', 'Evento', 'Quién', 'Usuario real (iniciar sesión como)', 'Sesión', 'Campo', 'Antes', 'Después']);
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => void (n > 1 && rows.push((row.values as unknown[]).slice(1))));
    expect([...new Set(rows.map((r) => Number(r[0])))]).toEqual(events.map((e) => e.version));
    const ana = 'Ana Quispe Rojas';
    expect(rows.every((r) => r[3] === ana)).toBe(true);
    const [session] = await api.sql`SELECT s.id::text AS id FROM auth_sessions s JOIN rm_users u ON u.id = s.id_user WHERE u.email = 'admin@faena.pe' ORDER BY s.date_created DESC LIMIT 1`;
    expect(rows.some((r) => r[5] === session.id)).toBe(true);
    const closed = events.find((e) => e.type === 'WorkOrderClosed')!;
    expect(rows.find((r) => Number(r[0]) === closed.version)?.[2]).toBe('Cierre total');
    const renamed = rows.find((r) => r[6] === 'changes' && String(r[8]).includes('Fuga en el sello'));
    expect(renamed).toBeDefined();

    const pdf = await api.raw('GET', `/history/export?stream_type=work_order&id=${s.id}&kind=pdf`, { headers: { authorization: `Bearer ${admin}` } });
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const csv = await api.call('GET', '/history/export', { token: admin, query: { stream_type: 'work_order', id: s.id, kind: 'csv' } });
    expect(csv.status).toBe(422);
  });
});
