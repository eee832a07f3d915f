import * as v from 'valibot';
import { REQUIRED } from '../platform/fields';
import { decimalPlaces } from './decimal-places';
import { readDecimal } from './read-decimal';

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
