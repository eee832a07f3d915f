import { centralEntryFiles } from '../../../events/central-entry-file/decider';
import type { CentralEntry } from '../../../events/central-entry-file/types';
import { execute, type CommandContext, type DecisionStamp, type Stream } from '../../../events/execute';
import { ProductState } from '@shared/purchase-request-codes';
import { NOT_LENDING_PRODUCT, purchaseRequests, toBuy } from '../../../events/purchase-request/decider';
import type { PurchaseRequestCommand, PurchaseRequestEvent, PurchaseRequestState, SentProduct } from '../../../events/purchase-request/types';
import type { StockKey } from '../../../events/stock/types';
import type { EventStore } from '../../../events/store';
import { transferRequests } from '../../../events/transfer-request/decider';
import { workOrders } from '../../../events/work-order/decider';
import type { WorkOrderCommand, WorkOrderEvent, WorkOrderState } from '../../../events/work-order/types';
import { PRODUCT_CODE_SQL, materialPrices, stockCode, stockMoves } from '../../api/stock/stock-moves';
import { prng, type Prng } from '../prng';
import { roundQty } from '@shared/quantity';

// Scale data for the stock ledger (issue 17): part of the scale purchase requests approved but not
// yet sent to SICAM go on through the purchase order (SICAM's answer), the central entry from the
// purchasing system's file, the transfer with a waybill, the site receipt and the issue with an
// exit voucher; before its waybill, someone asks the central warehouse for the transfer of the
// order's entries (a transfer request, traceability's milestone 14). Every step is a decision of the request's, the work order's, the entry file's and
// the stock balances' deciders (the stock through `stockMoves`, so no balance goes below zero),
// each back-dated to when it happened; the steps of all requests run in time order, a few hundred
// per command (one append round trip each), so each balance's ledger reads in date order.

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Where a request's chain stops: its order approved, entered centrally, on its way to the site,
 * received at the site (stock held there) or issued to its work order. */
type Goal = 'oc' | 'central' | 'transito' | 'recibido' | 'salida';
type Kind = 'sicam' | 'entry' | 'transfer' | 'receipt' | 'issue';
const CHAIN: Kind[] = ['sicam', 'entry', 'transfer', 'receipt', 'issue'];
const STEPS: Record<Goal, number> = { oc: 1, central: 2, transito: 3, recibido: 4, salida: 5 };

type Candidate = {
  id: number; codigo: string; tipo: number; id_obra: number; id_orden_trabajo: number | null; codigo_obra: string; nombre_obra: string; at: Date;
  productos: { id: number; codigo: string; id_material: number | null; descripcion: string; id_linea_ot: number | null; en_central: number; unidad: string | null }[];
};
/** `sicam`: SICAM's answers after the send: the order sent for approval, then approved. */
type Action = { at: Date; kind: Kind; request: Candidate; partial: boolean; sicam?: { forApproval: Date; approved: Date } };

type RequestStream = Stream<PurchaseRequestState, PurchaseRequestCommand, PurchaseRequestEvent>;
type OrderStream = Stream<WorkOrderState, WorkOrderCommand, WorkOrderEvent>;

const PROVEEDORES = ['Ferreyros S.A.', 'Komatsu-Mitsui Maquinarias Perú', 'Unimaq S.A.', 'Distribuidora Cummins Perú', 'Filtros Lys S.A.C.'];

/** A request's goal, from its id (a rerun plans the same chain for it). Requests without a work
 * order stop at the site: only an order's part lines are issued; a service's stops at its order. */
function goalOf(rng: Prng, withOrder: boolean, service: boolean): Goal {
  const u = rng.next();
  if (service) return 'oc';
  const goal: Goal = u < 0.05 ? 'oc' : u < 0.1 ? 'central' : u < 0.2 ? 'transito' : u < 0.5 ? 'recibido' : 'salida';
  return goal === 'salida' && !withOrder ? 'recibido' : goal;
}

/** The approved compras and despachos never sent to SICAM, oldest first, with their products and
 * the instant of their last event (the chain starts after it). */
