import { MSG_REQUIRED as REQUIRED } from '@shared/messages';
import * as v from 'valibot';

// Valibot pieces shared by every endpoint's schema, with the Spanish messages users see. Query
// strings and multipart fields arrive as text, so numeric fields accept numeric strings.

export { REQUIRED };

const numericText = v.pipe(v.string(), v.trim(), v.regex(/^-?\d+(\.\d+)?$/, 'Debe ser un número'), v.transform(Number));

/** An integer from a number or a numeric string. */
export const int = (message = 'Debe ser un número entero') =>
  v.pipe(v.union([v.number(message), numericText], message), v.integer(message), v.safeInteger(message));

export const id = () => v.pipe(int('Identificador inválido'), v.minValue(0, 'Identificador inválido'));

export const positiveId = () => v.pipe(int('Identificador inválido'), v.minValue(1, 'Identificador inválido'));

/** 0/1 flags, also from booleans and 'true'/'false'. */
export const flag = () =>
  v.pipe(
    v.union([v.picklist([0, 1, '0', '1', 'true', 'false']), v.boolean()], 'Debe ser 0 o 1'),
    v.transform((x): 0 | 1 => (x === 1 || x === '1' || x === true || x === 'true' ? 1 : 0)),
  );

export const text = (max = 255) =>
  v.pipe(v.string('Debe ser texto'), v.trim(), v.maxLength(max, `Máximo ${max} caracteres`));

export const requiredText = (max = 255) => v.pipe(text(max), v.nonEmpty(REQUIRED));

export const email = () => v.pipe(v.string('Debe ser texto'), v.trim(), v.toLowerCase(), v.email('Ingrese un correo válido'), v.maxLength(200));

/** The years a business date may fall in (docs/DECISIONS.md): year 0000 does not exist for
 * PostgreSQL, and nothing this product records lies outside them. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;
export const DATE_OUT_OF_RANGE = `Fecha fuera de rango (años ${MIN_YEAR} a ${MAX_YEAR})`;

/** Whether a yyyy-MM-dd… text starts with a year in the accepted range. */
export const yearInRange = (s: string) => {
  const year = Number(s.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
};

/** yyyy-MM-dd, as the filters send dates. */
export const isoDate = () =>
  v.pipe(
    v.string(),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha inválida (aaaa-mm-dd)'),
    // A real calendar day: '2026-02-31' would roll over to March in JavaScript and fail in SQL.
    v.check((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, 'Fecha inválida'),
    v.check(yearInRange, DATE_OUT_OF_RANGE),
  );

/** The ends of a period a list or a report is filtered by, either may be left out. */
export const periodEntries = { date_from: v.optional(isoDate()), date_to: v.optional(isoDate()) };

/** A rule an input is held to once all of it is well formed: whether it `refuses` the input, and
 * the error its `field` then gets (`message`, or the message made from the input). `headline`: the
 * message is also the reply's `msg` instead of VALIDATION_FAILED (a form that answers that one
 * rule in its banner). */
export type InputRule<T> = {
  field: string;
  refuses: (input: T) => boolean;
  message: string | ((input: T) => string);
  headline?: boolean;
};

/** The metadata key of a schema held to rules: the messages that are also the reply's `msg`
 * (platform/mount-routes.ts reads them). */
export const HEADLINES = 'headlines';

/** `schema` held to `rules`, checked in order only when the schema has nothing else to say (as a
 * handler would check them after it): the first rule that refuses is the one field error. */
export function withRules<S extends v.GenericSchema<unknown, Record<string, unknown>>>(schema: S, ...rules: InputRule<v.InferOutput<S>>[]) {
  const headlines = rules.flatMap((r) => (r.headline && typeof r.message === 'string' ? [r.message] : []));
  return v.pipe(
    schema,
    v.rawCheck<v.InferOutput<S>>(({ dataset, addIssue }) => {
      if (dataset.issues || !dataset.typed) return;
      const input = dataset.value;
      const broken = rules.find((r) => r.refuses(input));
      if (!broken) return;
      const message = typeof broken.message === 'string' ? broken.message : broken.message(input);
      addIssue({ message, path: [{ type: 'object', origin: 'value', input, key: broken.field, value: input[broken.field] }] });
    }),
    v.metadata<v.InferOutput<S>, Record<string, unknown>>({ [HEADLINES]: headlines }),
  );
}
