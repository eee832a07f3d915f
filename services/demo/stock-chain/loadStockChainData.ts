import { readFile } from 'node:fs/promises';
import type { PgBoss } from 'pg-boss';
import * as v from 'valibot';
import { execute } from '../../../events/execute';
import { purchaseRequests } from '../../../events/purchase-request/decider';
import type { EventStore } from '../../../events/store';
import { createTransfer } from '../../api/central-warehouse/central-transfers';
import { importEntries } from '../../api/central-warehouse/import-entries';
import { transferRequestRoutes } from '../../api/central-warehouse/transfer-requests';
import type { ApiDeps } from '../../api/platform/deps';
import type { Principal } from '../../api/platform/principal';
import type { RouteContext } from '../../api/platform/route';
import { createIssue } from '../../api/site-warehouse/site-issues';
import { createReceipt } from '../../api/site-warehouse/site-receipts';
import { chainPlan, DEMO_ENTRIES_FILE, DEMO_ENTRIES_URL, enteredQuantity, readSheetLines, sameLines, sheetRows, type PlanProduct, type PlanRequest } from './chain-plan';

export type StockChainCounts = { ordenes_compra: number; ingresos: number; invalidos: number; traslados: number; entradas_obra: number; salidas_obra: number };

const NONE: StockChainCounts = { ordenes_compra: 0, ingresos: 0, invalidos: 0, traslados: 0, entradas_obra: 0, salidas_obra: 0 };
const STOCK = 'STOCK';

/** A refused step stops the demo: the chain's data would not be what the demo shows. */
async function step<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const e = error as Error & { errors?: Record<string, string> };
    const detail = e.errors && Object.keys(e.errors).length ? ` ${JSON.stringify(e.errors)}` : '';
    throw new Error(`Demo de movimientos de stock: ${what}: ${e.message}${detail}`, { cause: error });
  }
}

function principalOf(user: { id: number; name: string; surname: string; email: string | null }, roleId: number, module: string): Principal {
  return {
    sessionId: 'demo-data', userId: user.id, originalUserId: null, roleId, isRoot: false, expiresAt: new Date(8.64e15),
    user: { id: user.id, name: user.name, surname: user.surname, email: user.email, id_obra: null },
    rights: new Map([[module, { see: true, edit: true }]]),
  };
}

/** The quantities a request's story moves per product. */
function quantities(r: PlanRequest, p: PlanProduct) {
  const entered = enteredQuantity(r, p);
  const full = r.story === 'atendida' || r.story === 'salida_parcial' || r.story === 'recepcion_parcial';
  // What leaves the order's entries, and the central stock its Pedido recorded (up to what the site needs).
  const fromOrder = full ? entered : r.story === 'traslado_parcial' ? Math.ceil(entered / 2) : 0;
  const fromStock = full || r.story === 'desde_stock' ? Math.min(p.central, p.cantidad - fromOrder) : 0;
  const sent = fromOrder + fromStock;
  const received = r.story === 'recepcion_parcial' ? Math.max(sent - 1, 1) : r.story === 'traslado_parcial' ? 0 : sent;
  const issued = r.story === 'salida_parcial' ? Math.max(received - 1, 1) : r.story === 'atendida' || r.story === 'desde_stock' ? received : 0;
  return { entered, fromOrder, fromStock, sent, received, issued };
}

/**
 * The stock chain of the demo (issue 17), through the commands the screens call: part of the
 * demo's work orders whose compra requests were approved get their purchase order from SICAM
 * (recorded as the worker records SICAM's answers), their goods enter the central warehouse from
 * the Excel shipped beside this file (with two rows the import refuses), transfers are requested
 * and sent with waybills (from the order and from the central stock the Pedido recorded, some in
 * part), the site receives them (some in part) and issues them with exit vouchers; one story per
 * request (chain-plan.ts) so every list has rows at every stage. The central storekeeper (profile
 * 18) and the site storekeeper (profile 19) act. Movements reach the stock ledger through the
 * commands; finished requests become finalizado by their reactor. The commands record at load
 * time (they take no past date); SICAM's answers are stamped after each approval. Loaded once:
 * the imported demo file is the mark. A refused step throws.
 */