async function candidates(store: EventStore, limit: number): Promise<Candidate[]> {
  return store.sql<Candidate[]>`
    SELECT r.id::int, r.codigo, r.tipo::int, r.id_obra::int, nullif(r.id_orden_trabajo, 0)::int AS id_orden_trabajo, o.codigo AS codigo_obra, o.nombre AS nombre_obra,
           (SELECT max(e.occurred_at) FROM es_events e WHERE e.stream_type = 'purchase_request' AND e.stream_id = 'purchase_request-' || r.id) AS at,
           (SELECT json_agg(json_build_object('id', p.id, 'codigo', ${store.sql.unsafe(PRODUCT_CODE_SQL)}, 'id_material', p.id_material,
                   'descripcion', coalesce(nullif(p.descripcion, ''), m.nombre, ''), 'id_linea_ot', p.id_linea_ot,
                   'en_central', coalesce(p.cantidad_en_almacen_central, 0), 'unidad', u.nombre) ORDER BY p.id)
              FROM rm_productos_solicitados p LEFT JOIN rm_materiales m ON m.id = p.id_material LEFT JOIN rm_unidades u ON u.id = p.id_unidad
             WHERE p.id_solicitud_compra = r.id) AS productos
      FROM rm_solicitudes_compras r JOIN rm_obras o ON o.id = r.id_obra
     WHERE r.estado = 5 AND r.tipo IN (1, 2, 3) AND r.sicam_estado = 'pendiente' AND coalesce(r.enviado_sicam, 0) = 0
       AND EXISTS (SELECT 1 FROM rm_productos_solicitados p WHERE p.id_solicitud_compra = r.id)
     ORDER BY r.id LIMIT ${limit}`;
}

/** Each request's steps, each some hours to days after the previous, none later than `now`. */
function plan(requests: Candidate[], now: Date, seed: number): Action[] {
  const actions: Action[] = [];
  for (const r of requests) {
    const rng = prng(seed + r.id);
    const goal = goalOf(rng, r.id_orden_trabajo !== null, r.tipo === 2);
    const gaps: [number, number][] = [[6 * HOUR, 3 * DAY], [3 * DAY, 12 * DAY], [6 * HOUR, 4 * DAY], [1 * DAY, 3 * DAY], [1 * HOUR, 2 * DAY]];
    const partial = rng.next() < 0.15;
    let t = new Date(r.at).getTime();
    for (let k = 0; k < STEPS[goal]; k++) {
      t += rng.int(gaps[k][0] / 60_000, gaps[k][1] / 60_000) * 60_000;
      if (t > now.getTime() - HOUR) break;
      if (CHAIN[k] === 'sicam') {
        // SICAM sends the order for approval within a day, and approves it within two more
        // (an entry comes three days after the send at the earliest); none of it after now.
        const approved = Math.min(t + rng.int(90, 72 * 60) * 60_000, now.getTime() - 60_000);
        const forApproval = Math.max(t + 60_000, Math.min(t + rng.int(20, 24 * 60) * 60_000, approved - 60_000));
        actions.push({ at: new Date(t), kind: 'sicam', request: r, partial, sicam: { forApproval: new Date(forApproval), approved: new Date(Math.max(approved, forApproval + 60_000)) } });
        continue;
      }
      actions.push({ at: new Date(t), kind: CHAIN[k], request: r, partial });
    }
  }
  return actions.sort((a, b) => a.at.getTime() - b.at.getTime() || a.request.id - b.request.id || CHAIN.indexOf(a.kind) - CHAIN.indexOf(b.kind));
}

/** A command context whose stock streams decide at `clock.at` (stockMoves decides without a
 * stamp): the ledger's movements are dated as the step that caused them. */
export function stamped(c: CommandContext, clock: { stamp: DecisionStamp }): CommandContext {
  return {
    ...c,
    tx: c.tx,
    async loadMany(agg, ids) {
      const streams = await c.loadMany(agg, ids);
      for (const s of streams) {
        const decide = s.decide;
        s.decide = (command, at) => decide(command, at ?? clock.stamp);
      }
      return streams;
    },
  };
}

