import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { execute } from '../../../events/execute';
import { purchaseRequests } from '../../../events/purchase-request/decider';
import type { PurchaseRequestCommand } from '../../../events/purchase-request/types';
import { createRecord } from '../../../events/record/commands';
import { traceabilityProjection } from '../../../projections/traceability';
import { useTestApi } from '../../../tests/harness/api';
import { createFunctionalElement, createMaterialType, otPeople } from '../../../tests/harness/work-order-fixture';
import { createPlainMachine } from '../../../tests/harness/equipment';
import { startSicamSim, type SicamSimServer } from '../../sicam-sim/server';
import { createLogger } from '../../shared/logger';
import { createSicamClient, type SicamClient } from '../../shared/sicam-client';
import { pullMaterialsStatus, runMaterialsPush, SICAM_MATERIALS_PUSH_QUEUE, type MaterialsPushJob } from '../../app/jobs/sicam-materials';
import { MILESTONES } from '@shared/contracts/traceability';
import { catchUpProjections } from '../../../tests/harness/catch-up';

// Issue 18's acceptance: one compra work order walked through the real calls and commands of the
// earlier issues, then its traceability. Two part lines, one of them a material to create (so
// milestones 3 and 4 are reached). Each step runs at its own planned instant: the commands that
// take a DecisionStamp get it, and the calls run with the process clock set to that instant
// (only `Date` is faked, timers stay real), since an event's time is the clock's when it is
// recorded. SICAM's answers are the simulator's (material creation, through the worker's push and
// pull) or the decider commands the worker records (the purchase request's). The projection then
// runs and getInfoLT / getInfoLTAll must give exactly the 14 compra milestones with those instants.

const t = useTestApi();
const log = createLogger({}, true);
const metadata = { userId: null, requestId: 'fixture' };
const ORDER = 'OC-TRAZA-0001';
const GUIA = 'GR-TRAZA-001';
const VALE = 'VS-TRAZA-001';
const HEADER = ['Código Obra', 'Código Recurso', 'Descripción Recurso', 'Unidad', 'Albarán', 'Cantidad', 'Número Orden Compra'];

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** The milestones the walk reaches, each with its time since the previous reached one (a few
 * with seconds, to see the rounding up) and that duration as getInfoLT writes it. */
const PLAN = [
  { n: 1, gap: 0, show: '0 min' },
  { n: 2, gap: 2 * HOUR + 30 * MIN, show: '2 h 30 min' },
  { n: 3, gap: 45 * MIN, show: '45 min' },
  { n: 4, gap: DAY + 3 * HOUR + 20_000, show: '1 día 3 h 1 min' },
  { n: 5, gap: 3 * HOUR + 20 * MIN, show: '3 h 20 min' },
  { n: 7, gap: HOUR + 35 * MIN, show: '1 h 35 min' },
  { n: 9, gap: 2 * DAY, show: '2 días' },
  { n: 11, gap: 5 * HOUR + 10 * MIN + 30_000, show: '5 h 11 min' },
  { n: 13, gap: 6 * DAY + 2 * HOUR, show: '6 días 2 h' },
  { n: 14, gap: 40 * MIN, show: '40 min' },
  { n: 15, gap: 3 * HOUR, show: '3 h' },
  { n: 16, gap: DAY + 20 * HOUR + 15 * MIN, show: '1 día 20 h 15 min' },
  { n: 17, gap: 25 * MIN, show: '25 min' },
  { n: 18, gap: 4 * HOUR + 5 * MIN, show: '4 h 5 min' },
];
const COMPRA = PLAN.map((p) => p.n);

/** The order opens at a whole hour some 30 days back (sessions signed in now stay valid at
 * every step); each milestone's instant is the previous one's plus its gap. */
