import type { PgBoss } from 'pg-boss';
import type { TransactionSql } from 'postgres';
import { execute, type CommandContext, type Stream } from '../../../events/execute';
import type { RequestKind } from '@shared/purchase-request-codes';
import { purchaseRequests } from '../../../events/purchase-request/decider';
import type { EventStore } from '../../../events/store';
import type { RecordedEvent } from '../../../events/types';
import { workOrders } from '../../../events/work-order/decider';
import type { WorkOrderCommand, WorkOrderEvent, WorkOrderState } from '../../../events/work-order/types';
import { sicamBody } from '../../api/purchase-requests/request-actions';
import { nextRequestCode } from '../../api/purchase-requests/save-request';
import { enqueueSicamPush } from '../../app/jobs/sicam';
import { prng, type Prng } from '../prng';

/** Where a demo request's story stops. */
type Goal = 'borrador' | 'enviada' | 'observada' | 'aprobacion' | 'solicitada' | 'rechazada' | 'anulada' | 'despachada';

const GOALS: Goal[] = ['borrador', 'enviada', 'observada', 'aprobacion', 'solicitada', 'solicitada', 'solicitada', 'rechazada', 'anulada', 'despachada'];
const TRABAJOS = [
  'Repuestos para mantenimiento preventivo', 'Cambio de filtros y aceite', 'Reparación del sistema hidráulico', 'Servicio de torno para pines',
  'Reposición de stock de obra', 'Servicio de alineamiento y balanceo', 'Mangueras de alta presión', 'Reparación de alternador en taller externo',
];
const MOTIVOS_OBSERVADO = ['Falta el código del material', 'Cantidades por confirmar con el supervisor', 'Indique el número de parte del fabricante'];
const MOTIVOS_RECHAZO = ['Sin presupuesto este mes', 'Ya se compró en otra solicitud', 'El equipo pasa a baja'];

type Ctx = {
  sites: { id: number; codigo: string }[];
  /** `ultimo`: the instant of the order's last event (a scale request follows it). */
  orders: { id: number; id_obra: number; id_equipo: number; codigo: string; ultimo: Date; parts: { id: number; id_material: number | null; id_material_tipo?: number | null; codigo_material?: string; descripcion?: string; id_unidad: number | null; cantidad_solicitada_por_tecnico: number }[] }[];
  materials: { id: number; id_unidad: number; codigo: string; nombre: string }[];
  supervisor: number;
  central: number;
  approver: number;
  /** The site storekeeper who attends an order's Pedido before its purchase request (issue 16). */
  storekeeper: number;
};

async function loadContext(store: EventStore, orderLimit = 40): Promise<Ctx | null> {
  const { sql } = store;
  const sites = await sql<{ id: number; codigo: string }[]>`SELECT id::int, codigo FROM rm_obras WHERE estado = 1 ORDER BY id`;
  const orders = await sql<Ctx['orders']>`
    SELECT o.id::int, o.id_obra::int, o.id_equipo::int, o.codigo,
           (SELECT max(e.occurred_at) FROM es_events e WHERE e.stream_type = 'work_order' AND e.stream_id = 'work_order-' || o.id) AS ultimo,
           coalesce(json_agg(l.line ORDER BY l.id) FILTER (WHERE l.id IS NOT NULL), '[]') AS parts
      FROM rm_ordenes_trabajo o
      JOIN rm_ot_lineas l ON l.id_orden_trabajo = o.id AND l.tabla = 'productos_solicitados'
     WHERE o.estado = 1 AND o.id_solicitud_compra = 0 AND o.atendido_por_almacen_obra = 0
     GROUP BY o.id ORDER BY o.fecha_apertura_ot DESC LIMIT ${orderLimit}`;
  const materials = await sql<Ctx['materials']>`
    SELECT m.id::int, m.codigo, m.nombre, coalesce((SELECT c.id_unidad FROM rm_conversion_unidades c WHERE c.id_material_tipo = m.id_material_tipo ORDER BY c.id LIMIT 1),
                               (SELECT id FROM rm_unidades ORDER BY id LIMIT 1))::int AS id_unidad
      FROM rm_materiales m WHERE m.estado = 1 ORDER BY m.id LIMIT 60`;
  const person = async (role: number) => (await sql<{ id: number }[]>`SELECT id::int FROM rm_users WHERE id_role = ${role} AND estado = 1 ORDER BY id LIMIT 1`)[0]?.id;
  const [supervisor, central, approver, storekeeper] = [await person(15), await person(18), await person(17), await person(19)];
  if (!sites.length || !materials.length || !supervisor || !central || !approver || !storekeeper) return null;
  return { sites, orders, materials, supervisor, central, approver, storekeeper };
}

