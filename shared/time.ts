// The product's clock and its one date formatter. Every "today", every wall-clock time and every
// date a screen, a message, an export or a PDF shows is read in the business time zone, whatever
// the zone of the server process or of the browser, and written by the functions of this file:
// dates dd/MM/yyyy, date-times dd/MM/yyyy hh:mm AM/PM (docs/DECISIONS.md, "Dates, times, numbers
// and messages"). No other module calls toLocale*String or Intl.DateTimeFormat
// (tests/contract/one-date-formatter.unit.test.ts). Pure: the web imports this file as it is.

/** The business time zone (Peru has no daylight saving time: UTC−5 all year). */
export const BUSINESS_TZ = 'America/Lima';

/** A calendar date and time of day as read on a clock in the business time zone; month 1–12. */
export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
};

/** What the formatters read: a WallClock, a Date or epoch milliseconds (an instant), or text
 * (see wallClockOf). Anything else, empty text included, shows as ''. */
export type DateInput = WallClock | Date | number | string | null | undefined;

/** Spanish month names, January first (amortization calendar, insurance rows). */
export const MONTH_NAMES = [
  'Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre',
] as const;

/** The SQL twin of businessToday: today's date in the business zone, for queries (trusted text). */
export const BUSINESS_TODAY_SQL = `(now() AT TIME ZONE '${BUSINESS_TZ}')::date`;

/** The SQL twin of formatDate for a `date` column, where a query must return the text itself
 * (a log line's item name, searched in SQL): `dd/MM/yyyy`. */
export function formatDateSql(column: string): string {
  return `to_char(${column}, 'DD/MM/YYYY')`;
}

/** The number formats of an xlsx export's date cells (the cell holds the business zone's clock
 * reading): what formatDate and formatDateTime write, in Excel's spelling. */
export const EXCEL_DATE_FORMAT = { date: 'dd/mm/yyyy', datetime: 'dd/mm/yyyy hh:mm AM/PM' } as const;

/** Whether the runtime knows an IANA time-zone name ('America/Lima'). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The SQL twin of wallClockAt for a timestamptz column: its date in the business zone. */
export function businessDateSql(column: string): string {
  return `(${column} AT TIME ZONE '${BUSINESS_TZ}')::date`;
}

const CLOCK_PARTS: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

const clock = new Intl.DateTimeFormat('en-US', { ...CLOCK_PARTS, timeZone: BUSINESS_TZ });

const zoneClocks = new Map<string, Intl.DateTimeFormat>([[BUSINESS_TZ, clock]]);

/** The clock of a zone (built once); a zone the runtime does not know reads as the business zone. */
function clockOf(timeZone: string): Intl.DateTimeFormat {
  let c = zoneClocks.get(timeZone);
  if (!c) {
    c = isTimeZone(timeZone) ? new Intl.DateTimeFormat('en-US', { ...CLOCK_PARTS, timeZone }) : clock;
    zoneClocks.set(timeZone, c);
  }
  return c;
}

/** The business zone's clock at an instant (or another zone's, for the settings' server clock;
 * a zone the runtime does not know reads as the business zone). */
export function wallClockAt(instant: Date, timeZone: string = BUSINESS_TZ): WallClock {
  const part: Record<string, number> = {};
  const c = timeZone === BUSINESS_TZ ? clock : clockOf(timeZone);
  for (const { type, value } of c.formatToParts(instant)) part[type] = Number(value);
  return {
    year: part.year,
    month: part.month,
    day: part.day,
    hour: part.hour,
    minute: part.minute,
    second: part.second,
    millisecond: instant.getUTCMilliseconds(),
  };
}

/** Today's date, 'YYYY-MM-DD', in the business zone at an instant. */
export function businessToday(now: Date): string {
  return isoDate(wallClockAt(now));
}

/** Now as the business zone's wall clock, 'YYYY-MM-DD HH:mm' (the work orders' zone-less dates). */
export function wallClockNow(now: Date): string {
  const w = wallClockAt(now);
  return `${isoDate(w)} ${pad(w.hour)}:${pad(w.minute)}`;
}

/** The instant a wall-clock time of the business zone names: `date` ('YYYY-MM-DD') at `hour`
 * (0–23; hours past 23 roll into the next days). */
export function instantOf(date: string, hour: number): Date {
  const [y, m, d] = date.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d, hour);
  const wall = wallClockAt(new Date(guess));
  const offset = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - guess;
  return new Date(guess - offset);
}

const ISO_LIKE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * Reads a date or date-time value the way the database, the API and the forms hand it over:
 * - an instant (a Date, epoch milliseconds, text with Z or an offset such as PostgreSQL's
 *   '2026-11-22 15:05:00+00') is read on the business zone's clock;
 * - text without a zone ('2026-11-22', '2026-11-22 15:05', a work order's wall clock, a
 *   timestamp without time zone) is already a wall-clock value and is read as written;
 * - for a 'date', an instant at exactly UTC midnight is a calendar date (that is how PostgreSQL
 *   `date` columns and `new Date('2026-11-22')` arrive), so it keeps its UTC day.
 * An impossible date (2026-02-30, 25:00) or anything else: undefined.
 */
