import { MSG_VALIDATION } from '@shared/messages';
import { CommandRejected } from '../errors';
import { MSG_ROW_NOT_FOUND } from '../picked-rows';
import { MSG_WAYBILL_REQUIRED } from './decider';
import { roundQty } from '@shared/quantity';

// A central transfer with a waybill (seed 002 §7 `/almacen_central_traslado_materiales`, §5
// transfer caps): the rows' rules before each affected request decides `SendToSite`. A row leaves
// out of a group (a purchase order's entries of one code, or central stock: order '') that its
// product belongs to, and a group's rows together at most what the group holds.

export const MSG_NOTHING_TO_SEND = 'Ingrese una cantidad a salir mayor a 0 en al menos una fila';
export const MSG_NOT_OF_ORDER = 'El producto no es de esa orden de compra';
export const MSG_NO_CENTRAL_STOCK = 'El producto no tiene stock del almacén central';
/** Central stock as the screens name its group. */
export const STOCK = 'STOCK';


/** The transfer as sent: a waybill and at least one row above 0 (only those are sent, seed 002
 * §5). The rows above 0, each with its position in `salidas[]`. */
export function rowsToSend<R extends { cantidad_a_salir: number }>(numeroGuia: string, salidas: readonly R[]): (R & { index: number })[] {
  const errors: Record<string, string> = {};
  if (!numeroGuia) errors.numero_guia = MSG_WAYBILL_REQUIRED;
  const rows = salidas.map((r, index) => ({ ...r, index })).filter((r) => r.cantidad_a_salir > 0);
  if (!rows.length) errors.salidas = MSG_NOTHING_TO_SEND;
  if (Object.keys(errors).length) throw new CommandRejected(MSG_VALIDATION, errors, 422);
  return rows;
}

/** A product as the transfer reads it: its code, its order number and its central stock. */
type GroupedProduct = { codigo: string; numero_orden: string | null; stock: number };
/** A row with the group it leaves from (`orden`: the order number asked, '' for central stock). */
type Placed<R, P> = { row: R; product: P; orden: string };

/** Each row's group: its product read (`products`, by id) and belonging to the group, which is
 * the order number asked or else the product's own. `groupOf`: the group's key from what a caller
 * sends ('STOCK' or nothing is central stock). The rows placed and the field errors of the others. */
export function placeTransferRows<R extends { id_producto_solicitado: number; numero_orden_compra?: string | null; index: number }, P extends GroupedProduct>(
  rows: readonly R[], products: ReadonlyMap<number, P>, groupOf: (orden: string | null | undefined) => string,
): { lines: Placed<R, P>[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const lines: Placed<R, P>[] = [];
  for (const r of rows) {
    const p = products.get(r.id_producto_solicitado);
    if (!p) {
      errors[`salidas.${r.index}.id_producto_solicitado`] = MSG_ROW_NOT_FOUND;
      continue;
    }
    const orden = r.numero_orden_compra == null ? groupOf(p.numero_orden) : groupOf(r.numero_orden_compra);
    const belongs = orden ? p.numero_orden === orden : p.stock > 0;
    if (!belongs) errors[`salidas.${r.index}.numero_orden_compra`] = orden ? MSG_NOT_OF_ORDER : MSG_NO_CENTRAL_STOCK;
    else lines.push({ row: r, product: p, orden });
  }
  return { lines, errors };
}

/** The placed rows against what each group holds (`available`, by `codigo\torden`, read once its
 * groups are locked): in order, each row takes from what its group has left. Refused (422) with
 * the rows' errors (`errors`: those of the rows not placed). The rows that leave. */
export function allotTransferRows<L extends Placed<{ cantidad_a_salir: number; index: number }, { codigo: string }>>(
  lines: readonly L[], available: ReadonlyMap<string, number>, errors: Record<string, string>,
): L[] {
  const all = { ...errors };
  const left = new Map(available);
  const out: L[] = [];
  for (const l of lines) {
    const g = `${l.product.codigo}\t${l.orden}`;
    const rest = left.get(g) ?? 0;
    if (l.row.cantidad_a_salir > rest) {
      all[`salidas.${l.row.index}.cantidad_a_salir`] = `No puede ser mayor a lo disponible en ${l.orden || STOCK} (${Math.max(rest, 0)})`;
      continue;
    }
    left.set(g, roundQty(rest - l.row.cantidad_a_salir));
    out.push(l);
  }
  if (Object.keys(all).length) throw new CommandRejected(MSG_VALIDATION, all, 422);
  return out;
}
