import { BUSINESS_TZ, isTimeZone } from '@shared/time';
import { yearInRange } from '../../platform/fields';

/** The server's clock in the settings reply: `fecha` (ISO instant), `diferencia` (whole seconds the
 * server is ahead of the client's `fecha_cliente`, negative when behind; 0 without it) and
 * `zona_horaria` (the zone times are shown in). */
export type Tiempo = { fecha: string; diferencia: number; zona_horaria: string };

export function tiempo(now: Date, client: Date | null, zone: string): Tiempo {
  const diferencia = client ? Math.round((now.getTime() - client.getTime()) / 1000) : 0;
  return { fecha: now.toISOString(), diferencia: diferencia === 0 ? 0 : diferencia, zona_horaria: zone };
}

/** The zone the server shows times in: the `TZ` of the process when it names a valid IANA zone
 * (checked with Intl), else the product's zone, America/Lima (docs/DECISIONS.md, exports). */
export function serverTimeZone(env: NodeJS.ProcessEnv = process.env): string {
  const tz = env.TZ?.trim().replace(/^:/, '');
  return tz && tz.includes('/') && isTimeZone(tz) ? tz : BUSINESS_TZ;
}

const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** The client's clock as sent in `fecha_cliente`: epoch milliseconds (13 digits), epoch seconds
 * (10 digits) or an ISO 8601 date-time within the accepted years. Null when it is none of those. */
export function parseClientDate(value: string): Date | null {
  const s = value.trim();
  let ms: number;
  if (/^\d{13}$/.test(s)) ms = Number(s);
  else if (/^\d{10}$/.test(s)) ms = Number(s) * 1000;
  else if (ISO.test(s) && yearInRange(s)) ms = Date.parse(s);
  else return null;
  return Number.isFinite(ms) ? new Date(ms) : null;
}
