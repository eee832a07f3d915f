import fc from 'fast-check';
import { ProductState, RequestState, requestStateText } from '@shared/purchase-request-codes';
import { partsSituation } from '@shared/work-order-derive';
import { Violation, type MLine, type MOrder, type MProduct, type MRequest, type Model, type World } from './chain-world';
import { checkMasterInvariants, masterArbitraries } from './master-model';
import { roundQty } from '@shared/quantity';

// The simulated month's model (issue 28): a small picture of the work orders, their purchase
// requests and each requested product's quantities, and the commands that drive the product through
// its HTTP API as the demo profiles. Each command checks its own answer (what the model allows must
// be accepted, what it refuses must be refused with a 4xx in Spanish); after every step
// `checkInvariants` reads the tables and checks the chain's invariants. A command prints as the
// code that builds it, so a shrunk counterexample pastes into a plain regression test.

type Cmd = fc.AsyncCommand<Model, World, false>;
const at = <T,>(xs: T[], i: number): T | undefined => (xs.length ? xs[i % xs.length] : undefined);
const round = roundQty;
const lima = (d: Date) => new Date(d.getTime() - 5 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
const json = (x: unknown) => JSON.stringify(x);

const FINAL_PRODUCT = new Set<number>([ProductState.cancelado, ProductState.rechazado, ProductState.salidaDeAlmacen, ProductState.enOCAnulado]);
/** A product the central warehouse served from its stock: at the central warehouse, on its way, at site or issued. */
const SERVED = [ProductState.enAlmacenCentral, ProductState.enAlmacenObra, ProductState.recibidoEnAlmacenObra, ProductState.salidaDeAlmacen];
const FINAL_REQUEST = new Set<number>([RequestState.cancelado, RequestState.rechazado, RequestState.finalizado]);

async function requestEstado(w: World, id: number) {
  return (await w.api.sql<{ estado: number }[]>`SELECT estado::int FROM rm_solicitudes_compras WHERE id = ${id}`)[0].estado;
}

/** Material `m` of an order's part: 0 and 1 the world's own two, 2 and up the newest the month
 * created (2: the last one). */
export const partMaterial = (w: World, m: number) => (m < 2 ? w.materials[m % w.materials.length] : w.materials[w.materials.length - 1 - ((m - 2) % w.materials.length)]);

/** Supervisor: opens a work order on one of the machines (at its site) with one or two catalogue
 * parts (two parts naming one material are one). */
export class OpenOrder implements Cmd {
  constructor(readonly machine: number, readonly parts: { m: number; qty: number }[]) {}
  check = () => true;
  async run(model: Model, w: World) {
    const now = lima(new Date(Date.now() - 3_600_000));
    const site = w.siteOf(this.machine);
    const parts = this.parts.map((p) => ({ m: partMaterial(w, p.m), qty: p.qty })).filter((p, i, all) => all.findIndex((x) => x.m.id === p.m.id) === i);
    const r = await w.call('supervisor', 'POST', '/ordenes_trabajo/create', { json: {
      id: 0, version: 0, id_obra: site.id, id_equipo: w.machines[this.machine % w.machines.length], placa_equipo: '', serie_equipo: '', fecha_parada: now, fecha_puesta_marcha: '',
      fecha_apertura_ot: now, fecha_cierre_ot: '', horometro_parada: '1000', horometro_puesta_marcha: '', horometro_apertura_ot: '1000', horometro_cierre_ot: '', kilometraje: '',
      tercero_ruc: '', tercero_razon_social: '', id_operador: site.operador, id_mecanico: site.mecanico, id_supervisor: w.people.supervisor,
      firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 0, terminado: 0, diagnosticos: [], intervenciones: [], documentos: [],
      productos_solicitados: parts.map((p) => {
        const m = p.m;
        return { id: 0, id_grupo_funcional: w.people.grupo, id_grupo_funcional_elemento: w.people.elemento, descripcion: m.nombre, id_unidad: w.people.und, id_material: m.id,
          codigo_material: m.codigo, id_material_tipo: w.people.tipo, solicitud_material: 0, cantidad_solicitada_por_tecnico: p.qty };
      }),
    } });
    if (r.status !== 200) return;
    // The order's readings (1000) are the machine's meter from now on, if higher (equipo_medidor).
    const meter = w.meters[this.machine % w.machines.length];
    meter.reading = Math.max(meter.reading ?? 0, 1000);
    const id = Number(r.body.id);
    const lines = await w.api.sql<{ id: number; material: number; qty: number }[]>`
      SELECT id::int, (line->>'id_material')::int AS material, (line->>'cantidad_solicitada_por_tecnico')::float8 AS qty
        FROM rm_ot_lineas WHERE id_orden_trabajo = ${id} AND tabla = 'productos_solicitados' ORDER BY id`;
    if (lines.length !== parts.length) throw new Violation(`order ${id}: ${lines.length} part lines, ${parts.length} sent`);
    model.orders.push({ id, obra: site.id, attended: false, request: null, lines: lines.map((l) => ({ ...l, site: 0, issued: 0 })) });
  }
  toString = () => `new OpenOrder(${this.machine}, ${json(this.parts)})`;
}

/** Site storekeeper: attends an order's Pedido, declaring some site stock per line. */
export class AttendPedido implements Cmd {
  constructor(readonly o: number, readonly site: number[]) {}
  check = (m: Readonly<Model>) => m.orders.some((o) => !o.attended);
  async run(model: Model, w: World) {
    const pending = model.orders.filter((o) => !o.attended);
    const order = at(pending, this.o)!;
    const lines = order.lines.map((l, i) => ({ id: l.id, cantidad_en_almacen_obra: Math.min(this.site[i] ?? 0, l.qty) }));
    await w.ok('almacen.obra', 'POST', '/almacen_obra_ots/create', { json: { id: order.id, terminado: 1, productos_solicitados: lines } });
    order.attended = true;
    order.lines.forEach((l, i) => (l.site = lines[i].cantidad_en_almacen_obra));
  }
  toString = () => `new AttendPedido(${this.o}, ${json(this.site)})`;
}

/** Site storekeeper: generates the purchase request (a draft) of what the site does not hold. */
export class GenerateRequest implements Cmd {
  constructor(readonly o: number) {}
  check = (m: Readonly<Model>) => m.orders.some((o) => o.attended && o.request === null);
  async run(model: Model, w: World) {
    const order = at(model.orders.filter((o) => o.attended && o.request === null), this.o)!;
    const toBuy = order.lines.some((l) => l.qty > l.site);
    const r = await w.call('almacen.obra', 'POST', '/almacen_obra_ots/crearPreSolicitud', { json: { id_orden_trabajo: order.id } });
    if (!toBuy) {
      if (r.status < 400) throw new Violation(`order ${order.id}: a request was generated though the site holds every part`);
      order.request = 0;
      return;
    }
    if (r.status !== 200) throw new Violation(`order ${order.id}: crearPreSolicitud refused (${r.status} ${r.body.msg}) with parts to buy`);
    const id = Number(r.body.id_solicitud_compra);
    order.request = id;
    const products = await w.api.sql<{ id: number; line: number; material: number; qty: number }[]>`
      SELECT id::int, id_linea_ot::int AS line, id_material::int AS material, cantidad_solicitada_por_almacen_obra::float8 AS qty
        FROM rm_productos_solicitados WHERE id_solicitud_compra = ${id} ORDER BY id`;
    for (const p of products) {
      const l = order.lines.find((x) => x.id === p.line);
      if (!l || round(l.qty - l.site) !== p.qty) throw new Violation(`request ${id}: product ${p.id} asks ${p.qty}, its line needs ${l ? l.qty - l.site : '?'}`);
    }
    model.requests.push({
      id, order: order.id, estado: RequestState.borrador, attended: false, approved: false, numeroOrden: null, ocApproved: false,
      products: products.map((p) => ({ ...p, central: 0, buy: 0, entered: 0, sentStock: 0, sentOrder: 0, received: 0 })),
    });
  }
  toString = () => `new GenerateRequest(${this.o})`;
}

/** Supervisor: sends a draft (or an observed request) into the workflow from its form. */
export class SendRequest implements Cmd {
  constructor(readonly r: number) {}
  check = (m: Readonly<Model>) => m.requests.some((r) => r.estado === RequestState.borrador || r.estado === RequestState.observado);
  async run(model: Model, w: World) {
    const req = at(model.requests.filter((r) => r.estado === RequestState.borrador || r.estado === RequestState.observado), this.r)!;
    const form = await w.ok('supervisor', 'GET', '/solicitudes_compras/form', { query: { id: req.id } });
    const item = form.item as Record<string, unknown>;
    const productos = (item.productos_solicitados as Record<string, unknown>[]).map((p) => ({
      id: p.id, id_material: p.id_material, codigo: p.codigo ?? '', descripcion: p.descripcion ?? '', id_unidad: p.id_unidad, cantidad_solicitada_por_almacen_obra: p.cantidad_solicitada_por_almacen_obra,
    }));
    await w.ok('supervisor', 'POST', '/solicitudes_compras/create', { json: {
      id: req.id, version: item.version, id_obra: model.orders.find((o) => o.id === req.order)?.obra ?? w.site.id, id_orden_trabajo: req.order, id_solicitudes_tipo: item.id_solicitudes_tipo ?? 2,
      fecha_requerimiento: item.fecha_requerimiento || '2026-12-28', descripcion_trabajo: item.descripcion_trabajo || 'Repuestos de la orden', productos_solicitados: productos, documentos: [], terminado: 1,
    } });
    req.estado = RequestState.pendienteAtencionAlmacenCentral;
  }
  toString = () => `new SendRequest(${this.r})`;
}

/** Central storekeeper: attends the request, serving `shares[i]` of each product from central stock. */
export class CentralAttend implements Cmd {
  constructor(readonly r: number, readonly shares: number[]) {}
  check = (m: Readonly<Model>) => m.requests.some((r) => r.estado === RequestState.pendienteAtencionAlmacenCentral);
  async run(model: Model, w: World) {
    const req = at(model.requests.filter((r) => r.estado === RequestState.pendienteAtencionAlmacenCentral), this.r)!;
    // The Pedido lists the live products only (an annulled one is no longer asked for).
    const live = req.products.filter((p) => !p.annulled);
    const lines = live.map((p, i) => ({ id: p.id, cantidad_en_almacen_central: Math.min(this.shares[i] ?? 0, p.qty) }));
    await w.ok('almacen.central', 'POST', '/almacen_central_ots/create', { json: { id: req.id, terminado: 1, productos_solicitados: lines } });
    live.forEach((p, i) => {
      p.central = lines[i].cantidad_en_almacen_central;
      p.buy = round(p.qty - p.central);
    });
    req.attended = true;
    req.estado = live.some((p) => p.buy > 0) ? RequestState.pendienteAprobacion : RequestState.solicitado;
    if (req.estado === RequestState.solicitado) req.approved = true;
    const real = await requestEstado(w, req.id);
    if (real !== req.estado) throw new Violation(`request ${req.id} attended by central: estado ${real}, the model expects ${req.estado}`);
  }
  toString = () => `new CentralAttend(${this.r}, ${json(this.shares)})`;
}

/** Central storekeeper: observes a request waiting for the central warehouse. */
export class Observe implements Cmd {
  constructor(readonly r: number) {}
  check = (m: Readonly<Model>) => m.requests.some((r) => r.estado === RequestState.pendienteAtencionAlmacenCentral);
  async run(model: Model, w: World) {
    const req = at(model.requests.filter((r) => r.estado === RequestState.pendienteAtencionAlmacenCentral), this.r)!;
    await w.ok('almacen.central', 'POST', '/solicitudes_compras/observar', { json: { id_solicitud_compra: req.id, motivo_observado: 'Revise las cantidades' } });
    req.estado = RequestState.observado;
  }
  toString = () => `new Observe(${this.r})`;
}

/** Fleet chief: approves (the push to SICAM is queued) or rejects a request pending approval. */
export class Decide implements Cmd {
  constructor(readonly r: number, readonly approve: boolean) {}
  check = (m: Readonly<Model>) => m.requests.some((r) => r.estado === RequestState.pendienteAprobacion);
  async run(model: Model, w: World) {
    const req = at(model.requests.filter((r) => r.estado === RequestState.pendienteAprobacion), this.r)!;
    if (this.approve) {
      await w.ok('jefe', 'POST', '/solicitudes_compras/aprobar', { json: { id_solicitud_compra: req.id } });
      req.estado = RequestState.solicitado;
      req.approved = true;
    } else {
      await w.ok('jefe', 'POST', '/solicitudes_compras/rechazar', { json: { id_solicitud_compra: req.id, motivo_rechazo: 'Sin presupuesto este mes' } });
      req.estado = RequestState.rechazado;
    }
  }
  toString = () => `new Decide(${this.r}, ${this.approve})`;
}

export type Fault = 'none' | 'fail' | 'refuse' | 'loseReply' | 'outage';

/** The worker runs the queued SICAM pushes once, SICAM answering with `fault`. */
export class WorkerPush implements Cmd {
  constructor(readonly fault: Fault) {}
  check = (m: Readonly<Model>) => m.requests.some((r) => r.approved);
  async run(model: Model, w: World) {
    const k = w.sim.sim.knobs;
    if (this.fault === 'fail') k.failNext = 1;
    if (this.fault === 'refuse') k.refuseNext = 1;
    if (this.fault === 'loseReply') k.loseReplyRate = 1;
    if (this.fault === 'outage') k.outage = true;
    try {
      await w.runPushes(model.requests.map((r) => r.id));
    } finally {
      Object.assign(k, { failNext: 0, refuseNext: 0, loseReplyRate: 0, outage: false });
    }
  }
  toString = () => `new WorkerPush(${json(this.fault)})`;
}

/** Fleet chief: sends again a request whose push SICAM refused ('enviarASicam'). */
export class Resend implements Cmd {
  constructor(readonly r: number) {}
  check = (m: Readonly<Model>) => m.requests.some((r) => r.approved);
  async run(model: Model, w: World) {
    const ids = model.requests.filter((r) => r.approved).map((r) => r.id);
    const failed = await w.api.sql<{ id: number }[]>`
      SELECT id::int FROM rm_solicitudes_compras WHERE id IN ${w.api.sql(ids)} AND enviado_sicam = 0 AND estado = 5 AND sicam_estado = 'fallido' ORDER BY id`;
    const target = at(failed, this.r);
    if (!target) return;
    // SICAM may refuse again (409 'Hubo problemas al enviar a SICAM'): a 4xx in Spanish either way.
    await w.call('jefe', 'POST', '/solicitudes_compras/enviarASicam', { json: { id_solicitud_compra: target.id } });
  }
  toString = () => `new Resend(${this.r})`;
}

/** SICAM moves a sent request's purchase order on (sent for approval, approved), then the central
 * storekeeper presses "Actualizar Estados" (the pull; `failPull`: SICAM does not answer it). */
export class SicamProgress implements Cmd {
  constructor(readonly r: number, readonly to: 'enviada_aprobacion' | 'aprobada', readonly failPull = false) {}
  check = (m: Readonly<Model>) => m.requests.some((r) => r.approved);
  async run(model: Model, w: World) {
    const ids = model.requests.filter((r) => r.approved).map((r) => r.id);
    const sent = await w.api.sql<{ id: number; codigo: string }[]>`
      SELECT id::int, codigo FROM rm_solicitudes_compras WHERE id IN ${w.api.sql(ids)} AND enviado_sicam = 1 AND estado = 5 ORDER BY id`;
    const target = at(sent, this.r);
    if (!target) return;
    const inSicam = [...w.sim.sim.requests.values()].filter((x) => x.codigo === target.codigo);
    if (inSicam.length !== 1) throw new Violation(`request ${target.id} is sent but SICAM holds it ${inSicam.length} times`);
    const order = inSicam[0];
    if (order.estado === 'anulada' || order.estado === 'aprobada') return;
    if (!(this.to === 'aprobada' && order.estado === 'recibida')) w.sim.sim.advance(order.id_sicam, this.to);
    else w.sim.sim.advance(order.id_sicam, 'enviada_aprobacion');
    if (this.failPull) w.sim.sim.knobs.failNext = 5;
    try {
      const r = await w.call('almacen.central', 'POST', '/almacen_central_ots/actualizarEstados', { json: { id_solicitud_compra: target.id } });
      if (!this.failPull && r.status !== 200) throw new Violation(`request ${target.id}: 'Actualizar Estados' refused (${r.status} ${r.body.msg})`);
    } finally {
      w.sim.sim.knobs.failNext = 0;
    }
    const req = model.requests.find((x) => x.id === target.id)!;
    const [row] = await w.api.sql<{ n: string | null }[]>`SELECT max(numero_orden) AS n FROM rm_productos_solicitados WHERE id_solicitud_compra = ${req.id}`;
    req.numeroOrden = row.n;
    req.ocApproved = (await w.api.sql`SELECT 1 FROM rm_productos_solicitados WHERE id_solicitud_compra = ${req.id} AND estado = 7`).length > 0 || req.ocApproved;
  }
  toString = () => `new SicamProgress(${this.r}, ${json(this.to)}, ${this.failPull})`;
}

/** Central storekeeper: imports the purchasing system's Excel with the bought units of a purchase
 * order (all of them, or about half). */
export class ImportEntries implements Cmd {
  constructor(readonly r: number, readonly half: boolean) {}
  check = (m: Readonly<Model>) => m.requests.some((r) => r.ocApproved && r.products.some((p) => p.buy > p.entered));
  async run(model: Model, w: World) {
    const req = at(model.requests.filter((r) => r.ocApproved && r.products.some((p) => p.buy > p.entered)), this.r)!;
    const rows = req.products.filter((p) => p.buy > p.entered).map((p) => {
      const rest = round(p.buy - p.entered);
      return { p, cantidad: this.half && rest > 1 ? Math.floor(rest / 2) : rest };
    });
    const codigo = (p: MProduct) => w.materials.find((m) => m.id === p.material)!.codigo;
    const obra = w.sites.find((s) => s.id === model.orders.find((o) => o.id === req.order)?.obra)?.codigo;
    await w.ok('almacen.central', 'POST', '/almacen_central_entradas_archivos', { form: await w.entriesWorkbook(req.numeroOrden!, rows.map((x) => ({ codigo: codigo(x.p), cantidad: x.cantidad })), obra) });
    for (const x of rows) x.p.entered = round(x.p.entered + x.cantidad);
  }
  toString = () => `new ImportEntries(${this.r}, ${this.half})`;
}

/** Central storekeeper: transfers a product to its site with a waybill from the group the transfer
 * screen offers (the central stock 'STOCK' or its purchase order): the screen's suggested
 * quantity must be accepted by the save. */
export class Transfer implements Cmd {
  constructor(readonly r: number, readonly p: number, readonly from: 'STOCK' | 'OC') {}
  private pending(m: Readonly<Model>) {
    // Central stock leaves once the request is approved, or at once for a product the central
    // warehouse covered entirely (nothing to buy: 8 en almacén central, issue 28).
    return m.requests.flatMap((r) => r.products.map((p) => ({ r, p })))
      .filter(({ r, p }) => (this.from === 'STOCK' ? p.central > p.sentStock && (r.approved || (r.attended && p.buy === 0)) : p.entered > p.sentOrder));
  }
  check = (m: Readonly<Model>) => this.pending(m).length > 0;
  async run(model: Model, w: World) {
    const { r: req, p } = at(this.pending(model), this.r + this.p)!;
    const codigo = w.materials.find((m) => m.id === p.material)!.codigo;
    const group = this.from === 'STOCK' ? 'STOCK' : req.numeroOrden!;
    const offered = await w.ok('almacen.central', 'GET', '/almacen_central_traslado_materiales/obtenerProductosSolicitados', { query: { codigo_recurso: codigo, numero_orden_compra: group } });
    const row = (offered.items as { id: number; cantidad_a_salir: number }[]).find((x) => x.id === p.id);
    const rest = round(this.from === 'STOCK' ? p.central - p.sentStock : p.entered - p.sentOrder);
    const need = round(p.qty - p.sentStock - p.sentOrder);
    const expected = Math.min(rest, need);
    if (!row || row.cantidad_a_salir < expected) {
      throw new Violation(`product ${p.id} (request ${req.id}): the transfer screen offers ${row ? row.cantidad_a_salir : 'nothing'} under ${group}, the model ${expected} (stuck)`);
    }
    await w.ok('almacen.central', 'POST', '/almacen_central_traslado_materiales/create', { json: {
      numero_guia: `GR-M-${w.next()}`, salidas: [{ id_producto_solicitado: p.id, cantidad_a_salir: expected, numero_orden_compra: group }],
    } });
    if (this.from === 'STOCK') p.sentStock = round(p.sentStock + expected);
    else p.sentOrder = round(p.sentOrder + expected);
    // The waybill needs no transfer request first (see RequestTransfer): count those that had none.
    if (this.from === 'OC') {
      const key = `waybill from an order's group ${model.transferRequested.has(groupKey(group, p.material)) ? 'with' : 'without'} a transfer request`;
      w.outcomes.set(key, (w.outcomes.get(key) ?? 0) + 1);
    }
  }
  toString = () => `new Transfer(${this.r}, ${this.p}, ${json(this.from)})`;
}

// ── Transfer requests (`/traslado_materiales`, milestone 14) ─────────────────────────────────────
// The central warehouse asks for the transfer of a group of processed entries: a purchase order's
// entries of one resource code. The product's rules (services/api/central-warehouse/transfer-requests.ts,
// docs/modules/central-warehouse.md): a group must have processed entries (422
// `traslados.{i}.numero_orden_compra` otherwise); asking again for a group already asked for is
// accepted (the list's `traslado_solicitado` stays 1; nothing in the seed or the docs refuses it);
// the request reaches milestone 14 of the orders whose requests hold that order number. The
// waybill transfer (`/almacen_central_traslado_materiales/create`) does NOT need a transfer request
// first: the docs give it no such precondition and SEED-002-ANALYSIS §5 lists 14 and 15 as two
// milestones of their own, so `Transfer` below keeps no precondition on it (the run counts the
// waybills that left a purchase order's group nobody asked for).

/** A group of a purchase order's entries as the model keys it: `numero_orden|id_material`. */
export const groupKey = (numeroOrden: string, material: number) => `${numeroOrden}|${material}`;

/** The model's groups with processed entries: per (order number, material) what entered and what
 * left by waybill from it (the products of one request share its order number). */
export function enteredGroups(m: Readonly<Model>) {
  const out = new Map<string, { req: MRequest; material: number; entered: number; sent: number }>();
  for (const req of m.requests) {
    if (!req.numeroOrden) continue;
    for (const p of req.products) {
      if (!(p.entered > 0)) continue;
      const k = groupKey(req.numeroOrden, p.material);
      const g = out.get(k) ?? { req, material: p.material, entered: 0, sent: 0 };
      g.entered = round(g.entered + p.entered);
      g.sent = round(g.sent + p.sentOrder);
      out.set(k, g);
    }
  }
  return out;
}

export type TransferRequestKind = 'valid' | 'unknownOrder' | 'notEntered' | 'empty' | 'noRight';

/** Central storekeeper: asks for the transfer of a group of processed entries (valid: a group the
 * model entered, the ones not yet asked for first); or an invalid request: an unknown order number,
 * a known order whose code has no processed entry, an empty list, a profile without the right. */
export class RequestTransfer implements Cmd {
  constructor(readonly g: number, readonly kind: TransferRequestKind) {}
  private groups(m: Readonly<Model>) {
    const all = [...enteredGroups(m)];
    return [...all.filter(([k]) => !m.transferRequested.has(k)), ...all.filter(([k]) => m.transferRequested.has(k))];
  }
  /** Products of an order with a number whose own group has no entry at all. */
  private notEntered(m: Readonly<Model>) {
    const entered = enteredGroups(m);
    return m.requests.flatMap((r) => (r.numeroOrden ? r.products.filter((p) => !entered.has(groupKey(r.numeroOrden!, p.material))).map((p) => ({ r, p })) : []));
  }
  check = (m: Readonly<Model>) => (this.kind === 'valid' ? enteredGroups(m).size > 0 : this.kind === 'notEntered' ? this.notEntered(m).length > 0 : true);
  async run(model: Model, w: World) {
    const path = '/traslado_materiales/create';
    const codigo = (material: number) => w.materials.find((x) => x.id === material)!.codigo;
    switch (this.kind) {
      case 'unknownOrder':
        await w.refused('almacen.central', 'POST', path, { json: { traslados: [{ codigo_recurso: w.materials[0].codigo, numero_orden_compra: `OC-NO-${w.next()}` }] } });
        return;
      case 'notEntered': {
        const { r, p } = at(this.notEntered(model), this.g)!;
        await w.refused('almacen.central', 'POST', path, { json: { traslados: [{ codigo_recurso: codigo(p.material), numero_orden_compra: r.numeroOrden }] } });
        return;
      }
      case 'empty':
        await w.refused('almacen.central', 'POST', path, { json: { traslados: [] } });
        return;
      case 'noRight': {
        const g = at(this.groups(model), this.g);
        await w.refused('mecanico', 'POST', path, { json: { traslados: g ? [{ codigo_recurso: codigo(g[1].material), numero_orden_compra: g[1].req.numeroOrden }] : [{ codigo_recurso: w.materials[0].codigo, numero_orden_compra: 'OC-1' }] } });
        return;
      }
      case 'valid': {
        const [key, g] = at(this.groups(model), this.g)!;
        const numero = g.req.numeroOrden!;
        const body = await w.ok('almacen.central', 'POST', path, { json: { traslados: [{ codigo_recurso: codigo(g.material).toLowerCase(), numero_orden_compra: numero }] } });
        model.transferRequested.add(key);
        const id = Number(body.id_solicitud_traslado);
        const rows = await w.api.sql<{ codigo_recurso: string; numero_orden_compra: string }[]>`
          SELECT codigo_recurso, numero_orden_compra FROM rm_traslados_solicitados WHERE id_solicitud_traslado = ${id}`;
        if (rows.length !== 1 || rows[0].codigo_recurso !== codigo(g.material) || rows[0].numero_orden_compra !== numero) {
          throw new Violation(`transfer request ${id} of ${numero} ${codigo(g.material)} recorded ${json(rows)}`);
        }
        // The screen's list shows the group asked for, with what entered and what left by waybill.
        const list = await w.ok('almacen.central', 'GET', '/traslado_materiales', { query: { numero_orden_compra: numero, limit: 100 } });
        const row = (list.items as { codigo_recurso: string; cantidad_entrada: number; cantidad_trasladada: number; traslado_solicitado: number }[]).find((x) => x.codigo_recurso === codigo(g.material));
        if (!row || row.traslado_solicitado !== 1 || Math.abs(row.cantidad_entrada - g.entered) > 1e-6 || Math.abs(row.cantidad_trasladada - g.sent) > 1e-6) {
          throw new Violation(`transfer request of ${numero} ${codigo(g.material)}: the list shows ${json(row ?? null)}, the model entered ${g.entered} and sent ${g.sent}`);
        }
        // Milestone 14 of the order whose request holds that order number.
        await w.catchUp();
        const [t] = await w.api.sql<{ f: Date | null }[]>`SELECT fechas[14] AS f FROM rm_trazabilidad WHERE id_orden_trabajo = ${g.req.order}`;
        if (!t?.f) throw new Violation(`transfer request ${id} of ${numero}: OT ${g.req.order} has not reached milestone 14 (SOLICITO_TRASLADO_REPUESTOS)`);
        return;
      }
    }
  }
  toString = () => `new RequestTransfer(${this.g}, ${json(this.kind)})`;
}
// ── end of transfer requests ─────────────────────────────────────────────────────────────────────

/** Site storekeeper: receives what was sent to the site. */
// ── Cancellations (seed 002 §4: anular_sicoe, anular_sicoe_material) ─────────────────────────
// The model annuls only what has not moved yet (nothing sent, entered or received), so the rest
// of the chain keeps its simple picture; a product or request the state table does not let go is
// tried too and must be refused with a 4xx in Spanish.

/** A product nothing has moved yet: the model may annul it without losing track of any unit. */
const untouched = (p: MProduct) => !p.annulled && p.sentStock === 0 && p.sentOrder === 0 && p.entered === 0 && p.received === 0;
const annul = (p: MProduct) => Object.assign(p, { annulled: true, central: 0, buy: 0 });

/** Supervisor: annuls one requested product ('Anular' on the product). Before a purchase order it
 * is cancelled (2), in one (12 or 7) annulled in it (13); later states, and 8 (served from central
 * stock), refuse. The model keeps one live product per request, so a request never empties. */
export class AnnulProduct implements Cmd {
  constructor(readonly p: number) {}
  private candidates = (m: Readonly<Model>) => m.requests.filter((r) => r.products.filter((p) => !p.annulled).length >= 2).flatMap((r) => r.products.filter(untouched).map((p) => ({ r, p })));
  check = (m: Readonly<Model>) => this.candidates(m).length > 0;
  async run(model: Model, w: World) {
    const { r: req, p } = at(this.candidates(model), this.p)!;
    const [{ estado }] = await w.api.sql<{ estado: number }[]>`SELECT estado::int FROM rm_productos_solicitados WHERE id = ${p.id}`;
    const inOrder = estado === ProductState.enOC || estado === ProductState.pendienteAprobacionOC;
    const before = estado < ProductState.enOC && estado !== ProductState.cancelado && estado !== ProductState.rechazado;
    if (!inOrder && !before) {
      await w.refused('supervisor', 'POST', '/solicitudes_compras/anular_sicoe_material', { json: { id_gestion_ot: p.id } });
      return;
    }
    await w.ok('supervisor', 'POST', '/solicitudes_compras/anular_sicoe_material', { json: { id_gestion_ot: p.id } });
    annul(p);
    const [{ now }] = await w.api.sql<{ now: number }[]>`SELECT estado::int AS now FROM rm_productos_solicitados WHERE id = ${p.id}`;
    const expected = inOrder ? ProductState.enOCAnulado : ProductState.cancelado;
    if (now !== expected) throw new Violation(`product ${p.id} (request ${req.id}) annulled from ${estado}: state ${now}, expected ${expected}`);
  }
  toString = () => `new AnnulProduct(${this.p})`;
}

/** Supervisor: annuls a whole request ('Anular'): only a solicitado one SICAM has not received
 * yet; any other is refused. The model annuls only requests none of whose products moved. */
export class AnnulRequest implements Cmd {
  constructor(readonly r: number) {}
  private candidates = (m: Readonly<Model>) => m.requests.filter((r) => !FINAL_REQUEST.has(r.estado) && r.products.every((p) => p.annulled || untouched(p)));
  check = (m: Readonly<Model>) => this.candidates(m).length > 0;
  async run(model: Model, w: World) {
    const req = at(this.candidates(model), this.r)!;
    const [row] = await w.api.sql<{ estado: number; enviado: number }[]>`SELECT estado::int, enviado_sicam::int AS enviado FROM rm_solicitudes_compras WHERE id = ${req.id}`;
    if (row.estado !== RequestState.solicitado || row.enviado === 1) {
      await w.refused('supervisor', 'POST', '/solicitudes_compras/anular_sicoe', { json: { id_solicitud_compra: req.id } });
      return;
    }
    await w.ok('supervisor', 'POST', '/solicitudes_compras/anular_sicoe', { json: { id_solicitud_compra: req.id } });
    req.estado = RequestState.cancelado;
    req.products.forEach(annul);
    const now = await requestEstado(w, req.id);
    if (now !== RequestState.cancelado) throw new Violation(`request ${req.id} annulled: estado ${now}`);
  }
  toString = () => `new AnnulRequest(${this.r})`;
}
// ── end of cancellations ─────────────────────────────────────────────────────────────────────

export class Receive implements Cmd {
  constructor(readonly r: number) {}
  private pending = (m: Readonly<Model>) => m.requests.flatMap((r) => r.products).filter((p) => p.sentStock + p.sentOrder > p.received);
  check = (m: Readonly<Model>) => this.pending(m).length > 0;
  async run(model: Model, w: World) {
    const p = at(this.pending(model), this.r)!;
    const cantidad = round(p.sentStock + p.sentOrder - p.received);
    await w.ok('almacen.obra', 'POST', '/almacen_obra_entradas/create', { json: { entradas: [{ id_producto_solicitado: p.id, cantidad_entrante: cantidad }] } });
    p.received = round(p.received + cantidad);
  }
  toString = () => `new Receive(${this.r})`;
}

const lineAvailable = (m: Readonly<Model>, o: MOrder, l: MLine) => {
  const received = m.requests.filter((r) => r.order === o.id).flatMap((r) => r.products).filter((p) => p.line === l.id).reduce((s, p) => s + p.received, 0);
  return round(l.site + received - l.issued);
};

/** Site storekeeper: issues a line's parts to the technician with a voucher (what the site holds for it). */
export class Issue implements Cmd {
  constructor(readonly l: number) {}
  private pending = (m: Readonly<Model>) => m.orders.filter((o) => o.attended).flatMap((o) => o.lines.map((l) => ({ o, l }))).filter(({ o, l }) => lineAvailable(m, o, l) > 0);
  check = (m: Readonly<Model>) => this.pending(m).length > 0;
  async run(model: Model, w: World) {
    const { o, l } = at(this.pending(model), this.l)!;
    const cantidad = lineAvailable(model, o, l);
    await w.ok('almacen.obra', 'POST', '/almacen_obra_salidas/create', { json: { vale_salida: `VS-M-${w.next()}`, salidas: [{ id_producto_solicitado: l.id, cantidad_a_salir: cantidad }] } });
    l.issued = round(l.issued + cantidad);
  }
  toString = () => `new Issue(${this.l})`;
}

export type InvalidKind = 'approveNotPending' | 'transferTooMuch' | 'receiveTooMuch' | 'issueTooMuch' | 'attendTwice' | 'unknownRequest' | 'mechanicApproves' | 'entryPendingOrder';

/** An action the state tables refuse: it must answer 4xx with a Spanish message and change nothing
 * the invariants can see. */
export class Invalid implements Cmd {
  constructor(readonly kind: InvalidKind, readonly i: number) {}
  check = () => true;
  async run(model: Model, w: World) {
    const req = at(model.requests, this.i);
    const prod = req && at(req.products, this.i);
    switch (this.kind) {
      case 'approveNotPending':
        if (req && req.estado !== RequestState.pendienteAprobacion) await w.refused('jefe', 'POST', '/solicitudes_compras/aprobar', { json: { id_solicitud_compra: req.id } });
        return;
      case 'attendTwice':
        if (req && req.estado !== RequestState.pendienteAtencionAlmacenCentral) await w.refused('almacen.central', 'POST', '/almacen_central_ots/create', { json: { id: req.id, terminado: 1, productos_solicitados: [] } });
        return;
      case 'transferTooMuch':
        if (prod) await w.refused('almacen.central', 'POST', '/almacen_central_traslado_materiales/create', { json: { numero_guia: 'GR-X', salidas: [{ id_producto_solicitado: prod.id, cantidad_a_salir: prod.qty + 1, numero_orden_compra: 'STOCK' }] } });
        return;
      case 'receiveTooMuch':
        if (prod) await w.refused('almacen.obra', 'POST', '/almacen_obra_entradas/create', { json: { entradas: [{ id_producto_solicitado: prod.id, cantidad_entrante: round(prod.sentStock + prod.sentOrder - prod.received + 1) }] } });
        return;
      case 'issueTooMuch': {
        const o = at(model.orders.filter((x) => x.attended), this.i);
        const l = o && at(o.lines, this.i);
        if (o && l) await w.refused('almacen.obra', 'POST', '/almacen_obra_salidas/create', { json: { vale_salida: 'VS-X', salidas: [{ id_producto_solicitado: l.id, cantidad_a_salir: round(lineAvailable(model, o, l) + 1) }] } });
        return;
      }
      case 'unknownRequest':
        await w.refused('jefe', 'POST', '/solicitudes_compras/aprobar', { json: { id_solicitud_compra: 987_654_321 } });
        return;
      case 'mechanicApproves':
        if (req) await w.refused('mecanico', 'POST', '/solicitudes_compras/aprobar', { json: { id_solicitud_compra: req.id } });
        return;
      case 'entryPendingOrder': {
        // Entries for an order SICAM has not approved yet (every product of it in 12): each row is
        // refused in the import's reply, and nothing comes in (no entry, no product entered).
        const pending = at(model.requests.filter((r) => r.numeroOrden && !r.ocApproved && r.products.some((p) => p.buy > 0)), this.i);
        if (!pending) return;
        const orden = pending.numeroOrden!;
        const [{ n: before }] = await w.api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_almacen_central_entradas WHERE numero_orden_compra = ${orden}`;
        if ((await w.api.sql`SELECT 1 FROM rm_productos_solicitados WHERE numero_orden = ${orden} AND estado <> ${ProductState.pendienteAprobacionOC}`).length) return;
        const rows = pending.products.filter((p) => p.buy > 0).map((p) => ({ codigo: w.materials.find((m) => m.id === p.material)!.codigo, cantidad: p.buy }));
        const body = await w.ok('almacen.central', 'POST', '/almacen_central_entradas_archivos', { form: await w.entriesWorkbook(orden, rows) });
        const refused = (body.invalidos as { motivo: string }[] | undefined) ?? [];
        if (body.validos !== 0 || refused.length !== rows.length || !refused.every((r) => r.motivo.includes('pendiente de aprobación')))
          throw new Violation(`entries for ${orden}, still pending approval in SICAM: ${String(body.validos)} valid, refused ${JSON.stringify(refused.map((r) => r.motivo))}`);
        const [{ n: after }] = await w.api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_almacen_central_entradas WHERE numero_orden_compra = ${orden}`;
        if (after !== before) throw new Violation(`entries for ${orden}, still pending approval: ${after - before} entries stored`);
        return;
      }
    }
  }
  toString = () => `new Invalid(${json(this.kind)}, ${this.i})`;
}

/** The transfer-request commands (RequestTransfer): valid, and each invalid kind. */
function transferRequestArbitraries(i: fc.Arbitrary<number>): fc.Arbitrary<Cmd>[] {
  const valid = i.map((g) => new RequestTransfer(g, 'valid'));
  const invalid = fc.tuple(i, fc.constantFrom<TransferRequestKind>('unknownOrder', 'notEntered', 'notEntered', 'empty', 'noRight')).map(([g, k]) => new RequestTransfer(g, k));
  return [valid, valid, invalid];
}

/** Every command, with its inputs drawn small (so shrinking reaches short, readable steps). */
export function commandArbitraries(): fc.Arbitrary<Cmd>[] {
  const qty = fc.integer({ min: 1, max: 5 });
  const i = fc.nat({ max: 7 });
  // Parts: the world's two materials (0, 1) mostly, else the newest ones the month created (2, 3).
  const one = fc.tuple(fc.constantFrom(0, 0, 1, 2), qty).map(([m, a]) => [{ m, qty: a }]);
  const two = fc.tuple(fc.constantFrom([0, 1], [0, 1], [0, 1], [2, 0], [1, 3]), qty, qty).map(([[m, n], a, b]) => [{ m, qty: a }, { m: n, qty: b }]);
  const open = fc.tuple(fc.nat({ max: 3 }), fc.oneof({ arbitrary: one, weight: 1 }, { arbitrary: two, weight: 3 })).map(([m, parts]) => new OpenOrder(m, parts));
  const attend = fc.tuple(i, fc.array(fc.constantFrom(0, 0, 0, 1, 2, 5), { minLength: 2, maxLength: 2 })).map(([o, s]) => new AttendPedido(o, s));
  const generate = i.map((o) => new GenerateRequest(o));
  const send = i.map((r) => new SendRequest(r));
  const central = fc.tuple(i, fc.array(fc.constantFrom(0, 5, 5, 1, 2, 3), { minLength: 2, maxLength: 2 })).map(([r, s]) => new CentralAttend(r, s));
  const decide = fc.tuple(i, fc.boolean(), fc.boolean()).map(([r, a, b]) => new Decide(r, a || b));
  const push = fc.constantFrom<Fault>('none', 'none', 'none', 'fail', 'refuse', 'loseReply', 'outage').map((f) => new WorkerPush(f));
  const progress = fc.tuple(i, fc.constantFrom<'enviada_aprobacion' | 'aprobada'>('enviada_aprobacion', 'aprobada'), fc.nat({ max: 5 })).map(([r, to, f]) => new SicamProgress(r, to, f === 0));
  const entries = fc.tuple(i, fc.boolean()).map(([r, h]) => new ImportEntries(r, h));
  const transfer = fc.tuple(i, i, fc.constantFrom<'STOCK' | 'OC'>('STOCK', 'OC')).map(([r, p, f]) => new Transfer(r, p, f));
  const receive = i.map((r) => new Receive(r));
  const issue = i.map((l) => new Issue(l));
  const invalid = fc.tuple(fc.constantFrom<InvalidKind>('approveNotPending', 'transferTooMuch', 'receiveTooMuch', 'issueTooMuch', 'attendTwice', 'unknownRequest', 'mechanicApproves', 'entryPendingOrder'), i).map(([k, n]) => new Invalid(k, n));
  // The chain's later steps are listed more than once: fc.commands picks uniformly among these, and
  // a step whose precondition does not hold is skipped, so a history reaches the far end of the chain.
  return [
    open, open, attend, attend, generate, generate, send, send, central, central, central, i.map((r) => new Observe(r)), decide, decide, decide, push, push,
    i.map((r) => new Resend(r)), progress, progress, progress, entries, entries, transfer, transfer, transfer, receive, receive, issue, issue, invalid,
    // Transfer requests: a valid one twice as often as an invalid one.
    ...transferRequestArbitraries(i),
    // Hour-meter logs, PM plans, new materials and renames of masters (master-model.ts).
    ...masterArbitraries(),
    // Cancellations: a product or a whole request.
    i.map((p) => new AnnulProduct(p)), i.map((r) => new AnnulRequest(r)),
  ];
}

/** The chain's invariants over the tables, after every step. Returns nothing; throws a Violation. */
export async function checkInvariants(model: Model, w: World) {
  const sql = w.api.sql;
  await w.catchUp();
  await checkMasterInvariants(w);
  // Stock per warehouse × material: never negative, equal to the sum of its ledger rows, cost ≥ 0.
  const stock = await sql<{ id_stock: number; saldo: number; costo: number | null; ledger: number | null }[]>`
    SELECT s.id_stock::int, s.saldo::float8, s.costo_promedio::float8 AS costo,
           (SELECT sum(m.cantidad) FROM rm_stock_movimientos m WHERE m.id_stock = s.id_stock)::float8 AS ledger
      FROM rm_stock s`;
  for (const s of stock) {
    if (s.saldo < 0) throw new Violation(`stock ${s.id_stock}: negative balance ${s.saldo}`);
    if (Math.abs(s.saldo - (s.ledger ?? 0)) > 1e-6) throw new Violation(`stock ${s.id_stock}: balance ${s.saldo} but its ledger sums ${s.ledger}`);
    if (s.costo !== null && s.costo < 0) throw new Violation(`stock ${s.id_stock}: negative average cost ${s.costo}`);
  }
  await checkChainDetail(model, w);
  if (!model.requests.length) return;
  const ids = model.requests.map((r) => r.id);
  const products = await sql<{ id: number; id_solicitud_compra: number; estado: number; qty: number; central: number; buy: number; sent: number; received: number; line: number | null; numero_orden: string | null }[]>`
    SELECT id::int, id_solicitud_compra::int, estado::int, cantidad_solicitada_por_almacen_obra::float8 AS qty, cantidad_en_almacen_central::float8 AS central,
           cantidad_solicitada_por_almacen_central::float8 AS buy, cantidad_enviada_obra::float8 AS sent, cantidad_recibida_obra::float8 AS received, id_linea_ot::int AS line, numero_orden
      FROM rm_productos_solicitados WHERE id_solicitud_compra IN ${sql(ids)}`;
  const requests = await sql<{ id: number; estado: number; id_orden_trabajo: number | null; codigo: string }[]>`
    SELECT id::int, estado::int, id_orden_trabajo::int, codigo FROM rm_solicitudes_compras WHERE id IN ${sql(ids)}`;
  const byId = new Map(products.map((p) => [p.id, p]));
  for (const req of model.requests) {
    for (const mp of req.products) {
      const p = byId.get(mp.id);
      if (!p) throw new Violation(`product ${mp.id} of request ${req.id} is gone`);
      // Conserved: requested = served from central stock + bought (cancelled ones leave the chain).
      if (p.estado !== ProductState.cancelado && p.central + p.buy > 0 && Math.abs(p.qty - p.central - p.buy) > 1e-6) {
        throw new Violation(`product ${p.id}: requested ${p.qty} ≠ central ${p.central} + to buy ${p.buy}`);
      }
      if (p.received > p.sent + 1e-6) throw new Violation(`product ${p.id}: received ${p.received} > sent ${p.sent}`);
      if (p.sent > p.qty + 1e-6) throw new Violation(`product ${p.id}: sent ${p.sent} > requested ${p.qty}`);
      if (Math.abs(p.sent - mp.sentStock - mp.sentOrder) > 1e-6) throw new Violation(`product ${p.id}: sent ${p.sent}, the model sent ${mp.sentStock + mp.sentOrder}`);
      // Served in full from central stock (nothing to buy): 8 en almacén central once attended, and
      // never in the approval, the SICAM push or the purchase order (issue 28).
      if (req.attended && mp.central > 0 && mp.buy === 0) {
        if (![ProductState.enAlmacenCentral, ...SERVED].includes(p.estado as never) || p.numero_orden) {
          throw new Violation(`product ${p.id} (request ${req.id}) is served in full from central stock (${mp.central} of ${mp.qty}) but is in state ${p.estado}${p.numero_orden ? ` under ${p.numero_orden}` : ''}`);
        }
        const codigo = requests.find((x) => x.id === req.id)?.codigo;
        const pushed = [...w.sim.sim.requests.values()].filter((x) => x.codigo === codigo).flatMap((x) => x.productos).some((x) => x.id_producto_solicitado === p.id);
        if (pushed) throw new Violation(`product ${p.id} (request ${req.id}) is served in full from central stock but was pushed to SICAM`);
      }
      if (Math.abs(p.received - mp.received) > 1e-6) throw new Violation(`product ${p.id}: received ${p.received}, the model ${mp.received}`);
    }
  }
  // Issued ≤ received + site stock, per OT line; the line's state follows its product's.
  const orderIds = model.orders.map((o) => o.id);
  const lines = await sql<{ id: number; id_orden_trabajo: number; issued: number; site: number; estado: number | null; id_producto: number | null }[]>`
    SELECT id::int, id_orden_trabajo::int, coalesce((line->>'cantidad_salida')::float8, 0) AS issued, coalesce((line->>'cantidad_en_almacen_obra')::float8, 0) AS site,
           (line->>'estado')::int AS estado, (line->>'id_producto_solicitado')::int AS id_producto
      FROM rm_ot_lineas WHERE tabla = 'productos_solicitados' AND id_orden_trabajo IN ${sql(orderIds.length ? orderIds : [0])}`;
  for (const l of lines) {
    const p = l.id_producto ? byId.get(l.id_producto) : undefined;
    const received = p?.received ?? 0;
    if (l.issued > l.site + received + 1e-6) throw new Violation(`OT line ${l.id}: issued ${l.issued} > received ${received} + site stock ${l.site}`);
    const ml = model.orders.find((o) => o.id === l.id_orden_trabajo)?.lines.find((x) => x.id === l.id);
    if (ml && Math.abs(ml.issued - l.issued) > 1e-6) throw new Violation(`OT line ${l.id}: issued ${l.issued}, the model ${ml.issued}`);
  }
  // A request's state agrees with its products'; the OT's parts situation with its request.
  const orders = await sql<{ id: number; id_solicitud_compra: number; solicitud_estado: string | null }[]>`
    SELECT id::int, id_solicitud_compra::int, solicitud_estado FROM rm_ordenes_trabajo WHERE id IN ${sql(orderIds.length ? orderIds : [0])}`;
  for (const r of requests) {
    const mine = products.filter((p) => p.id_solicitud_compra === r.id && p.estado !== ProductState.cancelado);
    const states = new Set(mine.map((p) => p.estado));
    const only = (allowed: number[]) => [...states].every((s) => allowed.includes(s));
    const agree =
      r.estado === RequestState.borrador ? only([ProductState.borrador])
      : r.estado === RequestState.pendienteAtencionAlmacenCentral ? only([ProductState.pendienteAtencionAlmacen])
      : r.estado === RequestState.pendienteAprobacion ? only([ProductState.pendienteAprobacion, ...SERVED])
      : r.estado === RequestState.rechazado ? only([ProductState.rechazado, ...SERVED])
      : r.estado === RequestState.observado ? only([ProductState.observado])
      : r.estado === RequestState.finalizado ? only([...FINAL_PRODUCT])
      : r.estado === RequestState.solicitado ? only([5, 7, 8, 9, 10, 11, 12, 13]) && !only([...FINAL_PRODUCT])
      : true;
    if (!agree) throw new Violation(`request ${r.id} is ${r.estado} but its products are ${[...states].join(', ')}`);
    const mr = model.requests.find((x) => x.id === r.id)!;
    if (mr.estado !== r.estado && !(mr.estado === RequestState.solicitado && r.estado === RequestState.finalizado)) {
      if (!(r.estado === RequestState.finalizado)) throw new Violation(`request ${r.id} is ${r.estado}, the model says ${mr.estado}`);
    }
    mr.estado = r.estado;
    const o = orders.find((x) => x.id === r.id_orden_trabajo);
    if (o && o.id_solicitud_compra === r.id && o.solicitud_estado !== requestStateText(r.estado as never)) {
      throw new Violation(`OT ${o.id} says its request is '${o.solicitud_estado}', the request is '${requestStateText(r.estado as never)}'`);
    }
  }
  // Nothing stuck: each product not final has an action some profile can take (the state table).
  for (const req of model.requests) {
    const r = requests.find((x) => x.id === req.id)!;
    for (const mp of req.products) {
      const p = byId.get(mp.id)!;
      if (FINAL_PRODUCT.has(p.estado)) continue;
      const canMove =
        [ProductState.borrador, ProductState.observado, ProductState.pendienteAtencionAlmacen, ProductState.pendienteAprobacion].includes(p.estado as never)
        || (p.estado === ProductState.solicitado) // the worker's push, a resend or SICAM's progress
        || (p.estado === ProductState.pendienteAprobacionOC) // SICAM approves the order
        || (p.estado === ProductState.enOC && p.buy > mp.entered) // the entries' Excel
        || p.sent > p.received // the site receives
        || mp.entered > mp.sentOrder // the central warehouse transfers what was bought
        || (p.central > mp.sentStock && (req.approved || p.buy === 0)) // or its own stock
        || (p.estado === ProductState.recibidoEnAlmacenObra) // the site issues
        || (FINAL_REQUEST.has(r.estado) && p.estado !== ProductState.enAlmacenCentral);
      if (!canMove) throw new Violation(`product ${p.id} (request ${req.id}) is stuck in state ${p.estado}: central ${p.central} (sent ${mp.sentStock}), bought ${p.buy} (entered ${mp.entered}, sent ${mp.sentOrder}), received ${p.received}`);
    }
  }
  // Traceability: reached milestones never move.
  const trace = await sql<{ id: number; fechas: (string | null)[] }[]>`
    SELECT id_orden_trabajo::int AS id, to_json(fechas) AS fechas FROM rm_trazabilidad WHERE id_orden_trabajo IN ${sql(orderIds.length ? orderIds : [0])}`;
  for (const t of trace) {
    const before = model.milestones.get(t.id);
    const now = (t.fechas ?? []).map((f) => (f ? new Date(f).toISOString() : null));
    if (before) {
      before.forEach((f, i) => {
        if (f && now[i] !== f) throw new Violation(`OT ${t.id}: milestone ${i + 1} moved from ${f} to ${now[i]}`);
      });
    }
    model.milestones.set(t.id, now);
  }
}

// ── Traceability in time order, each OT part line against its product, transfer-request groups ──

/**
 * The milestone pairs (a, b) the product's design orders for one work order: b's first time is
 * never before a's. A milestone's time is its first occurrence (`occurredAt`, docs/DECISIONS.md
 * "Traceability"); the model's calls happen live, so that is the order the chain reached them.
 * 'requires': b can only happen for the order after a happened for it (b reached ⇒ a reached
 * first); 'ifBoth': when both are reached, a came first (b may also be reached without a).
 * Deliberately NOT ordered (each may come first, or be skipped; docs/modules/traceability.md):
 * - 13 entry vs 15 waybill and 16 receipt: a part served from central stock leaves under STOCK
 *   with no entry, and another part of the same order may enter later;
 * - 14 transfer request vs 15 waybill: the waybill needs no transfer request (see RequestTransfer);
 * - 16 receipt vs 17 issue: site stock declared at the Pedido is issued with nothing received;
 * - 3/4 material creation vs the request chain beyond 5, and the compra (5, 7, 9, 11) vs the
 *   servicio (6, 8, 10, 12) milestones: an order has one request, of one kind;
 * - 18 closing vs the parts' milestones: an order may close with parts pending or none at all.
 */
export const MILESTONE_ORDER: readonly { a: number; b: number; kind: 'requires' | 'ifBoth'; why: string }[] = [
  ...[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18].map((b) => ({ a: 1, b, kind: 'requires' as const, why: 'everything happens to an order that exists' })),
  { a: 2, b: 3, kind: 'requires', why: 'the material-creation request is made by the Pedido\'s Atendido' },
  { a: 2, b: 5, kind: 'requires', why: 'crearPreSolicitud needs the Pedido attended (canGeneratePurchaseRequest)' },
  { a: 4, b: 5, kind: 'ifBoth', why: 'the purchase request needs every requested material created' },
  { a: 2, b: 17, kind: 'requires', why: 'an issue needs the Pedido attended (decideIssue)' },
  { a: 5, b: 7, kind: 'requires', why: 'a request is pushed to SICAM after it exists' },
  { a: 7, b: 9, kind: 'requires', why: 'the status pull reads only a request SICAM has' },
  { a: 9, b: 11, kind: 'ifBoth', why: 'sent for approval is recorded only before any order state (a missed pull skips it)' },
  { a: 7, b: 11, kind: 'requires', why: 'the status pull reads only a request SICAM has' },
  { a: 11, b: 13, kind: 'requires', why: 'entries enter products in 7 en OC only (the order approved)' },
  { a: 13, b: 14, kind: 'requires', why: 'a transfer request names a group of processed entries of the order' },
  { a: 5, b: 15, kind: 'requires', why: 'a waybill takes products of a request the central warehouse attended' },
  { a: 15, b: 16, kind: 'requires', why: 'the site receives what was sent' },
  { a: 6, b: 8, kind: 'requires', why: 'a service request is pushed to SICAM after it exists' },
  { a: 8, b: 10, kind: 'requires', why: 'the status pull reads only a request SICAM has' },
  { a: 10, b: 12, kind: 'ifBoth', why: 'as 9 before 11' },
  { a: 8, b: 12, kind: 'requires', why: 'the status pull reads only a request SICAM has' },
];

/** Per history, the invariant passes so far: the OT form read through the HTTP API rotates over
 * the model's orders, the same way in a run, its shrinking and a regression's replay. */
const formTurns = new WeakMap<Model, number>();

/** A line's state as the OT's Repuestos tab shows it (services/api/work-orders/load-work-order.ts
 * `loadLines`): served on site (9, 11) is the line's own, otherwise its product's once it has one. */
const shownState = (own: number, product: number | null) => (own === ProductState.enAlmacenObra || own === ProductState.salidaDeAlmacen ? own : (product ?? own));

/** Issue 28's "traceability milestones are reached in time order", "a request's state agrees with
 * its products' states; the OT's parts situation agrees with its request" at the level of each OT
 * part line, and the transfer requests' groups. Runs after the stock checks, with or without requests. */
export async function checkChainDetail(model: Model, w: World) {
  const sql = w.api.sql;
  if (!model.orders.length) return;
  const orderIds = model.orders.map((o) => o.id);
  // Milestones in time order.
  const trace = await sql<{ id: number; fechas: (string | null)[] }[]>`
    SELECT id_orden_trabajo::int AS id, to_json(fechas) AS fechas FROM rm_trazabilidad WHERE id_orden_trabajo IN ${sql(orderIds)}`;
  for (const t of trace) {
    const f = (t.fechas ?? []).map((x) => (x ? new Date(x).getTime() : null));
    for (const { a, b, kind, why } of MILESTONE_ORDER) {
      const fa = f[a - 1] ?? null;
      const fb = f[b - 1] ?? null;
      if (fb === null) continue;
      if (fa === null) {
        if (kind === 'requires') throw new Violation(`OT ${t.id}: milestone ${b} reached (${t.fechas[b - 1]}) without milestone ${a} (${why})`);
        continue;
      }
      if (fa > fb) throw new Violation(`OT ${t.id}: milestone ${b} reached at ${t.fechas[b - 1]}, before milestone ${a} at ${t.fechas[a - 1]} (${why})`);
    }
    // 14 only for an order whose request's purchase order had a transfer request.
    const req = model.requests.find((r) => r.order === t.id);
    if (f[13] !== null && req && !(req.numeroOrden && [...model.transferRequested].some((k) => k.startsWith(`${req.numeroOrden}|`)))) {
      throw new Violation(`OT ${t.id} reached milestone 14 but no transfer request named its order ${req.numeroOrden ?? '(none)'}`);
    }
  }
  // Each OT part line against its requested product: the line's state and quantities as its
  // Repuestos tab shows them (own state 9 / 11 on site, else its product's), and the product's.
  const lines = await sql<{
    id: number; orden: number; own: number | null; qty: number; site: number; received: number; issued: number; id_producto: number | null;
    p_estado: number | null; p_qty: number | null; p_sent: number | null; p_received: number | null;
  }[]>`
    SELECT l.id::int, l.id_orden_trabajo::int AS orden, (l.line->>'estado')::int AS own, coalesce((l.line->>'cantidad_solicitada_por_tecnico')::float8, 0) AS qty,
           coalesce((l.line->>'cantidad_en_almacen_obra')::float8, 0) AS site, coalesce((l.line->>'cantidad_recibida')::float8, 0) AS received,
           coalesce((l.line->>'cantidad_salida')::float8, 0) AS issued, (l.line->>'id_producto_solicitado')::int AS id_producto,
           ps.estado::int AS p_estado, ps.cantidad_solicitada_por_almacen_obra::float8 AS p_qty, ps.cantidad_enviada_obra::float8 AS p_sent, ps.cantidad_recibida_obra::float8 AS p_received
      FROM rm_ot_lineas l LEFT JOIN rm_productos_solicitados ps ON ps.id = (l.line->>'id_producto_solicitado')::bigint
     WHERE l.tabla = 'productos_solicitados' AND l.id_orden_trabajo IN ${sql(orderIds)} ORDER BY l.id`;
  const shown = new Map<number, number>();
  for (const l of lines) {
    const mo = model.orders.find((o) => o.id === l.orden)!;
    const ml = mo.lines.find((x) => x.id === l.id);
    if (!ml) throw new Violation(`OT ${mo.id} has a part line ${l.id} the model never opened`);
    const mp = model.requests.filter((r) => r.order === mo.id).flatMap((r) => r.products).find((p) => p.line === l.id);
    const where = `OT ${mo.id} line ${l.id}`;
    if ((l.id_producto ?? null) !== (mp?.id ?? null)) throw new Violation(`${where}: carried by product ${l.id_producto}, the model's product ${mp?.id ?? 'none'}`);
    if (Math.abs(l.site - ml.site) > 1e-6) throw new Violation(`${where}: en almacén obra ${l.site}, the model ${ml.site}`);
    if (Math.abs(l.received - (mp?.received ?? 0)) > 1e-6 || (mp && Math.abs(l.received - (l.p_received ?? 0)) > 1e-6)) {
      throw new Violation(`${where}: received ${l.received}, its product ${l.p_received ?? '—'}, the model ${mp?.received ?? 0}`);
    }
    if (l.issued > l.qty + 1e-6 || l.issued > l.site + l.received + 1e-6) throw new Violation(`${where}: issued ${l.issued} of ${l.qty} with ${l.site} on site and ${l.received} received`);
    const own = l.own ?? ProductState.borrador;
    const expected = l.issued >= l.qty - 1e-6 ? ProductState.salidaDeAlmacen : mo.attended && ml.site >= ml.qty ? ProductState.enAlmacenObra : ProductState.borrador;
    if (own !== expected) throw new Violation(`${where}: its own state is ${own}, the model expects ${expected} (requested ${l.qty}, site ${l.site}, issued ${l.issued})`);
    const state = shownState(own, l.p_estado);
    shown.set(l.id, state);
    if (mp) {
      if (Math.abs((l.p_qty ?? 0) - round(l.qty - l.site)) > 1e-6) throw new Violation(`${where}: its product asks ${l.p_qty}, the line needs ${round(l.qty - l.site)}`);
      if ((own === ProductState.salidaDeAlmacen) !== (l.p_estado === ProductState.salidaDeAlmacen)) {
        throw new Violation(`${where}: the line is ${own === ProductState.salidaDeAlmacen ? '' : 'not '}issued in full (${l.issued} of ${l.qty}) but its product ${l.id_producto} is in state ${l.p_estado}`);
      }
      if (state === ProductState.recibidoEnAlmacenObra && l.site + l.received < l.qty - 1e-6) throw new Violation(`${where}: shown as received at site but holds ${l.site} + ${l.received} of ${l.qty}`);
      if (state === ProductState.enAlmacenObra && (l.p_sent ?? 0) < (l.p_qty ?? 0) - 1e-6) throw new Violation(`${where}: shown as at the site warehouse but its product was sent ${l.p_sent} of ${l.p_qty}`);
    } else if (mo.attended && (mo.request ?? 0) > 0 && ml.site < ml.qty && own !== ProductState.salidaDeAlmacen) {
      throw new Violation(`${where}: needs ${round(ml.qty - ml.site)} beyond site stock, its order has request ${mo.request}, but no product carries it`);
    }
  }
  // The OT form, read through the API for one order per step: its lines' states, quantities and
  // the parts labels ('REPUESTOS EN PROCESO DE ATENCIÓN', 'REPUESTOS ATENDIDOS').
  const turn = formTurns.get(model) ?? 0;
  formTurns.set(model, turn + 1);
  const mo = model.orders[turn % model.orders.length];
  const form = await w.ok('supervisor', 'GET', '/ordenes_trabajo/form', { query: { id: mo.id } });
  const item = form.item as { labels: string[]; productos_solicitados: { id: number; estado: number; cantidad_en_almacen_obra: number; cantidad_recibida?: number; cantidad_salida?: number }[] };
  const mine = lines.filter((l) => l.orden === mo.id);
  const labels = partsSituation(mine.map((l) => l.own ?? ProductState.borrador), mo.attended || (mo.request ?? 0) > 0);
  if (json(item.labels) !== json(labels)) throw new Violation(`OT ${mo.id}: the form shows the labels ${json(item.labels)}, its lines say ${json(labels)}`);
  for (const l of mine) {
    const fl = item.productos_solicitados.find((x) => x.id === l.id);
    if (!fl || fl.estado !== shown.get(l.id) || Math.abs(Number(fl.cantidad_salida ?? 0) - l.issued) > 1e-6 || Math.abs(Number(fl.cantidad_recibida ?? 0) - l.received) > 1e-6 || Math.abs(Number(fl.cantidad_en_almacen_obra ?? 0) - l.site) > 1e-6) {
      throw new Violation(`OT ${mo.id} line ${l.id}: the form shows ${json(fl ?? null)}, the tables state ${shown.get(l.id)}, site ${l.site}, received ${l.received}, issued ${l.issued}`);
    }
  }
  // Transfer requests: a group asked for has processed entries; what left a group by waybill never
  // exceeds what entered it; the model's groups (entered, sent, asked for) as the tables hold them.
  const numbers = [...new Set(model.requests.map((r) => r.numeroOrden).filter((n): n is string => Boolean(n)))];
  if (!numbers.length) return;
  const groups = await sql<{ codigo: string; numero: string; entrada: number | null; trasladada: number; solicitado: boolean }[]>`
    WITH keys AS (
      SELECT codigo_recurso AS codigo, numero_orden_compra AS numero FROM rm_almacen_central_entradas WHERE numero_orden_compra IN ${sql(numbers)}
      UNION SELECT codigo_recurso, numero_orden_compra FROM rm_traslados_solicitados WHERE numero_orden_compra IN ${sql(numbers)}
      UNION SELECT codigo, numero_orden FROM rm_almacen_central_traslados WHERE numero_orden IN ${sql(numbers)})
    SELECT k.codigo, k.numero,
           (SELECT sum(e.cantidad) FROM rm_almacen_central_entradas e JOIN rm_almacen_central_entradas_archivos a ON a.id = e.id_archivo AND a.objeto_procesado = 1
             WHERE e.codigo_recurso = k.codigo AND e.numero_orden_compra = k.numero)::float8 AS entrada,
           coalesce((SELECT sum(t.cantidad) FROM rm_almacen_central_traslados t WHERE t.codigo = k.codigo AND t.numero_orden = k.numero), 0)::float8 AS trasladada,
           EXISTS (SELECT 1 FROM rm_traslados_solicitados s WHERE s.codigo_recurso = k.codigo AND s.numero_orden_compra = k.numero) AS solicitado
      FROM keys k`;
  const modelGroups = enteredGroups(model);
  for (const g of groups) {
    const where = `group ${g.numero} ${g.codigo}`;
    if (g.solicitado && !(g.entrada && g.entrada > 0)) throw new Violation(`${where}: a transfer request covers it but nothing entered it`);
    if (g.trasladada > (g.entrada ?? 0) + 1e-6) throw new Violation(`${where}: ${g.trasladada} left by waybill, only ${g.entrada ?? 0} entered`);
    const material = w.materials.find((m) => m.codigo === g.codigo);
    const mg = material && modelGroups.get(groupKey(g.numero, material.id));
    if (!mg) throw new Violation(`${where}: in the tables (entered ${g.entrada}, sent ${g.trasladada}) but not in the model`);
    if (Math.abs((g.entrada ?? 0) - mg.entered) > 1e-6 || Math.abs(g.trasladada - mg.sent) > 1e-6) throw new Violation(`${where}: entered ${g.entrada}, sent ${g.trasladada}; the model ${mg.entered}, ${mg.sent}`);
    if (g.solicitado !== model.transferRequested.has(groupKey(g.numero, material.id))) throw new Violation(`${where}: transfer requested ${g.solicitado}, the model ${!g.solicitado}`);
  }
}
// ── end of traceability order, OT lines and transfer-request groups ────────────────────────────
