/** The date-range presets, in the order they are offered. */
export const DATE_PRESETS = [
  'Hoy',
  'Ayer',
  'Últimos 7 días',
  'Últimos 30 días',
  'Últimos 6 meses',
  'Esta semana',
  'Semana pasada',
  'Este mes',
  'Mes pasado',
  'Este año',
  'Año pasado',
] as const;

export type DatePresetName = (typeof DATE_PRESETS)[number];

/** A local calendar day as yyyy-MM-dd (no time zone shift: the day the user sees). */
export function isoDay(date: Date): string {
  const y = String(date.getFullYear()).padStart(4, '0');
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A local date from its parts; day overflow rolls over (day 0 is the last day of the previous month). */
function at(year: number, month: number, day: number): Date {
  return new Date(year, month, day);
}

/** The range of a preset as yyyy-MM-dd, both ends included, relative to `today` (its time is ignored).
 * Rules: "Últimos N días" end today and include it (7 days: today and the 6 before); "Últimos 6 meses" starts
 * on the same day six months back (clamped to the end of a shorter month); weeks run Monday to Sunday;
 * "Esta semana", "Este mes" and "Este año" cover the whole period, future days included. */
export function datePreset(name: DatePresetName, today: Date): { from: string; to: string } {
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  const range = (from: Date, to: Date) => ({ from: isoDay(from), to: isoDay(to) });
  // Days since Monday: getDay() is 0 on Sunday.
  const sinceMonday = (today.getDay() + 6) % 7;
  switch (name) {
    case 'Hoy':
      return range(at(y, m, d), at(y, m, d));
    case 'Ayer':
      return range(at(y, m, d - 1), at(y, m, d - 1));
    case 'Últimos 7 días':
      return range(at(y, m, d - 6), at(y, m, d));
    case 'Últimos 30 días':
      return range(at(y, m, d - 29), at(y, m, d));
    case 'Últimos 6 meses': {
      const lastDay = at(y, m - 5, 0).getDate();
      return range(at(y, m - 6, Math.min(d, lastDay)), at(y, m, d));
    }
    case 'Esta semana':
      return range(at(y, m, d - sinceMonday), at(y, m, d - sinceMonday + 6));
    case 'Semana pasada':
      return range(at(y, m, d - sinceMonday - 7), at(y, m, d - sinceMonday - 1));
    case 'Este mes':
      return range(at(y, m, 1), at(y, m + 1, 0));
    case 'Mes pasado':
      return range(at(y, m - 1, 1), at(y, m, 0));
    case 'Este año':
      return range(at(y, 0, 1), at(y, 11, 31));
    case 'Año pasado':
      return range(at(y - 1, 0, 1), at(y - 1, 11, 31));
  }
}
