/** A plain decimal as users type it or JSON carries it: a finite number, or text of digits with
 * an optional point ('3.7854', ' 250 '). Anything else (commas, exponents, signs, blanks, objects)
 * → null, so the field says 'Debe ser un número' instead of guessing. */
export function readDecimal(input: unknown): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (!/^\d{1,15}(\.\d{1,15})?$/.test(text)) return null;
  return Number(text);
}
