import { formatDate } from './formatDate';
import { toDate } from './toDate';

/** → `dd/MM/yyyy hh:mm AM` in local time, 12-hour clock: midnight is `12:00 AM`, noon `12:00 PM`,
 * hours padded to two digits. Accepts what `toDate` accepts (a `yyyy-MM-dd` string gives
 * `12:00 AM` of that day); invalid or empty → ''. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const hours = date.getHours();
  const hh = String(hours % 12 === 0 ? 12 : hours % 12).padStart(2, '0');
  const mi = String(date.getMinutes()).padStart(2, '0');
  return `${formatDate(date)} ${hh}:${mi} ${hours < 12 ? 'AM' : 'PM'}`;
}
