import type { Event } from '../types';

/** Where stock sits (issue 17, beyond the seed): the central warehouse, on its way to a site
 * (sent with a waybill, not yet received) or in a site's warehouse. `id_obra` names the site of the
 * last two; 0 for central. */
export type Almacen = 'central' | 'transito' | 'obra';

/** Why a quantity moved. Each movement names the document that caused it. */
export type StockReason =
  /** A central entry from the purchasing system's Excel (+ central). */
  | 'ingreso_oc'
  /** Stock a Pedido recorded as already there (site stock of an OT line, central stock of a
   * request's product) entering the ledger when it is first moved. */
  | 'stock_declarado'
  /** A transfer with a waybill: − central, + in transit to the site. */
  | 'traslado'
  /** A site receipt: − in transit, + site. */
  | 'recepcion'
  /** A site issue with an exit voucher (− site). */
  | 'salida';

export type StockDocumentType = 'archivo_entradas' | 'traslado' | 'entrada_obra' | 'salida_obra';

export type StockDocument = { tipo: StockDocumentType; id: number; referencia: string };

/** What identifies a stock stream (`stock-{id}`, the id allocated in `stock_keys`). */
export type StockKey = { almacen: Almacen; id_obra: number; codigo: string };

/** An entry in another currency (issue 19): what it cost in that currency and the rate of its
 * movement month it was valued at; `tasa` null when the month had no rate (its cost then waits in
 * `sin_tipo_cambio`, never replaced by another price). */
export type StockExchange = { moneda: string; mes: string; costo_moneda: number; id_tipo_cambio: number | null; tasa: number | null };

/** Amounts in other currencies whose rate was unknown when recorded, by 'MONEDA:YYYY-MM'
 * (shared/currency.ts pendingKey). */
export type PendingAmounts = Record<string, number>;

export type StockMovedData = StockKey & {
  id_material: number | null;
  descripcion: string;
  motivo: StockReason;
  /** Signed: above 0 enters, below 0 leaves. */
  cantidad: number;
  saldo_anterior: number;
  saldo: number;
  /** Soles per unit this movement was valued at. */
  costo_unitario: number;
  /** The moving-average unit cost after the movement (of what has a cost in soles). */
  costo_promedio: number;
  /** Issue 19: the entry's currency and rate, when it was not in soles. */
  cambio?: StockExchange;
  /** Issue 19: amounts in other currencies without a rate yet that this movement carried in
   * (positive) or out (negative, the exit's share of the balance's). Absent: none. */
  sin_tipo_cambio?: PendingAmounts;
  /** The balance's amounts without a rate after the movement. Absent: none. */
  pendiente?: PendingAmounts;
  documento: StockDocument;
  /** The requested product or the work order's part line the movement is for, when there is one. */
  id_producto: number | null;
  id_linea: number | null;
  id_orden_trabajo: number | null;
  by: number | null;
};

export type StockEvent = Event<'StockMoved', StockMovedData>;

export type MoveStock = {
  type: 'MoveStock';
  key: StockKey;
  id_material: number | null;
  descripcion: string;
  motivo: StockReason;
  cantidad: number;
  /** The unit cost of an entry (null: the current average, or 0 for an empty stock). Exits are
   * always valued at the current average. */
  costo_unitario: number | null;
  /** An entry in another currency: its currency and the rate applied (or none). */
  cambio?: StockExchange;
  /** An entry's amounts in other currencies without a rate (a foreign entry of a month with no
   * rate, or what a transfer's exit carried); they add no soles (`costo_unitario` is the rest). */
  sin_tipo_cambio?: PendingAmounts;
  documento: StockDocument;
  id_producto?: number | null;
  id_linea?: number | null;
  id_orden_trabajo?: number | null;
  by: number | null;
};

export type StockCommand = MoveStock;

export type StockState = { saldo: number; costo_promedio: number; pendiente: PendingAmounts; movimientos: number; key: StockKey | null };
