import * as v from 'valibot';
import { DATE_OUT_OF_RANGE, isoDate, REQUIRED, text, yearInRange } from '../platform/fields';
import { fromCents, toCents } from '@shared/money';

// Valibot pieces of the equipment forms (seed 001 §5, §9). Optional fields may be left out of a
// save (left unchanged); null or '' empties them.

/** Seed 001 §9: text fields hold at most 500 characters. */
export const TEXT_MAX = 500;

/** A required reference to another record (select): missing, null, '' or 0 → 'Este campo es obligatorio'. */
export const requiredRef = () =>
  v.pipe(
    v.unknown(),
    v.check((x) => x !== null && x !== undefined && x !== '' && x !== 0 && x !== '0', REQUIRED),
    v.transform((x) => (typeof x === 'string' ? Number(x.trim()) : x)),
    v.number('Identificador inválido'),
    v.integer('Identificador inválido'),
    v.minValue(1, 'Identificador inválido'),
    v.maxValue(Number.MAX_SAFE_INTEGER, 'Identificador inválido'),
  );

/** Optional text up to 500 characters; null → ''. */
export const optionalText = () => v.optional(v.pipe(v.nullable(text(TEXT_MAX)), v.transform((x) => x ?? '')));

/** Optional day 'YYYY-MM-DD'; null or '' → null (a real calendar day, seed 001 §5 "dates valid"). */
export const optionalDate = () =>
  v.optional(v.pipe(v.union([v.null(), v.literal(''), isoDate()], 'Fecha inválida (aaaa-mm-dd)'), v.transform((x) => x || null)));

/** Optional month 'YYYY-MM' or any day of it; stored as its first day; null or '' → null. */
export const optionalMonth = () =>
  v.optional(
    v.pipe(
      v.union([v.null(), v.literal(''), v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])(-\d{2})?$/, 'Mes inválido (aaaa-mm)'), v.check(yearInRange, DATE_OUT_OF_RANGE))], 'Mes inválido (aaaa-mm)'),
      v.transform((x) => (x ? `${x.slice(0, 7)}-01` : null)),
    ),
  );

/** Optional whole number within a range (numeric text accepted); null or '' → 0. */
export const optionalCount = (max: number, message: string) =>
  v.optional(
    v.pipe(
      v.union([v.null(), v.literal(''), v.number(), v.pipe(v.string(), v.trim(), v.regex(/^-?\d+$/, 'Debe ser un número entero'))], 'Debe ser un número entero'),
      v.transform((x) => (x === null || x === '' ? 0 : Number(x))),
      v.integer('Debe ser un número entero'),
      v.minValue(0, 'Debe ser mayor o igual a 0'),
      v.maxValue(max, message),
    ),
  );

const MONEY_INTEGER_DIGITS = 12; // numeric(14, 2)

/** Money (seed 001 §3): a number or decimal text ≥ 0 with at most 2 decimals, normalised to a
 * decimal string with two decimals ('185000.00'); null or '' → '0.00'. */
export const money = () =>
  v.optional(
    v.pipe(
      v.union([v.null(), v.string(), v.number()], 'Debe ser un monto'),
      v.transform((x) => (x === null ? '' : String(x).trim().replace(/,/g, ''))),
      v.check((x) => x === '' || /^-?\d+(\.\d+)?$/.test(x), 'Debe ser un monto'),
      v.check((x) => !x.startsWith('-') || Number(x) === 0, 'Debe ser mayor o igual a 0'),
      v.check((x) => !/\.\d{3,}$/.test(x), 'Máximo 2 decimales'),
      v.check((x) => x.replace(/^-/, '').split('.')[0].replace(/^0+(?=\d)/, '').length <= MONEY_INTEGER_DIGITS, 'Monto demasiado grande'),
      v.transform((x) => fromCents(toCents(x === '' ? '0' : x.replace(/^-/, '')))),
    ),
  );
