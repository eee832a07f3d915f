import type { WallClock } from './WallClock';
import { wallClockAt } from './wallClockAt';

const isoLike = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * Reads a date or date-time value the way the database and the API hand it over:
 * - an instant (a Date, epoch milliseconds, an ISO string with Z or an offset) is shown on the
 *   business time zone's clock;
 * - a string without a zone ('2026-11-22', '2026-11-22 15:05', timestamp without time zone) is
 *   already a wall-clock value and is shown as written;
 * - in a 'date' column an instant at exactly UTC midnight is a calendar date (that is how
 *   postgres `date` columns and `new Date('2026-11-22')` arrive), so it keeps its UTC day.
 * Anything else is not a date: undefined.
 */
export function toWallClock(value: unknown, kind: 'date' | 'datetime'): WallClock | undefined {
  if (value instanceof Date) return fromInstant(value, kind);
  if (typeof value === 'number') return fromInstant(new Date(value), kind);
  if (typeof value !== 'string') return undefined;
  const m = isoLike.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(frac.padEnd(3, '0').slice(0, 3)));
  const written = new Date(utc);
  // Date.UTC rolls 2026-02-30 over to March: such a value is not a date.
  if (written.getUTCFullYear() !== Number(y) || written.getUTCMonth() !== Number(mo) - 1 || written.getUTCDate() !== Number(d)) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  if (zone) return fromInstant(new Date(utc - offsetMinutes(zone) * 60_000), kind);
  return utcParts(written);
}

function fromInstant(instant: Date, kind: 'date' | 'datetime'): WallClock | undefined {
  if (Number.isNaN(instant.getTime())) return undefined;
  if (kind === 'date' && instant.getTime() % 86_400_000 === 0) return utcParts(instant);
  return wallClockAt(instant);
}

function utcParts(date: Date): WallClock {
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    millisecond: date.getUTCMilliseconds(),
  };
}

function offsetMinutes(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
}
