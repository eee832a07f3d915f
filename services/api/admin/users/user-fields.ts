import * as v from 'valibot';
import { DATE_OUT_OF_RANGE, flag, int, REQUIRED, yearInRange } from '../../platform/fields';
import { USER_MSG } from './user-messages';

// Optional fields: absent leaves the stored value; null or '' (what an empty multipart field
// sends) clears it. Unions keep the docs readable ("string max 30 | null").

const required = (max: number) =>
  v.pipe(v.string(REQUIRED), v.trim(), v.nonEmpty(REQUIRED), v.maxLength(max, `Máximo ${max} caracteres`));

const optionalText = (max: number, empty: '' | null) =>
  v.optional(
    v.pipe(
      v.union([v.pipe(v.string('Debe ser texto'), v.trim(), v.maxLength(max, `Máximo ${max} caracteres`)), v.null()], 'Debe ser texto'),
      v.transform((s): string | null => (s ? s : empty)),
    ),
  );

const isEmail = v.pipe(v.string(), v.email());

const email = v.optional(
  v.pipe(
    v.union([v.pipe(v.string('Debe ser texto'), v.trim(), v.toLowerCase(), v.maxLength(200, 'Máximo 200 caracteres')), v.null()], 'Debe ser texto'),
    v.transform((s): string | null => (s ? s : null)),
    v.check((s) => s === null || v.is(isEmail, s), 'Ingrese un correo válido'),
  ),
);

/** A real calendar day: '2026-02-31' is refused here, not by the date column. */
function isCalendarDay(s: string): boolean {
  const [y, m, d] = s.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

const optionalDate = v.optional(
  v.pipe(
    v.union(
      [
        v.pipe(
          v.string('Fecha inválida (aaaa-mm-dd)'),
          v.trim(),
          v.regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Fecha inválida (aaaa-mm-dd)'),
          v.check((s) => s === '' || isCalendarDay(s), 'Fecha inválida'),
          v.check((s) => s === '' || yearInRange(s), DATE_OUT_OF_RANGE),
        ),
        v.null(),
      ],
      'Fecha inválida (aaaa-mm-dd)',
    ),
    v.transform((s): string | null => (s ? s : null)),
  ),
);

const optionalId = (message: string) =>
  v.optional(
    v.pipe(
      v.union([v.pipe(int(message), v.minValue(0, message)), v.null(), v.pipe(v.string(), v.empty())], message),
      v.transform((x): number | null => (typeof x === 'number' && x > 0 ? x : null)),
    ),
  );

/** The user's or worker's record fields (seed 000 §3) as the form sends them (JSON or multipart
 * text). The signature (pic_firma) arrives as a file and the password separately: neither is here. */
export const userFields = {
  id_role: v.pipe(int(USER_MSG.roleRequired), v.minValue(1, USER_MSG.roleRequired)),
  id_obra: optionalId('Seleccione una obra'),
  name: required(100),
  surname: required(100),
  document: required(20),
  phone: optionalText(30, ''),
  email,
  tipo_trabajo: optionalText(100, null),
  fecha_ingreso: optionalDate,
  fecha_salida: optionalDate,
  all_works: v.optional(flag()),
  /** Seed 000 §3, §6: the purchase-request flags (0/1), read by the later documents. */
  can_create_request: v.optional(flag()),
  can_approve_requests: v.optional(flag()),
};
