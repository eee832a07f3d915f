import { quantityInput, quantityValue } from '../../../ui/form/quantity';

// The rules of the site warehouse's receipt and issue screens (seed 002 §5, §7), kept pure.

/** The filters of /almacen_obra_salidas; the server lists nothing until one is set. */
export const ISSUE_FILTERS = ['id_obra', 'id_orden_trabajo', 'id_solicitud_compra', 'id_material', 'numero_orden', 'todos'] as const;

/** Whether the issue list still waits for a filter (then it shows 'FILTRE PARA BUSCAR'). */
export function needsFilter(search: Partial<Record<(typeof ISSUE_FILTERS)[number], unknown>>): boolean {
  return !ISSUE_FILTERS.some((key) => search[key] !== undefined && search[key] !== null && search[key] !== '');
}

/** The confirm button's label: 'Confirmar salida' for none or one row, 'Confirmar 3 salidas'. */
export function confirmLabel(count: number, singular: string, plural: string): string {
  return count > 1 ? `Confirmar ${count} ${plural}` : `Confirmar ${singular}`;
}

/** A decimal as the server writes it ('3.5000') as the number it is. */
export function amount(text: string | number | null | undefined): number {
  const n = Number(text ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** A selected row and the quantity typed for it. */
export type Picked<Row> = { row: Row; text: string };

/** The selection after the table's checkboxes changed to `keys`: rows kept keep their typed
 * quantity (even from another page), new rows (from `rows`, the page on screen) start at their
 * cap, and rows left out are dropped. */
export function repick<Row extends { id: number }>(before: Map<number, Picked<Row>>, keys: Set<string | number>, rows: Row[], cap: (row: Row) => number): Map<number, Picked<Row>> {
  const next = new Map<number, Picked<Row>>();
  for (const key of keys) {
    const id = Number(key);
    const kept = before.get(id);
    const row = kept?.row ?? rows.find((r) => r.id === id);
    if (row) next.set(id, kept ?? { row, text: String(cap(row)) });
  }
  return next;
}

/** A quantity typed for a row: a non-negative decimal, capped at the row's cap. */
export function typeQuantity(text: string, cap: number): string {
  return quantityInput(text, cap);
}

/** POST /almacen_obra_salidas/create's body. */
export function issueBody(vale: string, picked: Picked<{ id: number }>[]) {
  return { vale_salida: vale.trim(), salidas: picked.map((p) => ({ id_producto_solicitado: p.row.id, cantidad_a_salir: quantityValue(p.text) })) };
}

/** POST /almacen_obra_entradas/create's body. */
export function receiptBody(picked: Picked<{ id: number }>[]) {
  return { entradas: picked.map((p) => ({ id_producto_solicitado: p.row.id, cantidad_entrante: quantityValue(p.text) })) };
}

/** A refused movement's field errors, by what they are about: `rows` by row id (the n-th sent row's
 * quantity or product, `salidas.{n}.cantidad_a_salir`), the rest by field (`vale_salida`). */
export function errorsByRow(errors: Record<string, string>, list: 'salidas' | 'entradas', ids: number[]): { rows: Record<number, string>; fields: Record<string, string> } {
  const rows: Record<number, string> = {};
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const m = new RegExp(`^${list}\\.(\\d+)\\.`).exec(key);
    const id = m ? ids[Number(m[1])] : undefined;
    if (id !== undefined) rows[id] = rows[id] ?? message;
    else fields[key] = message;
  }
  return { rows, fields };
}
