import type { SiteOrderLine } from '../../shared/work-order';
import { execute, executeOn, type ExecuteOptions } from '../../events/execute';
import { pmPlans } from '../../events/pm-plan/decider';
import type { PmPlanFields } from '../../events/pm-plan/types';
import { purchaseRequests } from '../../events/purchase-request/decider';
import type { PurchaseRequestCommand } from '../../events/purchase-request/types';
import { createRecord } from '../../events/record/commands';
import type { EventStore } from '../../events/store';
import type { StockKey } from '../../events/stock/types';
import { workOrders } from '../../events/work-order/decider';
import { stockMoves } from '../../services/api/stock/stock-moves';

// Fixtures the browser tests write straight to the event store, through the write model's own
// commands, before a screen shows them: catalogue records, a purchase request driven to 'En OC',
// a Pedido attended by the site warehouse, a preventive plan, stock movements. The browser tests
// import these (and never the write model itself): the web reaches the server only through HTTP.

export type { StockKey };
export type FixtureMetadata = { userId: number | null; requestId: string };

/** The metadata of a fixture written by no user. */
export const FIXTURE: FixtureMetadata = { userId: null, requestId: 'e2e-fixture' };

/** A record of a catalogue (equipo, material, horometro…) created as the API's create would. */
export async function seedRecord(store: EventStore, entity: string, fields: Record<string, unknown>, metadata: FixtureMetadata = FIXTURE): Promise<number> {
  return (await createRecord(store, entity, fields, { metadata })).id;
}

export type PartsCatalogue = {
  /** A functional group and its elements (what a work order's part is for). */
  grupo?: { sigla: string; nombre: string; elementos: { numero: string; nombre: string }[] };
  /** A material type, the units it is counted in (`valor` of its base unit) and its materials. */
  tipo?: { codigo: string; nombre: string; unidades: { id_unidad: number; valor: number }[]; materiales: { codigo: string; nombre: string }[] };
};

/** The catalogue a work order's spare parts need, in the order the forms depend on it: the
 * group, its elements, the material type, its unit conversions, its materials (all active). */
export async function seedPartsCatalogue(store: EventStore, c: PartsCatalogue, metadata: FixtureMetadata = FIXTURE) {
  const ids = { grupo: 0, elementos: [] as number[], tipo: 0, materiales: [] as number[] };
  if (c.grupo) {
    ids.grupo = await seedRecord(store, 'grupo_funcional', { sigla: c.grupo.sigla, nombre: c.grupo.nombre, estado: 1 }, metadata);
    for (const e of c.grupo.elementos) {
      ids.elementos.push(await seedRecord(store, 'grupo_funcional_elemento', { ...e, id_grupo_funcional: ids.grupo, id_padre: null, estado: 1 }, metadata));
    }
  }
  if (c.tipo) {
    ids.tipo = await seedRecord(store, 'material_tipo', { codigo: c.tipo.codigo, nombre: c.tipo.nombre, estado: 1 }, metadata);
    for (const u of c.tipo.unidades) await seedRecord(store, 'conversion_unidad', { id_material_tipo: ids.tipo, ...u, estado: 1 }, metadata);
    for (const m of c.tipo.materiales) ids.materiales.push(await seedRecord(store, 'material', { id_material_tipo: ids.tipo, ...m, estado: 1 }, metadata));
  }
  return ids;
}

type RequestStream = { decide(command: PurchaseRequestCommand): unknown };

/** SICAM records the request and approves its purchase order `order` for every product at 10 PEN:
 * the products become 7 'En OC' (the simulator's part, as commands). */
function sicamApproves(s: RequestStream, id: number, idSicam: string, order: string, products: number[]) {
  s.decide({ type: 'RecordSicamSent', id, idSicam });
  s.decide({ type: 'RecordSicamStatus', id, status: { estado: 'aprobada', numero_orden: order, productos: products.map((p) => ({ id_producto_solicitado: p, precio: 10, moneda: 'PEN', anulado: false })) } });
}