/** One command: the actions (in time order) of a slice of the plan. */
async function runSlice(store: EventStore, actions: Action[], users: { central: number; keeper: number }, prices: Map<string, number>) {
  await execute(store, async (raw) => {
    const clock: { stamp: DecisionStamp } = { stamp: {} };
    const c = stamped(raw, clock);
    const moves = stockMoves(c);
    const requestIds = [...new Set(actions.map((a) => a.request.id))];
    const requests = new Map((await c.loadMany(purchaseRequests, requestIds)).map((s, i) => [requestIds[i], s as RequestStream]));
    const orderIds = [...new Set(actions.filter((a) => (a.kind === 'receipt' || a.kind === 'issue') && a.request.id_orden_trabajo).map((a) => a.request.id_orden_trabajo!))];
    const orders = new Map((await c.loadMany(workOrders, orderIds)).map((s, i) => [orderIds[i], s as OrderStream]));
    // Every balance the slice may move, locked once in id order (as each API command does).
    const keys: StockKey[] = [];
    for (const a of actions) {
      for (const p of a.request.productos) {
        const codigo = stockCode(p.codigo, p.id_material);
        keys.push({ almacen: 'central', id_obra: 0, codigo }, { almacen: 'transito', id_obra: a.request.id_obra, codigo }, { almacen: 'obra', id_obra: a.request.id_obra, codigo });
      }
    }
    await moves.lock(keys);
    const count = (k: Kind) => actions.filter((a) => a.kind === k).length;
    const [traslados, recepciones, salidas] = [await c.nextIds('central_transfer', count('transfer')), await c.nextIds('site_receipt', count('receipt')), await c.nextIds('site_issue', count('issue'))];
    const pedidosTraslado = await c.nextIds('transfer_request', count('transfer'));
    let file: { id: number; at: Date; entradas: Omit<CentralEntry, 'id'>[] } | null = null;

    for (const a of actions) {
      const r = a.request;
      const request = requests.get(r.id)!;
      if (request.state.status !== 'present') continue;
      const s = () => request.state as Extract<PurchaseRequestState, { status: 'present' }>;
      const central = { occurredAt: a.at, metadata: { userId: users.central } };
      const keeper = { occurredAt: a.at, metadata: { userId: users.keeper } };
      const info = new Map(r.productos.map((p) => [p.id, p]));
      const codeOf = (id: number) => stockCode(info.get(id)!.codigo, info.get(id)!.id_material);
      const numeroOrden = `OC-${String(r.id).padStart(7, '0')}`;
      const common = (id: number) => ({ id_material: info.get(id)!.id_material, descripcion: info.get(id)!.descripcion, id_producto: id, by: users.central });
      switch (a.kind) {
        case 'sicam': {
          // SICAM's answers as the worker records them: the request sent, its order sent for
          // approval, then approved with prices.
          request.decide({ type: 'RecordSicamSent', id: r.id, idSicam: `SICAM-${r.id}` }, { occurredAt: a.at });
          request.decide({ type: 'RecordSicamStatus', id: r.id, status: { estado: 'enviada_aprobacion', numero_orden: numeroOrden, productos: [] } }, { occurredAt: a.sicam!.forApproval });
          request.decide({
            type: 'RecordSicamStatus', id: r.id,
            status: { estado: 'aprobada', numero_orden: numeroOrden, productos: s().productos.map((p) => ({ id_producto_solicitado: p.id, precio: prices.get(codeOf(p.id)) ?? 50, moneda: 'PEN', anulado: false })) },
          }, { occurredAt: a.sicam!.approved });
          break;
        }
        case 'entry': {
          // One row of the purchasing system's file per product waiting in the order: central + its quantity.
          const waiting = s().productos.filter((p) => p.estado === ProductState.enOC).map((p) => ({ p, cantidad: roundQty(toBuy(p) - (p.entrada ?? 0)) })).filter((x) => x.cantidad > 0);
          if (!waiting.length) break;
          file ??= { id: await c.nextId('central_entry_file'), at: a.at, entradas: [] };
          const fecha = a.at.toISOString().slice(0, 10);
          request.decide({ type: 'EnterInCentral', id: r.id, idArchivo: file.id, numeroOrden, entradas: waiting.map((x) => ({ idProducto: x.p.id, cantidad: x.cantidad })), by: users.central }, central);
          clock.stamp = central;
          for (const { p, cantidad } of waiting) {
            const unit = p.precio ?? prices.get(codeOf(p.id)) ?? 50;
            const albaran = `GR-${String(p.id).padStart(8, '0')}`;
            file.entradas.push({
              fila: file.entradas.length + 2, codigo_obra: r.codigo_obra.toUpperCase(), descripcion_obra: r.nombre_obra, codigo_recurso: codeOf(p.id), descripcion_recurso: info.get(p.id)!.descripcion,
              unidad: info.get(p.id)!.unidad ?? 'UND', moneda: 'PEN', cantidad, importe: roundQty(unit * cantidad), numero_orden_compra: numeroOrden, albaran,
              procedencia: PROVEEDORES[p.id % PROVEEDORES.length], fecha_movimiento: fecha,
            });
            await moves.move({
              ...common(p.id), key: { almacen: 'central', id_obra: 0, codigo: codeOf(p.id) }, motivo: 'ingreso_oc', cantidad, costo_unitario: unit,
              documento: { tipo: 'archivo_entradas', id: file.id, referencia: `${numeroOrden} / ${albaran}` },
            });
          }
          break;
        }
        case 'transfer': {
          // What the order brought in, then the central stock its Pedido counted on ('STOCK').
          const idTraslado = traslados.shift()!;
          const numeroGuia = `T001-${String(idTraslado).padStart(7, '0')}`;
          const lines: (SentProduct & { index: number; declarado: boolean })[] = [];
          for (const p of s().productos) {
            if (NOT_LENDING_PRODUCT.has(p.estado)) continue;
            const pending = roundQty((p.cantidad ?? 0) - (p.enviado ?? 0));
            const fromOrder = roundQty(Math.min(p.entrada ?? 0, pending));
            const fromStock = roundQty(Math.min(pending - fromOrder, info.get(p.id)!.en_central));
            if (fromOrder > 0) lines.push({ id_producto: p.id, cantidad: fromOrder, numero_orden: numeroOrden, codigo: codeOf(p.id), index: lines.length, declarado: false });
            if (fromStock > 0) lines.push({ id_producto: p.id, cantidad: fromStock, numero_orden: '', codigo: codeOf(p.id), index: lines.length, declarado: true });
          }
          if (!lines.length) break;
          // The transfer of the order's entries asked for two hours before the waybill (an entry
          // comes at least six hours earlier), as /traslado_materiales records it.
          const pedidos = [...new Map(lines.filter((l) => l.numero_orden).map((l) => [l.codigo, { codigo_recurso: l.codigo, numero_orden_compra: numeroOrden }])).values()];
          const idPedido = pedidosTraslado.shift()!;
          if (pedidos.length) {
            c.start(transferRequests, idPedido).decide({ type: 'RequestTransfer', id: idPedido, traslados: pedidos.map((p) => ({ ...p, procesado: true })), by: users.central }, { occurredAt: new Date(a.at.getTime() - 2 * HOUR), metadata: { userId: users.central } });
          }
          request.decide({ type: 'SendToSite', id: r.id, idTraslado, numeroGuia, salidas: lines.map(({ declarado: _d, ...l }) => l), by: users.central }, central);
          clock.stamp = central;
          const documento = { tipo: 'traslado' as const, id: idTraslado, referencia: numeroGuia };
          for (const l of lines) {
            const key = { almacen: 'central' as const, id_obra: 0, codigo: l.codigo };
            if (l.declarado) await moves.move({ ...common(l.id_producto), key, motivo: 'stock_declarado', cantidad: l.cantidad, costo_unitario: prices.get(l.codigo) ?? null, documento });
            const out = await moves.move({ ...common(l.id_producto), key, motivo: 'traslado', cantidad: -l.cantidad, costo_unitario: null, documento });
            await moves.move({ ...common(l.id_producto), key: { almacen: 'transito', id_obra: r.id_obra, codigo: l.codigo }, motivo: 'traslado', cantidad: l.cantidad, costo_unitario: out.costo_unitario, documento });
          }
          break;
        }
        case 'receipt': {
          const idEntrada = recepciones.shift()!;
          const entradas = s().productos.map((p, index) => ({ id_producto: p.id, cantidad: roundQty((p.enviado ?? 0) - (p.recibido ?? 0)), index })).filter((e) => e.cantidad > 0);
          if (!entradas.length) break;
          request.decide({ type: 'ReceiveAtSite', id: r.id, idEntrada, entradas, by: users.keeper }, keeper);
          clock.stamp = keeper;
          const received: { line_id: number; cantidad: number }[] = [];
          for (const e of entradas) {
            const p = info.get(e.id_producto)!;
            const documento = { tipo: 'entrada_obra' as const, id: idEntrada, referencia: '' };
            const at = { ...common(p.id), id_linea: p.id_linea_ot, id_orden_trabajo: r.id_orden_trabajo, by: users.keeper, documento };
            const out = await moves.move({ ...at, key: { almacen: 'transito', id_obra: r.id_obra, codigo: codeOf(p.id) }, motivo: 'recepcion', cantidad: -e.cantidad, costo_unitario: null });
            await moves.move({ ...at, key: { almacen: 'obra', id_obra: r.id_obra, codigo: codeOf(p.id) }, motivo: 'recepcion', cantidad: e.cantidad, costo_unitario: out.costo_unitario });
            if (p.id_linea_ot && r.id_orden_trabajo) received.push({ line_id: p.id_linea_ot, cantidad: e.cantidad });
          }
          const order = r.id_orden_trabajo ? orders.get(r.id_orden_trabajo) : undefined;
          if (order && received.length) order.decide({ type: 'RecordPartsReceived', idEntrada, entradas: received }, keeper);
          break;
        }
        case 'issue': {
          // The order's lines this request carries, issued with one voucher (some only in part).
          const idSalida = salidas.shift()!;
          const order = r.id_orden_trabajo ? orders.get(r.id_orden_trabajo) : undefined;
          if (!order || order.state.status !== 'abierto' || order.state.atendido_por_almacen_obra !== 1) break;
          const vale = `VS-${String(idSalida).padStart(7, '0')}`;
          const issued: { line_id: number; cantidad: number; index: number; declarado: number }[] = [];
          for (const p of r.productos) {
            const line = p.id_linea_ot ? order.state.lines.productos_solicitados[String(p.id_linea_ot)] : undefined;
            if (!line || issued.some((x) => x.line_id === line.id)) continue;
            const held = Number(line.cantidad_en_almacen_obra ?? 0) + Number(line.cantidad_recibida ?? 0) - Number(line.cantidad_salida ?? 0);
            const available = roundQty(Math.max(0, Math.min(held, Number(line.cantidad_solicitada_por_tecnico) - Number(line.cantidad_salida ?? 0))));
            const cantidad = a.partial ? Math.floor(available / 2) : available;
            if (cantidad > 0) issued.push({ line_id: line.id, cantidad, index: issued.length, declarado: roundQty(Math.min(cantidad, Math.max(Number(line.cantidad_en_almacen_obra ?? 0) - Number(line.cantidad_salida ?? 0), 0))) });
          }
          if (!issued.length) break;
          order.decide({ type: 'IssueParts', idSalida, vale, salidas: issued.map(({ declarado: _d, ...x }) => x), by: users.keeper }, keeper);
          clock.stamp = keeper;
          const byLine = new Map(r.productos.filter((p) => p.id_linea_ot).map((p) => [p.id_linea_ot!, p]));
          for (const x of issued) {
            const p = byLine.get(x.line_id)!;
            const key = { almacen: 'obra' as const, id_obra: r.id_obra, codigo: codeOf(p.id) };
            const at = { id_material: p.id_material, descripcion: p.descripcion, id_linea: x.line_id, id_orden_trabajo: r.id_orden_trabajo, by: users.keeper };
            if (x.declarado > 0) {
              await moves.move({ ...at, key, motivo: 'stock_declarado', cantidad: x.declarado, costo_unitario: prices.get(key.codigo) ?? null, documento: { tipo: 'salida_obra', id: idSalida, referencia: '' } });
            }
            await moves.move({ ...at, key, motivo: 'salida', cantidad: -x.cantidad, costo_unitario: null, documento: { tipo: 'salida_obra', id: idSalida, referencia: vale } });
          }
          const lines = order.state.lines.productos_solicitados;
          const productos = issued.map((x) => ({ id_producto: byLine.get(x.line_id)!.id, cantidad: x.cantidad }));
          const completos = issued.filter((x) => lines[String(x.line_id)]?.estado === ProductState.salidaDeAlmacen).map((x) => byLine.get(x.line_id)!.id);
          request.decide({ type: 'RecordProductsIssued', id: r.id, idSalida, by: users.keeper, productos, completos }, keeper);
          break;
        }
      }
    }
    if (file) {
      const ids = await c.nextIds('central_entry', file.entradas.length);
      c.start(centralEntryFiles, file.id).decide({
        type: 'ImportCentralEntries', id: file.id, nombre: `ingresos-sicam-${file.at.toISOString().slice(0, 10)}.xlsx`, pic: '', hash: `scale-${file.id}`,
        entradas: file.entradas.map((e, i) => ({ id: ids[i], ...e })), validos: file.entradas.length, invalidos: 0, by: users.central,
      }, { occurredAt: file.at, metadata: { userId: users.central } });
    }
  }, { metadata: { requestId: 'seed-scale' } });
}

