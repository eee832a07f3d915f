/** The age of an open order on the board, in the words of a supervisor: 'hace 3 d 4 h',
 * 'hace 5 h 20 min', 'hace 12 min', 'recién abierta'. */
export function formatOrderAge(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 1) return 'recién abierta';
  const days = Math.floor(m / 1440);
  const hours = Math.floor((m % 1440) / 60);
  const mins = m % 60;
  if (days > 0) return hours > 0 ? `hace ${days} d ${hours} h` : `hace ${days} d`;
  if (hours > 0) return mins > 0 ? `hace ${hours} h ${mins} min` : `hace ${hours} h`;
  return `hace ${mins} min`;
}

export type AgeTone = 'fresh' | 'aging' | 'late';

/** The colour band of an order's age: under 24 h fresh, 1–3 days aging, over 3 days late. */
export function orderAgeTone(minutes: number): AgeTone {
  if (minutes < 24 * 60) return 'fresh';
  if (minutes <= 3 * 24 * 60) return 'aging';
  return 'late';
}
