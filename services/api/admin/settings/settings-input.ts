import * as v from 'valibot';
import { int, REQUIRED } from '../../platform/fields';

const str = () => v.pipe(v.string('Debe ser texto'), v.trim());
const max = (n: number) => v.maxLength<string, number, string>(n, `Máximo ${n} caracteres`);
const emailShape = v.pipe(v.string(), v.email());

function isWebAddress(s: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(s)) return false;
  try {
    const url = new URL(s);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** A picture field sent as text: '' or null removes the picture; the current value (its name or
 * its `/uploads/{name}` address) keeps it. A new picture comes as a file of the same name. */
const picture = () => v.optional(v.nullable(v.pipe(v.string('Debe ser texto'), v.trim(), max(200))));

/** POST /settings/save: every field optional (only the fields sent change), each validated with
 * the Spanish message users see. Multipart forms send text, so numbers accept numeric text. */
export const settingsInput = v.object({
  coin: v.optional(v.pipe(str(), v.nonEmpty(REQUIRED), max(5))),
  interval: v.optional(v.pipe(int(), v.minValue(5, 'Mínimo 5 segundos'), v.maxValue(3600, 'Máximo 3600 segundos'))),
  registro_horometro: v.optional(v.pipe(int(), v.minValue(0, 'Mínimo 0 horas'), v.maxValue(720, 'Máximo 720 horas'))),
  brand: v.optional(v.pipe(str(), v.nonEmpty(REQUIRED), max(100))),
  ruc: v.optional(v.pipe(str(), v.regex(/^(\d{11})?$/, 'El RUC debe tener 11 dígitos'))),
  name: v.optional(v.pipe(str(), max(200))),
  website: v.optional(v.pipe(str(), max(200), v.check((s) => s === '' || isWebAddress(s), 'Ingrese una dirección web válida (http:// o https://)'))),
  email: v.optional(v.pipe(str(), v.toLowerCase(), max(200), v.check((s) => s === '' || v.is(emailShape, s), 'Ingrese un correo válido'))),
  phone: v.optional(v.pipe(str(), max(30), v.regex(/^[0-9+()\s-]*$/, 'Ingrese un teléfono válido'))),
  country_code: v.optional(v.pipe(str(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'El código de país debe tener 2 letras (ej. PE)'))),
  address: v.optional(v.pipe(str(), max(300))),
  pic_logo: picture(),
  pic_favicon: picture(),
});

export type SettingsInput = v.InferOutput<typeof settingsInput>;
