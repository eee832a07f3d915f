const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** A value as a valid Date, or null. Rules: a Date is used as is; a number is epoch milliseconds;
 * a `yyyy-MM-dd` string is that calendar day at local midnight (never read as UTC, which would
 * show the day before west of Greenwich) and an impossible day (2024-02-31) is invalid; a
 * date-time string with `Z` or an offset is converted to local time, one without is local time;
 * PostgreSQL text is accepted (a space instead of `T`, offsets `+00` or `+0530`); other strings
 * are left to `Date`; anything invalid → null. */
export function toDate(value: unknown): Date | null {
  let date: Date | null = null;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number') date = new Date(value);
  else if (typeof value === 'string') {
    const text = value.trim();
    const day = DATE_ONLY.exec(text);
    const dateTime = DATE_TIME.exec(text);
    if (day) {
      const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]), Number(day[3])];
      date = new Date(year, month - 1, dayOfMonth);
      if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== dayOfMonth) return null;
    } else if (dateTime) {
      const offset = dateTime[3] ?? '';
      const zone = /^[+-]\d{2}$/.test(offset) ? `${offset}:00` : offset.length === 5 ? `${offset.slice(0, 3)}:${offset.slice(3)}` : offset.toUpperCase();
      date = new Date(`${dateTime[1]}T${dateTime[2]}${zone}`);
    } else if (text !== '') date = new Date(text);
  }
  return date && !Number.isNaN(date.getTime()) ? date : null;
}
