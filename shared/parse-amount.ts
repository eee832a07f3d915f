/** Seed 001 §5: 'site total amount and general-expense amounts are parsed as integers;
 * non-numeric becomes 0'. Text is read with JavaScript's `parseInt(text, 10)`, as the original
 * screens did: leading spaces are skipped and the digits before the first other character count
 * ('1500.75' → 1500, '12abc' → 12, '1,500' → 1, 'abc' → 0, '' → 0). A number is truncated
 * (1500.99 → 1500). Anything else (null, undefined, booleans, objects) is non-numeric → 0.
 * Decision where the spec is silent: amounts and quantities are never negative, so a negative
 * result becomes 0 as well. Too large values are kept, so the caller's maximum refuses them.
 * Shared by the server and the web form (no imports). */
export function parseAmount(value: unknown): number {
  let n: number;
  if (typeof value === 'number') n = Math.trunc(value);
  else if (typeof value === 'string') n = Number.parseInt(value, 10);
  else return 0;
  if (!Number.isFinite(n) || n < 0) return 0;
  return n;
}
