import type { SelectValue } from './selectOption';

/** Option values match by their text, so 3 and '3' are the same choice (ids may come as either
 * from a query string or a JSON reply); null/undefined match nothing. */
export function sameOptionValue(a: SelectValue | null | undefined, b: SelectValue | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return false;
  return String(a) === String(b);
}
