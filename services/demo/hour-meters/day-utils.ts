/** yyyy-MM-dd plus `days` (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Sites work Monday to Saturday: Sunday is the only day off in the demo. */
export function isWorkingDay(date: string): boolean {
  return new Date(`${date}T12:00:00Z`).getUTCDay() !== 0;
}
