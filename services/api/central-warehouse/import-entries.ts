import { createHash } from 'node:crypto';
import { cellUpper, centralEntryFiles, checkEntryRows, entryKey, MSG_FILE_REQUIRED, MSG_NO_ROWS, refuseEntriesSheet, type CheckedEntries, type InvalidRow } from '../../../events/central-entry-file/decider';
import type { CentralEntry } from '../../../events/central-entry-file/types';
import { execute } from '../../../events/execute';
import { ProductState } from '@shared/purchase-request-codes';
import { purchaseRequests, toBuy } from '../../../events/purchase-request/decider';
import type { EventMetadata } from '../../../events/types';
import { ApiError } from '../platform/api-error';
import { currencyCode, isSoles, pendingKey } from '../../../shared/currency';
import { businessToday } from '../../../shared/time';
import type { PendingAmounts, StockExchange } from '../../../events/stock/types';
import { exchangeRates } from '../stock/exchange-rates';
import { materialPrices, stockCode, stockMoves } from '../stock/stock-moves';
import type { ApiDeps } from '../platform/deps';
import { checkUpload } from '../platform/upload/checkUpload';
import { removeUpload } from '../platform/upload/removeUpload';
import { storeUpload } from '../platform/upload/storeUpload';
import type { UploadPolicy } from '../platform/upload/types';
import { readEntriesSheet, SheetError, type SheetRow } from './read-entries-sheet';
import { roundQty } from '@shared/quantity';

/** The Excel of central entries: xlsx only, decided from the bytes (a renamed pdf is 415). */
export { MSG_FILE_REQUIRED, MSG_NO_ROWS };
export {
  R_AMOUNT, R_DATE, R_ORDER_PENDING, R_ORDER_REQUIRED, R_ORDER_UNKNOWN, R_QUANTITY, R_RESOURCE_REQUIRED, R_SITE_REQUIRED, R_SITE_UNKNOWN, R_TOO_LONG, rRepeated, type InvalidRow,
} from '../../../events/central-entry-file/decider';

export const ENTRIES_FILE_POLICY: UploadPolicy = { field: 'archivo', maxKb: 20 * 1024, accept: ['xlsx'] };
export const MSG_ONLY_SPREADSHEETS = 'Tipo de archivo no permitido. Solo se aceptan hojas de cálculo Excel (.xlsx).';
export const MSG_UNREADABLE = 'No se pudo leer el archivo: guárdelo como libro de Excel (.xlsx) e inténtelo de nuevo';
export const MSG_IMPORTED = 'Archivo procesado';
export const MSG_ALREADY_IMPORTED = 'El archivo ya fue importado: no hay ingresos nuevos';

/** Checks every row on its own (the decider's `checkEntryRows`), against the sites and the
 * requested products' order numbers the rows name, read here. */
export async function checkRows(deps: ApiDeps, rows: SheetRow[]): Promise<CheckedEntries> {
  const orders = [...new Set(rows.map((r) => cellUpper(r.values.numero_orden_compra)).filter(Boolean))];
  const sites = [...new Set(rows.map((r) => cellUpper(r.values.codigo_obra)).filter(Boolean))];
  const [knownOrders, knownSites] = await Promise.all([
    orders.length
      ? deps.sql<{ n: string; pendiente: boolean }[]>`
          SELECT upper(numero_orden) AS n, bool_and(estado = ${ProductState.pendienteAprobacionOC}) AS pendiente
            FROM rm_productos_solicitados WHERE upper(numero_orden) = ANY(${orders}) GROUP BY 1`
      : [],
    sites.length ? deps.sql<{ c: string }[]>`SELECT DISTINCT upper(codigo) AS c FROM rm_obras WHERE upper(codigo) = ANY(${sites})` : [],
  ]);
  return checkEntryRows(rows, {
    sites: knownSites.map((r) => r.c),
    orders: knownOrders.map((r) => r.n),
    pendingOrders: knownOrders.filter((r) => r.pendiente).map((r) => r.n),
  });
}

export type ImportReply = {
  msg: string;
  id_archivo: number | null;
  validos: number;
  nuevos: number;
  repetidos: number;
  invalidos: InvalidRow[];
};

/** POST /almacen_central_entradas_archivos: the upload checked by content, its rows read and
 * checked one by one, and in one transaction (serialised among imports, so two uploads of the
 * same rows never both enter them): the file recorded with its new entries
 * (`central_entry_file-{id}`), and each requested product in 7 'En OC' whose order number and
 * code match an entry receives it (`purchase_request-{id}`), in product order up to what it waits
 * for. Rows already entered (same order, code and albarán) are valid but enter nothing; the same
 * file again with nothing new records nothing. */
