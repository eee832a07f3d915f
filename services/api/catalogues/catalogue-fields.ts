import * as v from 'valibot';
import { REQUIRED } from '../platform/fields';

const INVALID_ID = 'Identificador inválido';

const blank = (x: unknown) => x === null || x === undefined || x === '' || x === 0 || x === '0';

/** A required reference to another catalogue row (a select): empty (null, '', 0) reads 'Este
 * campo es obligatorio', the message users see under an unchosen select. */
export const requiredRef = () =>
  v.pipe(
    v.unknown(),
    v.check((x) => !blank(x), REQUIRED),
    v.transform((x) => (typeof x === 'string' ? Number(x.trim()) : x)),
    v.number(INVALID_ID),
    v.integer(INVALID_ID),
    v.minValue(1, INVALID_ID),
    v.maxValue(Number.MAX_SAFE_INTEGER, INVALID_ID),
  );

/** An optional reference (e.g. an element's parent): empty or left out → null (no parent). */
export const optionalRef = () =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform((x) => (blank(x) ? null : typeof x === 'string' ? Number(x.trim()) : x)),
      v.nullable(v.pipe(v.number(INVALID_ID), v.integer(INVALID_ID), v.minValue(1, INVALID_ID), v.maxValue(Number.MAX_SAFE_INTEGER, INVALID_ID))),
    ),
    null,
  );

/** A required amount above zero with at most `scale` decimals and at most `max` (the numeric
 * column's limits), from a number or a decimal text; it travels on as a JSON number. */
export const positiveAmount = (scale: number, max: number) =>
  v.pipe(
    v.unknown(),
    v.check((x) => x !== null && x !== undefined && x !== '', REQUIRED),
    v.transform(readDecimal),
    v.number('Debe ser un número'),
    v.check((x) => x > 0, 'Debe ser mayor a 0'),
    v.check((x) => x <= max, `Máximo ${max}`),
    v.check((x) => decimalPlaces(x) <= scale, `Máximo ${scale} decimales`),
  );

/** A plain decimal as users type it or JSON carries it: a finite number, or text of digits with
 * an optional point ('3.7854', ' 250 '). Anything else (commas, exponents, signs, blanks, objects)
 * → null, so the field says 'Debe ser un número' instead of guessing. Stricter than toNumber
 * (shared/money.ts), which reads any numeric text a value may arrive as: this is what a user may type. */
export function readDecimal(input: unknown): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (!/^\d{1,15}(\.\d{1,15})?$/.test(text)) return null;
  return Number(text);
}

/** How many decimals a number needs as written in JavaScript's shortest form ('0.25' → 2,
 * '1e-7' → 7, '1.5e-7' → 8). Used to refuse more decimals than a numeric column keeps instead
 * of silently rounding what the user typed. */
export function decimalPlaces(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const [mantissa, exponent] = String(n).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}