/** A service's third-party fields, from its id (no draw, so the stories stay as they were): the
 * demo's mobilisation types 1-3 (services/demo/master/request-catalogues.ts), a classification,
 * and the resource code types 2 and 3 fix. */
function mobilisation(id: number) {
  const tipocc = 1 + (id % 3);
  return {
    id_solicitudes_movilizacion_terceros_tipocc: tipocc,
    id_solicitudes_clasificacion: 1 + (id % 2),
    id_solicitudes_movilizacion_terceros_ter_recurso: ([null, '2-044', '4-046'] as const)[tipocc - 1],
  };
}

/** Scale data's extra realism (traceability's milestone chains, issue 18): an order's request
 * starts hours to days after the order's last event, not on the calendar of the request's index;
 * a share of the orders' requests are services (milestones 6, 8, 10, 12); a share of the orders'
 * Pedidos ask SICAM to create a material first (milestones 3, 4). Without it (the demo), every
 * draw stays as it was. */
type WorkOrderStream = Stream<WorkOrderState, WorkOrderCommand, WorkOrderEvent>;

type ScaleStory = { now: Date; serviceShare: number; materialShare: number };

/** A line the site warehouse could not name: its material is created in SICAM (sent, then
 * created some hours later) before the request, and the request carries the created material. */
function createMaterial(order: WorkOrderStream, rng: Prng, ctx: Ctx, part: Ctx['orders'][number]['parts'][number], step: (user: number, hours: [number, number]) => { occurredAt: Date; metadata: { userId: number } }) {
  const created = rng.pick(ctx.materials);
  const descripcion = (part.descripcion || created.nombre).trim();
  order.decide({
    type: 'SaveSiteOrder', terminado: true, allowedUnits: {}, stockAvailable: {}, by: ctx.storekeeper,
    lines: [{
      id: part.id, solicitud_material: 1, descripcion, id_unidad: part.id_unidad ?? created.id_unidad, id_material: null, codigo_material: '', id_material_tipo: part.id_material_tipo ?? null,
      cantidad_en_almacen_obra: 0, usar_stock_solicitud: 0, id_producto_solicitado_stock_solicitud: null, cantidad_stock_solicitud: 0,
    }],
  }, step(ctx.storekeeper, [0, 0]));
  order.decide({ type: 'RecordMaterialsSent', idSicam: `MAT-${order.state.id}` }, step(ctx.storekeeper, [0, 2]));
  order.decide({ type: 'LinkCreatedMaterial', lineId: part.id, idMaterial: created.id, codigo: created.codigo, descripcion: created.nombre, idMaterialTipo: null }, step(ctx.storekeeper, [4, 72]));
  return { ...part, id_material: created.id, codigo_material: created.codigo, descripcion: created.nombre };
}

/** The next order (newest first) for a request: for a demo request at `before`, the newest
 * whose last event came an hour before it, so no request precedes its order. */
function takeOrder(ctx: Ctx, before: Date | null): Ctx['orders'][number] | null {
  const i = before ? ctx.orders.findIndex((o) => new Date(o.ultimo).getTime() < before.getTime() - 3_600_000) : 0;
  return i < 0 ? null : ctx.orders.splice(i, 1)[0];
}