/** A compra of `materials` (each `cantidad` of unit `idUnidad`) driven through the request's
 * commands, by user 1, to 7 'En OC' under purchase order `order`: created, sent, attended by the
 * central warehouse with everything left to buy, approved, approved by SICAM. */
export async function seedRequestInOrder(
  store: EventStore,
  r: { codigo: string; idObra: number; descripcion: string; materials: { id: number; codigo: string; nombre: string }[]; idUnidad: number; cantidad: number; order: string; idSicam: string },
): Promise<void> {
  await execute(store, async (c) => {
    const id = await c.nextId('purchase_request');
    const ids = await c.nextIds('requested_product', r.materials.length);
    const s = c.start(purchaseRequests, id);
    s.decide({
      type: 'CreateRequest', id, codigo: r.codigo, tipo: 'compra', idObra: r.idObra, idOrdenTrabajo: null, fields: { descripcion_trabajo: r.descripcion },
      productos: r.materials.map((m, i) => ({ id: ids[i], id_material: m.id, codigo: m.codigo, descripcion: m.nombre, id_unidad: r.idUnidad, cantidad: r.cantidad })), by: 1,
    });
    s.decide({ type: 'SendRequest', id, by: 1 });
    s.decide({ type: 'SaveCentralQuantities', id, productos: ids.map((p) => ({ id: p, cantidad_en_almacen_central: 0, cantidad_solicitada_por_almacen_central: r.cantidad, en_almacen_central: 0, observacion_almacen_central: '' })), by: 1 });
    s.decide({ type: 'AttendByCentral', id, leftToBuy: true, by: 1 });
    s.decide({ type: 'ApproveRequest', id, canApprove: true, by: 1 });
    sicamApproves(s, id, r.idSicam, r.order, ids);
  }, { metadata: { userId: 1, requestId: 'e2e-fixture' } });
}

/** The requester `by` sends the draft request `id`. */
export async function sendRequest(store: EventStore, id: number, by: number): Promise<void> {
  await executeOn(store, purchaseRequests, id, { type: 'SendRequest', id, by }, { metadata: FIXTURE });
}

/** SICAM records the approved request `id` and approves its purchase order `order` (its
 * `products` become 7 'En OC'). */
export async function seedSicamApproval(store: EventStore, id: number, order: string, products: number[]): Promise<void> {
  await execute(store, async (c) => sicamApproves(await c.load(purchaseRequests, id), id, `SIM-${id}`, order, products), { metadata: FIXTURE });
}

/** The site warehouse attends work order `orderId`'s Pedido (by user 1), with `lines` taken from
 * site stock (none: nothing on site), and closes it. */
export async function attendSiteOrder(store: EventStore, orderId: number, lines: SiteOrderLine[] = []): Promise<void> {
  await executeOn(store, workOrders, orderId, { type: 'SaveSiteOrder', lines, terminado: true, allowedUnits: {}, stockAvailable: {}, by: 1 });
}

/** Machine `idEquipo`'s preventive plan, saved as of `fecha` with the last service at `ultimo_valor`. */
export async function seedPmPlan(
  store: EventStore,
  idEquipo: number,
  plan: { fecha: string; ultimo_valor: number; fields: PmPlanFields },
  metadata: FixtureMetadata = FIXTURE,
): Promise<void> {
  await executeOn(store, pmPlans, idEquipo, { type: 'SavePmPlan', id_equipo: idEquipo, id_plan: null, ...plan }, { metadata });
}

type StockMoves = ReturnType<typeof stockMoves>;

/** Stock movements in one transaction, as the warehouse commands make them. */
export async function seedStockMoves(store: EventStore, work: (m: StockMoves) => Promise<void>, options: ExecuteOptions = {}): Promise<void> {
  await execute(store, async (c) => work(stockMoves(c)), options);
}
