// Lead-time arithmetic of the traceability reports (seed 002 §9): 1 year = 12 months, 1 month =
// 30 days, 1 day = 24 hours; durations are rounded up to the minute. Shared by the server (the
// projection, getInfoLT) and the web (the charts' labels), so both say the same.

export const MINUTES_PER_HOUR = 60;
export const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;
export const MINUTES_PER_MONTH = 30 * MINUTES_PER_DAY;
export const MINUTES_PER_YEAR = 12 * MINUTES_PER_MONTH;

/** Whole minutes from `from` to `to`, rounded up; never negative (a milestone recorded before the
 * previous one lasts 0). */
export function minutesBetween(from: Date | string | number, to: Date | string | number): number {
  const ms = new Date(to).getTime() - new Date(from).getTime();
  if (!Number.isFinite(ms) || ms <= 0) return 0;
  return Math.ceil(ms / 60_000);
}

export type Interval = { anios: number; meses: number; dias: number; horas: number; minutos: number; segundos: number };

/** A number of minutes as years, months (30 days), days, hours and minutes. */
export function intervalOf(minutes: number): Interval {
  let rest = Math.max(0, Math.ceil(minutes));
  const anios = Math.floor(rest / MINUTES_PER_YEAR);
  rest -= anios * MINUTES_PER_YEAR;
  const meses = Math.floor(rest / MINUTES_PER_MONTH);
  rest -= meses * MINUTES_PER_MONTH;
  const dias = Math.floor(rest / MINUTES_PER_DAY);
  rest -= dias * MINUTES_PER_DAY;
  const horas = Math.floor(rest / MINUTES_PER_HOUR);
  const minutos = rest - horas * MINUTES_PER_HOUR;
  return { anios, meses, dias, horas, minutos, segundos: 0 };
}

/** '2 h 30 min', '1 mes 11 días 16 h', '1 año 1 mes 10 días', '0 min': the non-zero parts, largest
 * first. */
export function durationText(minutes: number): string {
  const i = intervalOf(minutes);
  const parts: string[] = [];
  if (i.anios) parts.push(`${i.anios} ${i.anios === 1 ? 'año' : 'años'}`);
  if (i.meses) parts.push(`${i.meses} ${i.meses === 1 ? 'mes' : 'meses'}`);
  if (i.dias) parts.push(`${i.dias} ${i.dias === 1 ? 'día' : 'días'}`);
  if (i.horas) parts.push(`${i.horas} h`);
  if (i.minutos) parts.push(`${i.minutos} min`);
  return parts.length ? parts.join(' ') : '0 min';
}

/** Hours with 2 decimals, as the cards and the chart show them. */
export const hours2 = (minutes: number) => Math.round((minutes / MINUTES_PER_HOUR) * 100) / 100;

export type LeadStats = { min: number; promedio: number; max: number; mediana: number; p90: number };

/** Min, average, max, median and 90th percentile (linear interpolation) of durations in hours,
 * each with 2 decimals; null without values. */
export function leadStats(hours: number[]): LeadStats | null {
  if (!hours.length) return null;
  const xs = [...hours].sort((a, b) => a - b);
  const q = (p: number) => {
    const pos = (xs.length - 1) * p;
    const lo = Math.floor(pos);
    const hi = Math.ceil(pos);
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo);
  };
  const r2 = (n: number) => Math.round(n * 100) / 100;
  return { min: r2(xs[0]), promedio: r2(xs.reduce((s, x) => s + x, 0) / xs.length), max: r2(xs[xs.length - 1]), mediana: r2(q(0.5)), p90: r2(q(0.9)) };
}
