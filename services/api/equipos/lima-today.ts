import { exportTimeZone } from '../platform/export/exportTimeZone';

/** Today's date ('YYYY-MM-DD') in the product's zone, America/Lima: the day the schedules
 * (amortization, insurance) are read against. The SQL twin is (now() AT TIME ZONE 'America/Lima')::date. */
export function limaToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: exportTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