export function wallClockOf(value: unknown, kind: 'date' | 'datetime' = 'datetime'): WallClock | undefined {
  if (value instanceof Date) return fromInstant(value, kind);
  if (typeof value === 'number') return fromInstant(new Date(value), kind);
  if (isWallClock(value)) return value;
  if (typeof value !== 'string') return undefined;
  const m = ISO_LIKE.exec(value.trim());
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

/** dd/MM/yyyy, e.g. `22/11/2026` (seed 000: dates are shown dd/MM/yyyy). */
export function formatDate(value: DateInput): string {
  const w = wallClockOf(value, 'date');
  return w ? `${pad(w.day)}/${pad(w.month)}/${pad(w.year, 4)}` : '';
}

/** MM/yyyy, e.g. `11/2026`: a month (the amortization plan's first month). */
export function formatMonth(value: DateInput): string {
  return formatDate(value).slice(3);
}

/** What formatDateTime may be asked for besides the date-time: the seconds (`03:05:09 PM`, a
 * ticking clock) and, for an instant, another zone than the business one (the settings screen
 * shows the server's clock in the server's zone). */
export type DateTimeOptions = { seconds?: boolean; timeZone?: string };

/** dd/MM/yyyy hh:mm AM/PM on a 12-hour clock, e.g. `22/11/2026 03:05 PM` (seed 000: date-times
 * with a 12-hour clock; docs/DECISIONS.md): midnight is `12:00 AM`, noon `12:00 PM`, hours padded. */
export function formatDateTime(value: DateInput, options: DateTimeOptions = {}): string {
  const w = options.timeZone && (value instanceof Date || typeof value === 'number')
    ? fromInstantIn(new Date(value), options.timeZone)
    : wallClockOf(value, 'datetime');
  return w ? `${formatDate(w)} ${clock12(w, options.seconds === true)}` : '';
}

const agoPlural = (n: number, one: string, many: string) => `hace ${n} ${n === 1 ? one : many}`;

/** How long ago, in Spanish, as the log, the record history and the notifications show it:
 * 'hace un momento' (under a minute, or a clock a little ahead), 'hace 5 minutos', 'hace 2 horas',
 * 'ayer' (24 to 47 hours), 'hace 3 días', 'hace 2 meses' (30-day months), 'hace 1 año'. An invalid
 * date gives ''. */
export function formatAgo(then: Date, now: Date): string {
  const ms = now.getTime() - then.getTime();
  if (Number.isNaN(ms)) return '';
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return 'hace un momento';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return agoPlural(minutes, 'minuto', 'minutos');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return agoPlural(hours, 'hora', 'horas');
  const days = Math.floor(hours / 24);
  if (days === 1) return 'ayer';
  if (days < 30) return agoPlural(days, 'día', 'días');
  if (days < 365) return agoPlural(Math.floor(days / 30), 'mes', 'meses');
  return agoPlural(Math.floor(days / 365), 'año', 'años');
}

/** A notification's date as of `now`: formatAgo within the last day ('hace 5 minutos'; a clock
 * up to a minute ahead reads 'hace un momento'), else formatDateTime. */
export function formatRecent(instant: Date, now: Date): string {
  const ms = now.getTime() - instant.getTime();
  if (Number.isNaN(ms)) return '';
  return ms > -60_000 && ms < 86_400_000 ? formatAgo(instant, now) : formatDateTime(instant);
}

/** hh:mm AM/PM of a wall clock or an instant, e.g. `03:05 PM`: the time part of formatDateTime. */
export function formatTime(value: DateInput): string {
  const w = wallClockOf(value, 'datetime');
  return w ? clock12(w) : '';
}

const WALL = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?$/;

/** A work order's zone-less wall-clock date-time ('YYYY-MM-DD HH:mm', stored as the site's clock
 * and never converted) as formatDateTime shows it; '' when absent or not such a value (a value
 * carrying a zone is an instant, for formatDateTime). */
export function formatWallClock(value: string | null | undefined): string {
  return value && WALL.test(value.trim()) ? formatDateTime(value) : '';
}

/** 'YYYY-MM-DD' of a wall clock. */
export function isoDate(w: Pick<WallClock, 'year' | 'month' | 'day'>): string {
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

function clock12(w: WallClock, seconds = false): string {
  const hour12 = w.hour % 12 === 0 ? 12 : w.hour % 12;
  return `${pad(hour12)}:${pad(w.minute)}${seconds ? `:${pad(w.second)}` : ''} ${w.hour < 12 ? 'AM' : 'PM'}`;
}

function fromInstantIn(instant: Date, timeZone: string): WallClock | undefined {
  return Number.isNaN(instant.getTime()) ? undefined : wallClockAt(instant, timeZone);
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function isWallClock(value: unknown): value is WallClock {
  return typeof value === 'object' && value !== null && typeof (value as WallClock).year === 'number' && typeof (value as WallClock).month === 'number';
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
