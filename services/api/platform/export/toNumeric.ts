const numericText = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * A number, bigint or numeric string (postgres `numeric` arrives as a string) as a finite
 * number; anything else (NaN, Infinity, words, empty text) is not a number: undefined.
 */
export function toNumeric(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!numericText.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}
