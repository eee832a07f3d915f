import { instantOf, wallClockNow } from '@shared/time';

/** The instant the time-travel field names: the last millisecond of the minute a Lima wall clock
 * 'YYYY-MM-DD HH:mm' shows (so the record as it was at 10:35 holds what happened during 10:35,
 * as the banner shows minutes only); null for anything else. */
export function endOfMinute(wall: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})$/.exec(wall);
  if (!m) return null;
  const start = instantOf(m[1], Number(m[2]));
  return new Date(start.getTime() + Number(m[3]) * 60_000 + 59_999);
}

/** An instant as the time-travel field shows it: its Lima wall clock 'YYYY-MM-DD HH:mm'. */
export function wallClockOfInstant(iso: string): string {
  return wallClockNow(new Date(iso));
}