export async function importEntries(deps: ApiDeps, file: File | undefined, by: number, metadata: Partial<EventMetadata>): Promise<ImportReply> {
  if (!file) return refuseEntriesSheet(null);
  const checked = await checkUpload(file, ENTRIES_FILE_POLICY);
  if (!checked.ok) {
    const msg = checked.status === 415 ? MSG_ONLY_SPREADSHEETS : checked.msg;
    throw new ApiError(checked.status, msg, { archivo: msg });
  }
  let read: { rows: SheetRow[] } | { unreadable: string };
  try {
    read = { rows: await readEntriesSheet(checked.file.bytes) };
  } catch (error) {
    read = { unreadable: error instanceof SheetError ? error.message : MSG_UNREADABLE };
  }
  const rows = refuseEntriesSheet(read);
  const { valid, invalid } = await checkRows(deps, rows);
  const hash = createHash('sha256').update(checked.file.bytes).digest('hex');
  const dir = deps.config.uploadsDir;
  const pic = await storeUpload(dir, checked.file);
  let outcome: { id: number | null; nuevos: number };
  try {
    const r = await execute(deps.store, async (c) => {
      await c.tx`SELECT pg_advisory_xact_lock(hashtextextended('central_entries_import', 0))`;
      const orders = [...new Set(valid.map((e) => e.numero_orden_compra))];
      const existing = orders.length
        ? await c.tx<{ numero_orden_compra: string; codigo_recurso: string; albaran: string }[]>`
            SELECT numero_orden_compra, codigo_recurso, albaran FROM rm_almacen_central_entradas WHERE numero_orden_compra = ANY(${orders})`
        : [];
      const known = new Set(existing.map(entryKey));
      const fresh = valid.filter((e) => !known.has(entryKey(e)));
      if (!fresh.length) {
        const [same] = await c.tx`SELECT 1 FROM rm_almacen_central_entradas_archivos WHERE hash = ${hash} LIMIT 1`;
        if (same) return { id: null, nuevos: 0 };
      }
      const id = await c.nextId('central_entry_file');
      const ids = await c.nextIds('central_entry', fresh.length);
      const entradas: CentralEntry[] = fresh.map((e, i) => ({ id: ids[i], ...e }));
      c.start(centralEntryFiles, id).decide({
        type: 'ImportCentralEntries', id, nombre: checked.file.originalName.slice(-255), pic, hash, entradas, validos: valid.length, invalidos: invalid.length, by,
      });
      await enterProducts(c, entradas, id, by);
      await enterStock(c, entradas, id, by, businessToday(typeof deps.now === 'function' ? deps.now() : new Date()));
      return { id, nuevos: entradas.length };
    }, { metadata });
    outcome = r.value ?? { id: null, nuevos: 0 };
  } catch (error) {
    await removeUpload(dir, pic).catch(() => {});
    throw error;
  }
  if (outcome.id === null) await removeUpload(dir, pic).catch(() => {});
  return {
    msg: outcome.id === null ? MSG_ALREADY_IMPORTED : MSG_IMPORTED,
    id_archivo: outcome.id,
    validos: valid.length,
    nuevos: outcome.nuevos,
    repetidos: valid.length - outcome.nuevos,
    invalidos: invalid,
  };
}

type Ctx = Parameters<Parameters<typeof execute>[1]>[0];

/** The requested products the new entries bring in: those in 7 'En OC' with the entry's order
 * number and code, each up to what it still waits for (what the central warehouse had to buy less
 * what came in), in product order; what is left of an entry stays central stock. */