/** One request's story as commands through the real deciders, stamped from `at` on. */
async function story(c: CommandContext, rng: Prng, ctx: Ctx, goal: Goal, at: Date, boss: PgBoss | null, approvals: { id: number }[], scale?: ScaleStory) {
  const id = await c.nextId('purchase_request');
  let fromOrder = goal !== 'despachada' && ctx.orders.length > 0 && rng.next() < 0.6 ? takeOrder(ctx, scale ? null : at) : null;
  // A scale request follows its order's last event; an order touched in the last days has none.
  if (scale && fromOrder && new Date(fromOrder.ultimo).getTime() > scale.now.getTime() - 8 * 86_400_000) fromOrder = null;
  if (scale && fromOrder) at = new Date(new Date(fromOrder.ultimo).getTime() + rng.int(2 * 60, 72 * 60) * 60_000);
  const service = !!scale && !!fromOrder && goal !== 'observada' && rng.next() < scale.serviceShare;
  const newMaterial = !!scale && !!fromOrder && !service && fromOrder.parts.length > 0 && rng.next() < scale.materialShare;
  // Only compra and despacho wait for the central warehouse, which is who observes.
  const kind: RequestKind = goal === 'despachada' ? 'despacho' : service ? 'servicio' : fromOrder || goal === 'observada' ? 'compra' : rng.next() < 0.35 ? 'servicio' : 'compra';
  const idObra = fromOrder?.id_obra ?? rng.pick(ctx.sites).id;
  const lines = fromOrder && !service
    ? fromOrder.parts.map((p) => ({
        id_material: p.id_material, cantidad: Number(p.cantidad_solicitada_por_tecnico) || 1, codigo: p.codigo_material || null, descripcion: p.descripcion || null,
        id_unidad: p.id_unidad, id_linea_ot: p.id, cantidad_solicitada_por_tecnico: Number(p.cantidad_solicitada_por_tecnico) || 1,
      }))
    : Array.from({ length: rng.int(1, 4) }, () => {
        const m = rng.pick(ctx.materials);
        return { id_material: m.id, cantidad: rng.int(1, 12), codigo: null, descripcion: null, id_unidad: m.id_unidad };
      });
  const productIds = await c.nextIds('requested_product', lines.length);
  const codigo = await nextRequestCode(c.tx, idObra, kind);
  const request = c.start(purchaseRequests, id);
  let t = at.getTime();
  const step = (user: number, hours: [number, number]) => {
    t += rng.int(hours[0] * 60, hours[1] * 60) * 60_000;
    return { occurredAt: new Date(t), metadata: { userId: user } };
  };
  const fecha = new Date(t + rng.int(5, 20) * 86_400_000).toISOString().slice(0, 10);
  // An order's compra follows the site warehouse's Pedido: attended with nothing on site, all of it
  // is requested (issue 16: the request is generated only once the Pedido is attended).
  const order = fromOrder ? await c.load(workOrders, fromOrder.id) : null;
  if (order && newMaterial) {
    const part = createMaterial(order, rng, ctx, fromOrder!.parts[0], step);
    const i = lines.findIndex((l) => (l as { id_linea_ot?: number }).id_linea_ot === part.id);
    if (i >= 0) lines[i] = { ...lines[i], id_material: part.id_material, codigo: part.codigo_material, descripcion: part.descripcion } as (typeof lines)[number];
  } else if (order) order.decide({ type: 'SaveSiteOrder', lines: [], terminado: true, allowedUnits: {}, stockAvailable: {}, by: ctx.storekeeper }, step(ctx.storekeeper, [0, 0]));
  t += 60 * 60_000;
  request.decide({
    type: 'CreateRequest', id, codigo, tipo: kind, idObra, idOrdenTrabajo: fromOrder?.id ?? null, creadoDesdeOt: !!fromOrder,
    fields: {
      descripcion_trabajo: fromOrder ? `Repuestos de la ${fromOrder.codigo}` : rng.pick(TRABAJOS), fecha_requerimiento: fecha, id_solicitudes_tipo: rng.int(1, 2),
      id_centro_costo_tipo: 1, id_equipo: fromOrder?.id_equipo ?? null, id_solicitudes_movilizacion_recursos: 1,
      ...(kind === 'servicio' ? mobilisation(id) : {}),
    },
    productos: lines.map((l, i) => ({ id: productIds[i], ...l })),
    by: ctx.supervisor,
  }, step(ctx.supervisor, [0, 0]));
  if (order) {
    order.decide({ type: 'LinkRequest', request: { id, tipo: kind === 'servicio' ? 'servicio' : 'compra', estado: 'borrador' }, actor: { id: ctx.supervisor, roleId: 15, canCreateRequest: true }, viaServiceRequest: false }, step(ctx.supervisor, [0, 0]));
  }
  if (order && !service) {
    order.decide({ type: 'RecordPartsRequested', idSolicitud: id, productos: lines.map((l, i) => ({ line_id: (l as { id_linea_ot: number }).id_linea_ot, id_producto: productIds[i] })) }, step(ctx.supervisor, [0, 0]));
  }
  if (goal === 'borrador') return;
  request.decide({ type: 'SendRequest', id, by: ctx.supervisor }, step(ctx.supervisor, [0, 3]));
  if (goal === 'enviada') return;
  if (goal === 'observada') {
    request.decide({ type: 'ObserveRequest', id, motivo: rng.pick(MOTIVOS_OBSERVADO), by: ctx.central }, step(ctx.central, [2, 20]));
    return;
  }
  if (kind !== 'servicio') {
    // The central warehouse covers part of each line from its stock; a despacho all of it.
    const central = productIds.map((pid, i) => {
      const stock = kind === 'despacho' ? lines[i].cantidad : rng.next() < 0.3 ? Math.min(lines[i].cantidad, rng.int(1, 3)) : 0;
      const rest = lines[i].cantidad - stock;
      const enCentral: 0 | 1 = rest === 0 ? 1 : 0;
      return { id: pid, cantidad_en_almacen_central: stock, cantidad_solicitada_por_almacen_central: rest, en_almacen_central: enCentral, observacion_almacen_central: '' };
    });
    request.decide({ type: 'SaveCentralQuantities', id, productos: central, by: ctx.central }, step(ctx.central, [2, 24]));
    request.decide({ type: 'AttendByCentral', id, leftToBuy: central.some((l) => l.cantidad_solicitada_por_almacen_central > 0), by: ctx.central }, step(ctx.central, [0, 1]));
  }
  if (goal === 'despachada' || goal === 'aprobacion' || request.state.status !== 'present' || request.state.estado !== 4) return;
  if (goal === 'rechazada') {
    request.decide({ type: 'RejectRequest', id, motivo: rng.pick(MOTIVOS_RECHAZO), canApprove: true, by: ctx.approver }, step(ctx.approver, [1, 30]));
    return;
  }
  request.decide({ type: 'ApproveRequest', id, canApprove: true, by: ctx.approver }, step(ctx.approver, [1, 30]));
  if (goal === 'anulada') {
    request.decide({ type: 'AnnulRequest', id, by: ctx.supervisor }, step(ctx.supervisor, [0, 2]));
    return;
  }
  if (boss) approvals.push({ id });
}

