/** A value as a finite number, or null. Rules: numbers pass when finite; strings are trimmed and
 * read with `Number` (so numeric strings from PostgreSQL `numeric` columns work; thousands commas
 * are not accepted); null, undefined, blank and anything non-numeric give null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    const n = Number(text);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}
