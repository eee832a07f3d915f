import { isoDate } from '@shared/time';

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

/** A calendar day from its parts (month 0–11), as a UTC date used only for calendar arithmetic;
 * day overflow rolls over (day 0 is the last day of the previous month). */
function at(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month, day));
}

/** The range of a preset as yyyy-MM-dd, both ends included, relative to `today`, a yyyy-MM-dd day:
 * the business day (businessToday, shared/time.ts), so 'Hoy' is the server's today whatever the
 * browser's zone. Rules: "Últimos N días" end today and include it (7 days: today and the 6
 * before); "Últimos 6 meses" starts on the same day six months back (clamped to the end of a
 * shorter month); weeks run Monday to Sunday; "Esta semana", "Este mes" and "Este año" cover the
 * whole period, future days included. */
export function datePreset(name: DatePresetName, today: string): { from: string; to: string } {
  const [y, m, d] = [Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10))];
  const day = (date: Date) => isoDate({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
  const range = (from: Date, to: Date) => ({ from: day(from), to: day(to) });
  // Days since Monday: getUTCDay() is 0 on Sunday.
  const sinceMonday = (at(y, m, d).getUTCDay() + 6) % 7;
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
      const lastDay = at(y, m - 5, 0).getUTCDate();
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