const START = Math.floor((Date.now() - 30 * DAY) / HOUR) * HOUR;
const instants = new Map<number, Date>();
PLAN.reduce((at, p) => {
  instants.set(p.n, new Date(at + p.gap));
  return at + p.gap;
}, START);
const when = (n: number) => instants.get(n)!;
/** Lima's wall clock (UTC−5, no daylight saving), as the forms write dates. */
const lima = (d: Date) => new Date(d.getTime() - 5 * HOUR).toISOString().slice(0, 16).replace('T', ' ');
/** Minutes between two instants, rounded up (the test's own arithmetic). */
const minutes = (from: Date, to: Date) => Math.ceil((to.getTime() - from.getTime()) / MIN);

let sim: SicamSimServer;
let sicam: SicamClient;
const tokens = { admin: '', storekeeper: '', central: '', jefe: '' };
const ids = { obra: 0, equipo: 0, grupo: 0, elemento: 0, tipo: 0, und: 0, material: 0, operador: 0, mecanico: 0, supervisor: 0 };
let obraCodigo = '';
const EXISTING = { codigo: 'T-TRZ-FLT', nombre: 'Filtro hidráulico trazabilidad', cantidad: 3 };
const NEW_PART = { descripcion: 'Sello de bomba trazabilidad 52 mm', cantidad: 2 };
const order = { id: 0, codigo: '', lineExisting: 0, lineNew: 0, newCode: '' };
const request = { id: 0, products: [] as { id: number; codigo: string; cantidad: number }[] };

beforeAll(async () => {
  sim = await startSicamSim({
    port: 0, host: '127.0.0.1',
    knobs: { latencyMs: 0, failRate: 0, failNext: 0, refuseNext: 0, outage: false, loseReplyRate: 0, approvalAfterS: -1, approvedAfterS: -1, materialsAfterS: -1 },
  });
  sicam = createSicamClient({ url: sim.url, timeoutMs: 2000 });
  tokens.admin = await t.login('admin@faena.pe');
  tokens.storekeeper = await t.login('almacen.obra@faena.pe');
  tokens.central = await t.login('almacen.central@faena.pe');
  tokens.jefe = await t.login('jefe@faena.pe');
  const one = async (q: Promise<{ id: number }[]>) => Number((await q)[0].id);
  [{ id: ids.obra, codigo: obraCodigo }] = await t.sql<{ id: number; codigo: string }[]>`SELECT id::int, codigo FROM rm_obras WHERE estado = 1 AND codigo <> '' ORDER BY id LIMIT 1`;
  ids.und = await one(t.sql`SELECT id FROM rm_unidades WHERE nombre = 'UND'`);
  Object.assign(ids, await otPeople(t.sql));
  ids.equipo = await createPlainMachine(t.store, t.sql, ids.obra, 'T-TRZ-EQ1');
  Object.assign(ids, await createFunctionalElement(t.store, { sigla: 'TRZ', nombre: 'Sistema de trazabilidad (prueba)' }, { numero: '97.01', nombre: 'Bomba de prueba' }));
  ids.tipo = await createMaterialType(t.store, { codigo: 'TRZ', nombre: 'Repuestos trazabilidad (prueba)' }, ids.und);
  ids.material = (await createRecord(t.store, 'material', { id_material_tipo: ids.tipo, codigo: EXISTING.codigo, nombre: EXISTING.nombre, estado: 1 }, { metadata })).id;
}, 120_000);

afterAll(async () => {
  vi.useRealTimers();
  await sim?.close();
});

/** Runs `work` with the clock at `at`. */
async function atInstant<T>(at: Date, work: () => Promise<T>): Promise<T> {
  vi.setSystemTime(at);
  return work();
}

async function ok(method: 'GET' | 'POST', path: string, token: string, body: { json?: unknown; form?: FormData; query?: Record<string, string | number> }) {
  const r = await t.call(method, path, { token, ...body });
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
}

/** One decision on the request at `at` (its DecisionStamp). */
const onRequest = (command: PurchaseRequestCommand, at: Date) =>
  execute(t.store, async (c) => {
    (await c.load(purchaseRequests, request.id)).decide(command, { occurredAt: at });
  }, { metadata });

