import { formatDate } from './formatDate';
import type { WallClock } from './WallClock';

/** dd/MM/yyyy hh:mm a on a 12-hour clock, e.g. `22/11/2026 03:05 PM`; midnight is `12:00 AM`. */
export function formatDateTime(w: WallClock): string {
  const hour12 = w.hour % 12 === 0 ? 12 : w.hour % 12;
  const period = w.hour < 12 ? 'AM' : 'PM';
  return `${formatDate(w)} ${String(hour12).padStart(2, '0')}:${String(w.minute).padStart(2, '0')} ${period}`;
}
