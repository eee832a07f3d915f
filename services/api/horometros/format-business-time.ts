import { wallClockAt } from '../platform/export/wallClockAt';

const two = (n: number) => String(n).padStart(2, '0');

/** dd/MM/yyyy HH:mm in the business time zone, for messages. */
export function formatBusinessTime(instant: Date): string {
  const w = wallClockAt(instant);
  return `${two(w.day)}/${two(w.month)}/${w.year} ${two(w.hour)}:${two(w.minute)}`;
}