const productStates = async () => (await t.sql<{ estado: number }[]>`SELECT estado::int FROM rm_productos_solicitados WHERE id_solicitud_compra = ${request.id} ORDER BY id`).map((p) => p.estado);

async function entriesWorkbook(): Promise<FormData> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Ingresos');
  ws.addRow(HEADER);
  for (const p of request.products) ws.addRow([obraCodigo, p.codigo, `Recurso ${p.codigo}`, 'UND', 'ALB-TRZ-1', p.cantidad, ORDER]);
  const form = new FormData();
  form.append('archivo', new File([new Uint8Array(await wb.xlsx.writeBuffer())], 'ingresos-trazabilidad.xlsx'));
  return form;
}

/** The whole chain, each step at its planned instant. */
async function walk() {
  // 1. The order opens with its two part lines: a catalogue material and one to create.
  await atInstant(when(1), async () => {
    const opened = await ok('POST', '/ordenes_trabajo/create', tokens.admin, { json: {
      id: 0, version: 0, id_obra: ids.obra, id_equipo: ids.equipo, placa_equipo: '', serie_equipo: 'S-T-TRZ-EQ1', fecha_parada: lima(when(1)), fecha_puesta_marcha: '',
      fecha_apertura_ot: lima(when(1)), fecha_cierre_ot: '', horometro_parada: '1500', horometro_puesta_marcha: '', horometro_apertura_ot: '1500', horometro_cierre_ot: '',
      kilometraje: '', tercero_ruc: '', tercero_razon_social: '', id_operador: ids.operador, id_mecanico: ids.mecanico, id_supervisor: ids.supervisor,
      firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 0, terminado: 0, diagnosticos: [], intervenciones: [], documentos: [],
      productos_solicitados: [
        { id: 0, id_grupo_funcional: ids.grupo, id_grupo_funcional_elemento: ids.elemento, descripcion: EXISTING.nombre, id_unidad: ids.und, id_material: ids.material,
          codigo_material: EXISTING.codigo, id_material_tipo: ids.tipo, solicitud_material: 0, cantidad_solicitada_por_tecnico: EXISTING.cantidad },
        { id: 0, id_grupo_funcional: ids.grupo, id_grupo_funcional_elemento: ids.elemento, descripcion: NEW_PART.descripcion, id_unidad: ids.und, id_material: null,
          codigo_material: '', id_material_tipo: ids.tipo, solicitud_material: 1, cantidad_solicitada_por_tecnico: NEW_PART.cantidad },
      ],
    } });
    Object.assign(order, { id: Number(opened.id), codigo: String(opened.codigo) });
    const lines = await t.sql<{ id: number; material: string | null }[]>`
      SELECT id::int, line->>'id_material' AS material FROM rm_ot_lineas WHERE id_orden_trabajo = ${order.id} AND tabla = 'productos_solicitados' ORDER BY id`;
    expect(lines).toHaveLength(2);
    order.lineExisting = lines.find((l) => l.material === String(ids.material))!.id;
    order.lineNew = lines.find((l) => l.material === null)!.id;
  });

  // 2. The site warehouse attends the Pedido: nothing on site, the new material asked of SICAM
  // (the push is queued in the same transaction).
  await atInstant(when(2), () => ok('POST', '/almacen_obra_ots/create', tokens.storekeeper, { json: {
    id: order.id, terminado: 1, productos_solicitados: [
      { id: order.lineExisting, cantidad_en_almacen_obra: 0 },
      { id: order.lineNew, solicitud_material: 1, id_unidad: ids.und, id_material_tipo: ids.tipo, descripcion: NEW_PART.descripcion, cantidad_en_almacen_obra: 0 },
    ],
  } }));

  // 3. The worker's push of the job queued for this order sends it to SICAM (the simulator), once.
  // (The demo data leave other orders' pushes in the queue: this one is read by its key.)
  await atInstant(when(3), async () => {
    const jobs = await t.sql<{ data: MaterialsPushJob & { series: string }; retry_limit: number }[]>`
      SELECT data, retry_limit FROM pgboss.job WHERE name = ${SICAM_MATERIALS_PUSH_QUEUE} AND singleton_key = ${`materials-${order.id}`}`;
    expect(jobs).toHaveLength(1);
    expect(await runMaterialsPush({ store: t.store, sicam, log }, { data: jobs[0].data, retryCount: 0, retryLimit: jobs[0].retry_limit })).toBe('sent');
  });

  // 4. SICAM creates the material; the status pull creates it in the catalogue and links the line.
  const [inSicam] = [...sim.sim.materials.values()].filter((m) => m.id_orden_trabajo === order.id);
  order.newCode = sim.sim.createMaterials(inSicam.id_sicam).lineas[0].codigo!;
  await atInstant(when(4), async () => {
    expect((await pullMaterialsStatus({ store: t.store, sicam, log }, order.id)).events).toBeGreaterThan(0);
  });

  // 5. The site storekeeper generates the purchase request (a draft) of both parts.
  await atInstant(when(5), async () => {
    const r = await ok('POST', '/almacen_obra_ots/crearPreSolicitud', tokens.storekeeper, { json: { id_orden_trabajo: order.id } });
    request.id = Number(r.id_solicitud_compra);
  });
  const products = await t.sql<{ id: number; line: number }[]>`SELECT id::int, id_linea_ot::int AS line FROM rm_productos_solicitados WHERE id_solicitud_compra = ${request.id} ORDER BY id`;
  request.products = products.map((p) => (p.line === order.lineNew ? { id: p.id, codigo: order.newCode, cantidad: NEW_PART.cantidad } : { id: p.id, codigo: EXISTING.codigo, cantidad: EXISTING.cantidad }));
  expect(products.map((p) => p.line).sort()).toEqual([order.lineExisting, order.lineNew].sort());

  // Between 5 and 7 (no milestone): the request is sent, the central warehouse attends it with
  // everything to buy, the approver approves it.
  const afterRequest = (m: number) => new Date(when(5).getTime() + m * MIN);
  await onRequest({ type: 'SendRequest', id: request.id, by: ids.supervisor }, afterRequest(20));
  await atInstant(afterRequest(40), () => ok('POST', '/almacen_central_ots/create', tokens.central, { json: { id: request.id, terminado: 1, productos_solicitados: [] } }));
  await atInstant(afterRequest(60), () => ok('POST', '/solicitudes_compras/aprobar', tokens.jefe, { json: { id_solicitud_compra: request.id } }));

  // 7, 9, 11. SICAM acknowledges the request, its purchase order goes for approval, then is approved.
  await onRequest({ type: 'RecordSicamSent', id: request.id, idSicam: `SIM-${request.id}` }, when(7));
  const priced = (precio: number | null) => request.products.map((p) => ({ id_producto_solicitado: p.id, precio, moneda: precio === null ? null : 'PEN', anulado: false }));
  await onRequest({ type: 'RecordSicamStatus', id: request.id, status: { estado: 'enviada_aprobacion', numero_orden: ORDER, productos: priced(null) } }, when(9));
  await onRequest({ type: 'RecordSicamStatus', id: request.id, status: { estado: 'aprobada', numero_orden: ORDER, productos: priced(10) } }, when(11));
  expect(await productStates()).toEqual([7, 7]);

  // 13. The central storekeeper imports the purchasing system's Excel with both parts.
  await atInstant(when(13), async () => {
    expect(await ok('POST', '/almacen_central_entradas_archivos', tokens.central, { form: await entriesWorkbook() })).toMatchObject({ validos: 2 });
  });
  expect(await productStates()).toEqual([8, 8]);

  // 14. The transfer of both groups is requested.
  await atInstant(when(14), () => ok('POST', '/traslado_materiales/create', tokens.central, { json: {
    traslados: request.products.map((p) => ({ codigo_recurso: p.codigo, numero_orden_compra: ORDER })),
  } }));

  // 15. Both leave the central warehouse with a waybill.
  await atInstant(when(15), () => ok('POST', '/almacen_central_traslado_materiales/create', tokens.central, { json: {
    numero_guia: GUIA, salidas: request.products.map((p) => ({ id_producto_solicitado: p.id, cantidad_a_salir: p.cantidad })),
  } }));
  expect(await productStates()).toEqual([9, 9]);

  // 16. The site receives both.
  await atInstant(when(16), () => ok('POST', '/almacen_obra_entradas/create', tokens.storekeeper, { json: {
    entradas: request.products.map((p) => ({ id_producto_solicitado: p.id, cantidad_entrante: p.cantidad })),
  } }));
  expect(await productStates()).toEqual([10, 10]);

  // 17. Both are issued to the technician with a voucher.
  await atInstant(when(17), () => ok('POST', '/almacen_obra_salidas/create', tokens.storekeeper, { json: {
    vale_salida: VALE, salidas: [{ id_producto_solicitado: order.lineExisting, cantidad_a_salir: EXISTING.cantidad }, { id_producto_solicitado: order.lineNew, cantidad_a_salir: NEW_PART.cantidad }],
  } }));
  expect(await productStates()).toEqual([11, 11]);

  // 18. CIERRE TOTAL.
  await atInstant(when(18), async () => {
    const item = (await ok('GET', '/ordenes_trabajo/form', tokens.admin, { query: { id: order.id } })).item as Record<string, unknown>;
    await ok('POST', '/ordenes_trabajo/create', tokens.admin, { json: {
      id: order.id, version: item.version, id_obra: ids.obra, id_equipo: ids.equipo, placa_equipo: '', serie_equipo: 'S-T-TRZ-EQ1', fecha_parada: lima(when(1)),
      fecha_puesta_marcha: lima(when(18)), fecha_apertura_ot: lima(when(1)), fecha_cierre_ot: lima(when(18)), horometro_parada: '1500', horometro_puesta_marcha: '1502',
      horometro_apertura_ot: '1500', horometro_cierre_ot: '1502', kilometraje: '', tercero_ruc: '', tercero_razon_social: '', id_operador: ids.operador,
      id_mecanico: ids.mecanico, id_supervisor: ids.supervisor, firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 0, terminado: 1,
      diagnosticos: item.diagnosticos, intervenciones: item.intervenciones, productos_solicitados: item.productos_solicitados, documentos: [],
    } });
  });
}

