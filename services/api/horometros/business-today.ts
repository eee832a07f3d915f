import { wallClockAt } from '../platform/export/wallClockAt';

/** Today's date (yyyy-MM-dd) in the business time zone at an instant. */
export function businessToday(now: Date): string {
  const w = wallClockAt(now);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}