/** Scale data: stock movements until the ledger holds `target` of them, by driving the oldest
 * approved scale requests through their chain (`slice` steps per command). Running it again drives
 * only requests no earlier run touched. */
export async function seedScaleStock(store: EventStore, opts: { target: number; now?: Date; slice?: number; seed?: number; onProgress?: (done: number, total: number) => void }): Promise<{ added: number; total: number }> {
  const { sql } = store;
  const total = async () => (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_stock_movimientos`)[0].n;
  const start = await total();
  const missing = opts.target - start;
  if (missing <= 0) return { added: 0, total: start };
  const person = async (role: number) => (await sql<{ id: number }[]>`SELECT id::int FROM rm_users WHERE id_role = ${role} AND estado = 1 ORDER BY id LIMIT 1`)[0]?.id;
  const users = { central: await person(18), keeper: await person(19) };
  if (!users.central || !users.keeper) return { added: 0, total: start };
  const now = opts.now ?? new Date();
  const slice = opts.slice ?? 300;
  let current = start;
  for (;;) {
    // About six movements per product driven to the end; ask for what is missing and a margin.
    const wanted = Math.max(10, Math.ceil((opts.target - current) / 9));
    const requests = await candidates(store, wanted);
    if (!requests.length) break;
    const codes = [...new Set(requests.flatMap((r) => r.productos.map((p) => stockCode(p.codigo, p.id_material))))];
    const prices = await materialPrices(sql, codes);
    for (const [k, v] of prices) if (!(v > 0)) prices.set(k, 20 + (k.length * 37) % 480);
    const actions = plan(requests, now, opts.seed ?? 17_000);
    // Entries need the file's id, each file is one command: the plan's steps go `slice` at a time.
    for (let from = 0; from < actions.length; from += slice) {
      await runSlice(store, actions.slice(from, from + slice), users, prices);
      opts.onProgress?.(Math.min((await total()) - start, missing), missing);
    }
    const before = current;
    current = await total();
    // Done, or only requests too recent for a step before now are left.
    if (current >= opts.target || current === before) break;
  }
  return { added: current - start, total: current };
}
