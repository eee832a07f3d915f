import { yearInRange } from '../../platform/fields';

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
