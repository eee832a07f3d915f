import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../../events/execute';
import { updateRecord } from '../../../events/record/commands';
import { workOrders } from '../../../events/work-order/decider';
import type { SiteOrderLine } from '../../../events/work-order/types';
import { rebuildProjection } from '../../../projections/rebuild';
import { traceabilityProjection } from '../../../projections/traceability';
import { useTestApi } from '../../../tests/harness/api';
import { otPeople } from '../../../tests/harness/work-order-fixture';
import { createPlainMachine } from '../../../tests/harness/equipment';
import { catchUpProjections } from '../../../tests/harness/catch-up';

// Issue 18: the traceability projection and its calls with the issue's numbers. Orders opened
// through the API, then attended by the site warehouse through the work order's decider at chosen
// instants (DecisionStamp): three orders attended 2.5, 4 and 6 hours after they were opened.

const t = useTestApi();
const tokens = { admin: '', storekeeper: '' };
const ids = { obra: 0, otraObra: 0, equipo: 0, equipoOtra: 0, operador: 0, mecanico: 0, supervisor: 0, storekeeper: 0 };

const catchUp = () => catchUpProjections(t.sql, t.store, [traceabilityProjection]);

async function openOrder(id_obra: number, id_equipo: number, apertura: string) {
  const r = await t.call('POST', '/ordenes_trabajo/create', { token: tokens.admin, json: {
    id: 0, version: 0, id_obra, id_equipo, placa_equipo: '', serie_equipo: 'S-1', fecha_parada: apertura, fecha_puesta_marcha: '',
    fecha_apertura_ot: apertura, fecha_cierre_ot: '', horometro_parada: '', horometro_puesta_marcha: '', horometro_apertura_ot: '1200',
    horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '', id_operador: ids.operador, id_mecanico: ids.mecanico,
    id_supervisor: ids.supervisor, firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 1, terminado: 0,
    diagnosticos: [], intervenciones: [], documentos: [], productos_solicitados: [],
  } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = r.body.id as number;
  const [e] = await t.sql<{ at: Date }[]>`SELECT occurred_at AS at FROM es_events WHERE stream_id = ${`work_order-${id}`} AND event_type = 'WorkOrderOpened'`;
  return { id, codigo: r.body.codigo as string, opened: e.at };
}

/** The site warehouse attends the order's (empty) Pedido `hours` after it was opened. */
async function attendAfter(order: { id: number; opened: Date }, hours: number) {
  await execute(t.store, async (c) => {
    const s = await c.load(workOrders, order.id);
    s.decide({ type: 'SaveSiteOrder', lines: [] as SiteOrderLine[], terminado: true, allowedUnits: {}, stockAvailable: {}, by: ids.storekeeper }, { occurredAt: new Date(order.opened.getTime() + hours * 3_600_000) });
  });
}

const all = (body: Record<string, unknown>) => t.call('POST', '/trazabilidad/getInfoLTAll', { token: tokens.admin, json: body });

let orders: { id: number; codigo: string; opened: Date }[] = [];

beforeAll(async () => {
  tokens.admin = await t.login('admin@faena.pe');
  const one = async (q: Promise<{ id: number }[]>) => Number((await q)[0].id);
  ids.obra = await one(t.sql`SELECT id FROM rm_obras ORDER BY id LIMIT 1`);
  ids.otraObra = await one(t.sql`SELECT id FROM rm_obras ORDER BY id OFFSET 1 LIMIT 1`);
  Object.assign(ids, await otPeople(t.sql));
  ids.storekeeper = await one(t.sql`SELECT id FROM rm_users WHERE email = 'almacen.obra@faena.pe'`);
  await updateRecord(t.store, 'user', ids.storekeeper, { id_obra: ids.obra, all_works: 0 }, { metadata: { userId: null, requestId: 'fixture' } });
  tokens.storekeeper = await t.login('almacen.obra@faena.pe');
  ids.equipo = await createPlainMachine(t.store, t.sql, ids.obra, 'T-TZ-001');
  ids.equipoOtra = await createPlainMachine(t.store, t.sql, ids.otraObra, 'T-TZ-002');
  orders = [await openOrder(ids.obra, ids.equipo, '2026-03-02 08:00'), await openOrder(ids.obra, ids.equipo, '2026-03-03 08:00'), await openOrder(ids.otraObra, ids.equipoOtra, '2026-03-04 08:00')];
  await attendAfter(orders[0], 2.5);
  await attendAfter(orders[1], 4);
  await attendAfter(orders[2], 6);
  await catchUp();
}, 180_000);

describe('traceability (seed 002 §7, issue 18)', () => {
  it('three orders attended 2.5, 4 and 6 h after opening: ATENDIO min 2.50, promedio 4.17, max 6.00, median 4.00; the bottleneck is that milestone', async () => {
    const r = await all({ ots: orders.map((o) => o.id), estado_ot_abierto: 1, estado_ot_cerrado: 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.conteo).toBe(3);
    const items = r.body.items as { id: string; conteo: number; data: Record<string, number> }[];
    expect(items).toHaveLength(18);
    expect(items[0]).toMatchObject({ id: 'CREO_ORDEN_DE_TRABAJO', conteo: 3, data: { min: 0, promedio: 0, max: 0 } });
    expect(items[1]).toMatchObject({ id: 'ATENDIO_ORDEN_DE_TRABAJO', conteo: 3, data: { min: 2.5, promedio: 4.17, max: 6, mediana: 4, p90: 5.6 } });
    expect(items[17]).toMatchObject({ id: 'CERRO_ORDEN_DE_TRABAJO', conteo: 0, data: { min: 0, promedio: 0, max: 0 } });
    expect(r.body.cuello).toBe('ATENDIO_ORDEN_DE_TRABAJO');
  });

  it('the state filter as seed 002 §5 says: neither → none; both → all; Cerradas → estado 3; Abiertas → 1', async () => {
    const [closed] = await t.sql<{ id: number }[]>`SELECT id_orden_trabajo::int AS id FROM rm_trazabilidad WHERE estado_ot = 3 ORDER BY id_orden_trabajo LIMIT 1`;
    expect(closed, 'the demo has closed orders').toBeTruthy();
    const ots = [...orders.map((o) => o.id), closed.id];
    expect((await all({ ots, estado_ot_abierto: 0, estado_ot_cerrado: 0 })).body.conteo).toBe(0);
    expect((await all({ ots, estado_ot_abierto: 1, estado_ot_cerrado: 1 })).body.conteo).toBe(4);
    expect((await all({ ots, estado_ot_abierto: 0, estado_ot_cerrado: 1 })).body.conteo).toBe(1);
    expect((await all({ ots, estado_ot_abierto: 1, estado_ot_cerrado: 0 })).body.conteo).toBe(3);
    // The opening-date range applies only with both ends; sites and groups narrow it.
    expect((await all({ ots, estado_ot_abierto: 1, date_from: '2026-03-03', date_to: '2026-03-04' })).body.conteo).toBe(2);
    expect((await all({ ots, estado_ot_abierto: 1, date_from: '2026-03-03' })).body.conteo).toBe(3);
    expect((await all({ ots, estado_ot_abierto: 1, id_obras: [ids.otraObra] })).body.conteo).toBe(1);
    const lookup = await t.call('GET', '/fil_datas/ordenTrabajoLT', { token: tokens.admin, query: { details: 1, estado_ot_abierto: 1, id_obras: String(ids.obra), date_from: '2026-03-02', date_to: '2026-03-03', search: orders[1].codigo } });
    expect(lookup.status).toBe(200);
    expect(lookup.body.items).toEqual([expect.objectContaining({ value: orders[1].id, label: orders[1].codigo })]);
    expect(lookup.body.conteo).toBeGreaterThanOrEqual(2);
    // Cancelled orders never appear.
    await execute(t.store, async (c) => (await c.load(workOrders, orders[2].id)).decide({ type: 'CancelWorkOrder', actor: { id: 1, roleId: 1, canCreateRequest: true } }));
    await catchUp();
    const after = (await all({ ots, estado_ot_abierto: 1, estado_ot_cerrado: 1 })).body;
    expect(after.conteo).toBe(3);
    // The statistics' rows (rm_trazabilidad_hitos) follow the order's state too.
    expect((after.items as unknown[])[0]).toMatchObject({ id: 'CREO_ORDEN_DE_TRABAJO', conteo: 3 });
  });

  it("one order's timeline: each milestone's date, the previous reached one's, the duration in minutes and as text; the header", async () => {
    const r = await t.call('GET', '/trazabilidad/getInfoLT', { token: tokens.admin, query: { id_ot: orders[0].id } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const item = r.body.item as { id: string; fecha: string | null; fecha_anterior: string | null; duration: number; duration_show: string }[];
    expect(item[0]).toMatchObject({ id: 'CREO_ORDEN_DE_TRABAJO', fecha: orders[0].opened.toISOString(), fecha_anterior: null, duration: 0 });
    expect(item[1]).toMatchObject({ id: 'ATENDIO_ORDEN_DE_TRABAJO', fecha_anterior: orders[0].opened.toISOString(), duration: 150, duration_show: '2 h 30 min' });
    expect(item[2]).toMatchObject({ fecha: null, duration: 0, duration_show: '' });
    expect(r.body.orden_trabajo).toMatchObject({ id: orders[0].id, codigo: orders[0].codigo, estado_nombre: 'Abierta', fecha_apertura_ot: '2026-03-02 08:00', fecha_cierre_ot: null });
    // A site-scoped user does not see another site's order.
    const other = await t.call('GET', '/trazabilidad/getInfoLT', { token: tokens.storekeeper, query: { id_ot: orders[2].id } });
    expect([403, 404]).toContain(other.status);
    expect((await t.call('GET', '/trazabilidad/getInfoLT', { token: tokens.admin, query: { id_ot: 'x' } })).status).toBe(422);
    expect((await t.call('GET', '/trazabilidad/getInfoLT', { token: tokens.admin, query: { id_ot: 999_999 } })).status).toBe(404);
  });

  it('GET /trazabilidad gives the filters\' options; bad input is 422', async () => {
    const r = await t.call('GET', '/trazabilidad', { token: tokens.admin, query: { date_from: '2026-03-02', date_to: '2026-03-04', all_ots: 1 } });
    expect(r.status).toBe(200);
    expect((r.body.obras as unknown[]).length).toBeGreaterThan(1);
    expect((r.body.items as { id: number }[]).map((i) => i.id)).toEqual(expect.arrayContaining([orders[0].id, orders[1].id]));
    expect((await all({ id_obras: 'a,b' })).status).toBe(422);
    expect((await t.call('GET', '/trazabilidad', { token: tokens.admin, query: { date_from: '2026-02-31' } })).status).toBe(422);
  });

  it('exports the table behind the global chart as xlsx (the JSON call\'s items, row for row) and PDF; bad kind 422; 403 without either traceability module', async () => {
    const filters = { ots: orders.slice(0, 2).map((o) => o.id).join(','), estado_ot_abierto: '1', estado_ot_cerrado: '1', date_from: '2026-03-01', date_to: '2026-03-31' };
    const json = await all({ ...filters, ots: orders.slice(0, 2).map((o) => o.id) });
    expect(json.status).toBe(200);
    const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    const res = await t.raw('GET', `/trazabilidad/getInfoLTAll/export?${new URLSearchParams({ ...filters, kind: 'xlsx' })}`, auth(tokens.admin));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('trazabilidad-global_');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    const rows: unknown[][] = [];
    sheet.eachRow((row) => void rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Hito', 'OT', 'Mínimo (h)', 'Promedio (h)', 'Máximo (h)', 'Mediana (h)', 'P90 (h)']);
    const items = json.body.items as { nombre: string; conteo: number; data: Record<string, number> }[];
    expect(rows.slice(1)).toEqual(items.map((m) => [m.nombre, m.conteo, m.data.min, m.data.promedio, m.data.max, m.data.mediana, m.data.p90]));
    // The attended milestone of the two orders (2.5 and 4 h) is there with its figures.
    expect(rows[2]).toEqual(['Atendió la orden de trabajo', 2, 2.5, 3.25, 4, 3.25, 3.85]);

    const pdf = await t.raw('GET', `/trazabilidad/getInfoLTAll/export?${new URLSearchParams({ ...filters, kind: 'pdf' })}`, auth(tokens.admin));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    expect((await t.call('GET', '/trazabilidad/getInfoLTAll/export', { token: tokens.admin, query: { ...filters, kind: 'csv' } })).status).toBe(422);
    expect((await t.call('GET', '/trazabilidad/getInfoLTAll/export', { token: tokens.admin, query: { ...filters, id_obras: 'a', kind: 'xlsx' } })).status).toBe(422);
    // The mechanic's profile has neither screen; the supervisor's has the per-OT one, which is enough.
    const mecanico = await t.login('mecanico@faena.pe');
    expect((await t.call('GET', '/trazabilidad/getInfoLTAll/export', { token: mecanico, query: { ...filters, kind: 'xlsx' } })).status).toBe(403);
    const supervisor = await t.login('supervisor@faena.pe');
    const own = await t.raw('GET', `/trazabilidad/getInfoLTAll/export?${new URLSearchParams({ ...filters, kind: 'pdf' })}`, auth(supervisor));
    expect(own.status).toBe(200);
    await own.arrayBuffer();
    expect((await t.call('GET', '/trazabilidad/getInfoLTAll/export', { query: { ...filters, kind: 'xlsx' } })).status).toBe(401);
  });

  it('rebuilt from the events, the traceability rows equal the live ones', async () => {
    const tables = ['rm_trazabilidad', 'rm_trazabilidad_hitos', 'rm_trazabilidad_solicitudes', 'rm_trazabilidad_ordenes_compra'];
    const read = async () => Promise.all(tables.map((x) => t.sql.unsafe(`SELECT * FROM ${x} ORDER BY 1, 2`)));
    const live = await read();
    expect(live[0].length).toBeGreaterThan(3);
    await rebuildProjection(t.sql, t.store, traceabilityProjection, 'async');
    expect(await read()).toEqual(live);
  });
});