const catchUp = () => catchUpProjections(t.sql, t.store, [traceabilityProjection]);

type Milestone = { id: string; n: number; fecha: string | null; fecha_anterior: string | null; duration: number; duration_show: string };

describe('traceability of one compra work order walked through the real chain (issue 18)', () => {
  it('walks open → Pedido → material creation → request → SICAM → order approved → entry → transfer → receipt → issue → CIERRE TOTAL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await walk();
    } finally {
      vi.useRealTimers();
    }
    // Every milestone event was recorded at its step's instant.
    const types = ['WorkOrderOpened', 'WorkOrderAttendedBySiteWarehouse', 'MaterialCreationSentToSicam', 'RequestedMaterialCreated', 'WorkOrderRequestLinked', 'WorkOrderPartsReceived', 'WorkOrderPartsIssued', 'WorkOrderClosed'];
    const onOrder = await t.sql<{ type: string; at: Date }[]>`
      SELECT event_type AS type, min(occurred_at) AS at FROM es_events WHERE stream_id = ${`work_order-${order.id}`} AND event_type IN ${t.sql(types)} GROUP BY event_type`;
    expect(Object.fromEntries(onOrder.map((e) => [e.type, e.at.toISOString()]))).toEqual(
      Object.fromEntries(types.map((type, i) => [type, when([1, 2, 3, 4, 5, 16, 17, 18][i]).toISOString()])),
    );
    await catchUp();
  }, 120_000);

  it('getInfoLT: exactly the 14 compra milestones, in increasing order, each with the previous one\'s date and the minutes between them rounded up', async () => {
    const r = await t.call('GET', '/trazabilidad/getInfoLT', { token: tokens.admin, query: { id_ot: order.id } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const item = r.body.item as Milestone[];
    expect(item.map((m) => m.id)).toEqual(MILESTONES.map((m) => m.id));
    const reached = item.filter((m) => m.fecha !== null);
    expect(reached.map((m) => m.n)).toEqual(COMPRA);
    for (const n of [6, 8, 10, 12]) expect(item[n - 1], `milestone ${n}`).toMatchObject({ fecha: null, fecha_anterior: null, duration: 0, duration_show: '' });

    let previous: Date | null = null;
    for (const [i, m] of reached.entries()) {
      const fecha = new Date(m.fecha!);
      expect(m.fecha, `milestone ${m.n}`).toBe(when(m.n).toISOString());
      if (previous) expect(fecha.getTime(), `milestone ${m.n} after the previous`).toBeGreaterThan(previous.getTime());
      expect(m.fecha_anterior, `milestone ${m.n}`).toBe(previous ? previous.toISOString() : null);
      expect(m.duration, `milestone ${m.n}`).toBe(previous ? minutes(previous, fecha) : 0);
      expect(m.duration_show, `milestone ${m.n}`).toBe(PLAN[i].show);
      previous = fecha;
    }
    // The gaps with seconds were rounded up.
    expect(reached.find((m) => m.n === 4)!.duration).toBe(24 * 60 + 3 * 60 + 1);
    expect(reached.find((m) => m.n === 11)!.duration).toBe(5 * 60 + 11);

    const total = minutes(when(1), when(18));
    expect(r.body.orden_trabajo).toMatchObject({
      id: order.id, codigo: order.codigo, estado_ot: 3, estado_nombre: 'Cerrada', fecha_apertura_ot: lima(when(1)), fecha_cierre_ot: lima(when(18)), tipo_solicitud: 'compra', total,
    });
    // 10 days 43 h 225 min 50 s in all: 11 days 22 h 46 min once rounded up.
    expect(total).toBe(11 * 24 * 60 + 22 * 60 + 46);
    expect(r.body.orden_trabajo).toMatchObject({ total_show: '11 días 22 h 46 min' });
  });

  it('getInfoLTAll over this order: conteo 1 and each milestone\'s statistics equal its duration in hours', async () => {
    const r = await t.call('POST', '/trazabilidad/getInfoLTAll', { token: tokens.admin, json: { ots: [order.id], estado_ot_abierto: 1, estado_ot_cerrado: 1 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.conteo).toBe(1);
    const durations = new Map<number, number>();
    PLAN.forEach((p, i) => durations.set(p.n, i === 0 ? 0 : minutes(when(PLAN[i - 1].n), when(p.n))));
    const hours = (m: number) => Math.round((m / 60) * 100) / 100;
    const items = r.body.items as { id: string; n: number; conteo: number; data: Record<string, number> }[];
    expect(items.map((m) => m.n)).toEqual(MILESTONES.map((m) => m.n));
    for (const m of items) {
      const d = durations.get(m.n);
      const h = d === undefined ? 0 : hours(d);
      expect(m, `milestone ${m.n}`).toMatchObject({ conteo: d === undefined ? 0 : 1, data: { min: h, promedio: h, max: h, mediana: h, p90: h } });
    }
    // The longest wait of this order is the bottleneck: the entry to the central warehouse.
    expect(r.body.cuello).toBe('INGRESO_STOCK_REPUESTOS');
    // Only closed orders: still this one; only open ones: none.
    expect((await t.call('POST', '/trazabilidad/getInfoLTAll', { token: tokens.admin, json: { ots: [order.id], estado_ot_cerrado: 1 } })).body.conteo).toBe(1);
    expect((await t.call('POST', '/trazabilidad/getInfoLTAll', { token: tokens.admin, json: { ots: [order.id], estado_ot_abierto: 1 } })).body.conteo).toBe(0);
  });
});