async function enterProducts(c: Ctx, entradas: CentralEntry[], idArchivo: number, by: number) {
  if (!entradas.length) return;
  const orders = [...new Set(entradas.map((e) => e.numero_orden_compra))];
  type Candidate = { id: number; id_solicitud_compra: number; numero_orden: string; codigo: string };
  const candidates = await c.tx<Candidate[]>`
    SELECT p.id::int, p.id_solicitud_compra::int, upper(p.numero_orden) AS numero_orden, upper(coalesce(nullif(p.codigo, ''), m.codigo, '')) AS codigo
      FROM rm_productos_solicitados p LEFT JOIN rm_materiales m ON m.id = p.id_material
     WHERE upper(p.numero_orden) = ANY(${orders}) AND p.estado = ${ProductState.enOC}
     ORDER BY p.id`;
  if (!candidates.length) return;
  const byKey = new Map<string, Candidate[]>();
  for (const p of candidates) {
    const k = `${p.numero_orden}\u0000${p.codigo}`;
    byKey.set(k, [...(byKey.get(k) ?? []), p]);
  }
  const requestIds = [...new Set(candidates.map((p) => p.id_solicitud_compra))];
  const streams = new Map((await c.loadMany(purchaseRequests, requestIds)).map((s, i) => [requestIds[i], s]));
  const waiting = new Map<number, number>();
  for (const s of streams.values()) {
    if (s.state.status !== 'present') continue;
    for (const p of s.state.productos) if (p.estado === ProductState.enOC) waiting.set(p.id, Math.max(0, toBuy(p) - (p.entrada ?? 0)));
  }
  const perRequest = new Map<number, { numeroOrden: string; entradas: { idProducto: number; cantidad: number }[] }>();
  for (const e of entradas) {
    let left = e.cantidad;
    for (const p of byKey.get(`${e.numero_orden_compra}\u0000${e.codigo_recurso}`) ?? []) {
      if (left <= 0) break;
      const need = waiting.get(p.id) ?? 0;
      const take = roundQty(Math.min(need, left));
      if (take <= 0) continue;
      waiting.set(p.id, need - take);
      left = roundQty(left - take);
      const r = perRequest.get(p.id_solicitud_compra) ?? { numeroOrden: e.numero_orden_compra, entradas: [] };
      r.entradas.push({ idProducto: p.id, cantidad: take });
      perRequest.set(p.id_solicitud_compra, r);
    }
  }
  for (const [id, r] of perRequest) {
    streams.get(id)!.decide({ type: 'EnterInCentral', id, idArchivo, numeroOrden: r.numeroOrden, entradas: r.entradas, by });
  }
}

/** Every new entry enters the central warehouse's ledger (+ its quantity of its resource code).
 * In soles (shared/currency.ts isSoles), at its amount per unit; without an amount, at the
 * material's average price. In another currency (issue 19), at its amount per unit × the active
 * rate of its movement month (else the import's month, Lima) kept in /settings/tipos_cambio, the
 * rate recorded on the movement; a month with no rate leaves its cost unknown: the amount waits
 * in the balance (`sin_tipo_cambio`) until a rate values it at read time, never replaced by
 * another price. */
async function enterStock(c: Ctx, entradas: CentralEntry[], idArchivo: number, by: number, today: string) {
  if (!entradas.length) return;
  const moves = stockMoves(c);
  const key = (e: CentralEntry) => ({ almacen: 'central' as const, id_obra: 0, codigo: stockCode(e.codigo_recurso) });
  await moves.lock(entradas.map(key));
  const prices = await materialPrices(c.tx, [...new Set(entradas.map((e) => key(e).codigo))]);
  const monthOf = (e: CentralEntry) => (e.fecha_movimiento ?? today).slice(0, 7);
  const rates = await exchangeRates(c.tx, entradas.filter((e) => !isSoles(e.moneda)).map((e) => pendingKey(e.moneda, monthOf(e))));
  for (const e of entradas) {
    const foreign = !isSoles(e.moneda) && e.importe !== null && e.importe >= 0;
    let unit: number | null;
    let cambio: StockExchange | undefined;
    let sinTipoCambio: PendingAmounts | undefined;
    if (!foreign) unit = isSoles(e.moneda) && e.importe !== null && e.importe >= 0 ? e.importe / e.cantidad : prices.get(key(e).codigo) ?? null;
    else {
      const moneda = currencyCode(e.moneda);
      const mes = monthOf(e);
      const rate = rates.get(pendingKey(moneda, mes));
      const costoMoneda = roundQty(e.importe! / e.cantidad);
      cambio = { moneda, mes, costo_moneda: costoMoneda, id_tipo_cambio: rate?.id ?? null, tasa: rate?.tasa ?? null };
      if (rate) unit = (e.importe! / e.cantidad) * rate.tasa;
      else {
        unit = 0;
        sinTipoCambio = { [pendingKey(moneda, mes)]: e.importe! };
      }
    }
    await moves.move({
      key: key(e), id_material: null, descripcion: e.descripcion_recurso, motivo: 'ingreso_oc', cantidad: e.cantidad, costo_unitario: unit, cambio, sin_tipo_cambio: sinTipoCambio,
      documento: { tipo: 'archivo_entradas', id: idArchivo, referencia: [e.numero_orden_compra, e.albaran].filter(Boolean).join(' / ') }, by,
    });
  }
}