/** Scale data: `count` more requests through the real deciders, `batch` stories per command (one
 * append round trip each), spread over the last `days` days; about 60% raised from open work
 * orders with spare parts that have none yet. No SICAM pushes are queued (no worker runs on a
 * scale database): approved ones stay 'pendiente'. */
export async function writePurchaseRequests(store: EventStore, opts: { count: number; seed: number; days?: number; batch?: number; now?: Date; serviceShare?: number; materialShare?: number; onProgress?: (done: number) => void }): Promise<{ added: number }> {
  const ctx = await loadContext(store, Math.ceil(opts.count * 0.7));
  if (!ctx) return { added: 0 };
  const rng = prng(opts.seed);
  const now = opts.now ?? new Date();
  const days = opts.days ?? 720;
  const batch = opts.batch ?? 100;
  const scale: ScaleStory = { now, serviceShare: opts.serviceShare ?? 0.2, materialShare: opts.materialShare ?? 0.15 };
  for (let from = 0; from < opts.count; from += batch) {
    const n = Math.min(batch, opts.count - from);
    await execute(store, async (c) => {
      for (let i = 0; i < n; i++) {
        const k = from + i;
        const at = new Date(now.getTime() - (days - (k * (days - 5)) / opts.count) * 86_400_000);
        at.setUTCHours(rng.int(12, 21), rng.pick([0, 15, 30, 45]), 0, 0);
        await story(c, rng, ctx, GOALS[k % GOALS.length], at, null, [], scale);
      }
    }, { metadata: { requestId: 'seed-scale' } });
    opts.onProgress?.(from + n);
  }
  return { added: opts.count };
}

/** The demo's purchase requests: about 40 of every kind and state (borrador, waiting for the
 * central warehouse, observed, waiting for approval, approved, rejected, annulled, dispatched),
 * half of them raised from open work orders with spare parts, through the real deciders, over the
 * last two months. With a job queue, each approval queues its SICAM push in its own transaction,
 * as the API does: the worker then sends them to SICAM (the simulator under `npm start`). */
export async function loadPurchaseRequestsData(store: EventStore, opts: { boss?: PgBoss | null; now?: Date; count?: number } = {}): Promise<{ solicitudes: number }> {
  const [loaded] = await store.sql`SELECT 1 FROM es_streams WHERE stream_type = 'purchase_request' LIMIT 1`;
  if (loaded) return { solicitudes: 0 };
  const ctx = await loadContext(store);
  if (!ctx) return { solicitudes: 0 };
  const rng = prng(2027);
  const now = opts.now ?? new Date();
  const count = opts.count ?? 40;
  const boss = opts.boss ?? null;
  for (let i = 0; i < count; i++) {
    const goal = GOALS[i % GOALS.length];
    // Oldest first, so codes follow time; every story ends well before now.
    const at = new Date(now.getTime() - (60 - (i * 55) / count) * 86_400_000);
    at.setUTCHours(rng.int(12, 21), rng.pick([0, 15, 30, 45]), 0, 0);
    const approvals: { id: number }[] = [];
    await execute(store, (c) => story(c, rng, ctx, goal, at, boss, approvals), {
      metadata: { requestId: 'demo-data' },
      within: async (tx: TransactionSql, events: RecordedEvent[]) => {
        for (const a of approvals) {
          const approved = events.find((e) => e.type === 'PurchaseRequestApproved' && Number((e.data as { id: number }).id) === a.id);
          if (approved && boss) await enqueueSicamPush(boss, { id_solicitud_compra: a.id, key: approved.id, body: await sicamBody(tx, a.id) }, tx);
        }
      },
    });
  }
  return { solicitudes: count };
}