export async function loadStockChainData(store: EventStore, opts: { boss?: PgBoss | null; uploadsDir: string; now?: Date }): Promise<{ cadena: StockChainCounts }> {
  const { sql } = store;
  const [done] = await sql`SELECT 1 FROM rm_almacen_central_entradas_archivos WHERE nombre = ${DEMO_ENTRIES_FILE} LIMIT 1`;
  if (done) return { cadena: NONE };
  const person = async (role: number) =>
    (await sql<{ id: number; name: string; surname: string; email: string | null }[]>`
      SELECT id::int, name, surname, email FROM rm_users WHERE id_role = ${role} AND estado = 1 ORDER BY id LIMIT 1`)[0];
  const [central, keeper] = [await person(18), await person(19)];
  const plan = await chainPlan(sql);
  if (!central || !keeper || !plan.some((r) => r.numero_orden)) return { cadena: NONE };

  // The shipped Excel must be the one the plan gives (the demo's requests are deterministic).
  const bytes = new Uint8Array(await readFile(DEMO_ENTRIES_URL));
  if (!sameLines(await readSheetLines(bytes), sheetRows(plan))) {
    throw new Error(`Demo de movimientos de stock: ${DEMO_ENTRIES_FILE} no corresponde a las solicitudes del demo; regenérelo con npx tsx scripts/demo-entries-sheet.ts`);
  }
  const deps = { store, sql, boss: opts.boss ?? null, config: { uploadsDir: opts.uploadsDir } } as unknown as ApiDeps;
  const asCentral = { metadata: { requestId: 'demo-data', userId: central.id } };
  const asKeeper = { metadata: { requestId: 'demo-data', userId: keeper.id } };
  const counts = { ...NONE };

  // 1. SICAM answers each approved request: sent, its order sent for approval, then approved with
  // prices (7 'En OC'). The push job the approval queued will find it sent and do nothing.
  const now = (opts.now ?? new Date()).getTime();
  for (const r of plan) {
    if (!r.numero_orden) continue;
    const [approved] = await sql<{ at: Date }[]>`
      SELECT occurred_at AS at FROM es_events WHERE stream_id = ${`purchase_request-${r.id}`} AND event_type = 'PurchaseRequestApproved' ORDER BY version DESC LIMIT 1`;
    const at = (hours: number) => new Date(Math.min((approved?.at.getTime() ?? now) + hours * 3_600_000, now));
    const idSicam = r.numero_orden.slice(3);
    const productos = r.productos.map((p) => ({ id_producto_solicitado: p.id, precio: p.precio, moneda: 'PEN', anulado: false }));
    await step(`orden de compra ${r.numero_orden} de ${r.codigo}`, () => execute(store, async (c) => {
      const request = await c.load(purchaseRequests, r.id);
      request.decide({ type: 'RecordSicamSent', id: r.id, idSicam }, { occurredAt: at(0.2) });
      request.decide({ type: 'RecordSicamStatus', id: r.id, status: { estado: 'enviada_aprobacion', numero_orden: r.numero_orden, productos: [] } }, { occurredAt: at(26) });
      request.decide({ type: 'RecordSicamStatus', id: r.id, status: { estado: 'aprobada', numero_orden: r.numero_orden, productos } }, { occurredAt: at(74) });
    }, {
      metadata: { requestId: 'demo-data' },
      within: async (tx) => {
        await tx`UPDATE sicam_pushes SET id_sicam = ${idSicam}, orden_estado = 'aprobada', updated_at = now() WHERE id_solicitud_compra = ${r.id}`;
      },
    }));
    counts.ordenes_compra++;
  }

  // 2. The central storekeeper imports the Excel.
  const rows = sheetRows(plan);
  const expectedInvalid = rows.filter((l) => !(Number(l[12]) > 0) || !plan.some((r) => r.numero_orden === l[14])).length;
  const imported = await step(`importación de ${DEMO_ENTRIES_FILE}`, () => importEntries(deps, new File([bytes], DEMO_ENTRIES_FILE), central.id, asCentral.metadata));
  if (imported.nuevos !== rows.length - expectedInvalid || imported.invalidos.length !== expectedInvalid) {
    throw new Error(`Demo de movimientos de stock: ${DEMO_ENTRIES_FILE} dio ${imported.nuevos} ingresos y ${imported.invalidos.length} filas inválidas (se esperaban ${rows.length - expectedInvalid} y ${expectedInvalid})`);
  }
  counts.ingresos = imported.nuevos;
  counts.invalidos = imported.invalidos.length;

  // 3. Transfers requested for the groups that go on (one request, as the screen sends a selection).
  const groups = plan.flatMap((r) => (r.numero_orden && !['ingresada', 'en_oc'].includes(r.story) ? r.productos.filter((p) => enteredQuantity(r, p) > 0).map((p) => ({ codigo_recurso: p.codigo, numero_orden_compra: r.numero_orden! })) : []));
  if (groups.length) {
    const route = transferRequestRoutes().find((x) => x.method === 'POST' && x.path === '/traslado_materiales/create')!;
    const principal = principalOf(central, 18, '/traslado_materiales');
    await step('solicitud de traslado', () => route.handler({
      input: v.parse(route.input!, { traslados: groups }), principal, deps, metadata: asCentral.metadata, requestId: 'demo-data', files: {}, c: undefined,
    } as unknown as RouteContext<unknown>));
  }

  // 4. Transfers with a waybill, one per request: from its order's entries and from central stock.
  const transferer = principalOf(central, 18, '/almacen_central_traslado_materiales');
  for (const r of plan) {
    const salidas = r.productos.flatMap((p) => {
      const q = quantities(r, p);
      return [
        ...(q.fromOrder > 0 ? [{ id_producto_solicitado: p.id, cantidad_a_salir: q.fromOrder, numero_orden_compra: r.numero_orden }] : []),
        ...(q.fromStock > 0 ? [{ id_producto_solicitado: p.id, cantidad_a_salir: q.fromStock, numero_orden_compra: STOCK }] : []),
      ];
    });
    if (!salidas.length) continue;
    const numero_guia = `T001-${String(700 + counts.traslados + 1).padStart(8, '0')}`;
    await step(`traslado de ${r.codigo}`, () => createTransfer(deps, transferer, { numero_guia, salidas }, asCentral.metadata));
    counts.traslados++;
  }

  // 5. The site storekeeper receives what arrived.
  const receiver = principalOf(keeper, 19, '/almacen_obra_entradas');
  for (const r of plan) {
    const entradas = r.productos.map((p) => ({ id_producto_solicitado: p.id, cantidad_entrante: quantities(r, p).received })).filter((e) => e.cantidad_entrante > 0);
    if (!entradas.length) continue;
    await step(`entrada en obra de ${r.codigo}`, () => createReceipt(deps, receiver, { entradas }, asKeeper.metadata));
    counts.entradas_obra++;
  }

  // 6. And issues it to the work order's mechanics with an exit voucher.
  const issuer = principalOf(keeper, 19, '/almacen_obra_salidas');
  for (const r of plan) {
    const salidas = r.productos.map((p) => ({ id_producto_solicitado: p.id_linea_ot, cantidad_a_salir: quantities(r, p).issued, vale_salida: null })).filter((s) => s.cantidad_a_salir > 0);
    if (!salidas.length) continue;
    const vale_salida = `VS-${String(counts.salidas_obra + 1).padStart(6, '0')}`;
    await step(`salida de ${r.codigo}`, () => createIssue(deps, issuer, { vale_salida, salidas }, asKeeper.metadata));
    counts.salidas_obra++;
  }
  return { cadena: counts };
}
