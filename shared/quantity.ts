/**
 * Quantities (stock, requested, received, issued) are `numeric(…, 4)` in the database: four
 * decimals. JavaScript adds them as binary floats, so 0.1 + 0.2 is 0.30000000000000004 and a
 * line "issued in full" would keep a remainder of 1e-17. Every sum, difference or share of
 * quantities is therefore brought back to the column's scale with `roundQty`, the one definition
 * of that rounding (the write model, the projections, the API and the web use it). Unit costs and
 * stock amounts kept at the same four decimals (`costo_unitario`, `importe`) use it too.
 */
export const QTY_DECIMALS = 4;

const SCALE = 10 ** QTY_DECIMALS;

/** A quantity at the columns' scale. */
export function roundQty(n: number): number {
  return Math.round(n * SCALE) / SCALE;
}

/** The sum of quantities at the columns' scale. */
export function addQty(...quantities: number[]): number {
  return roundQty(quantities.reduce((sum, q) => sum + q, 0));
}

/** a − b at the columns' scale. */
export function subQty(a: number, b: number): number {
  return roundQty(a - b);
}
