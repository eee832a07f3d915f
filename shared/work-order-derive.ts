import { ProductState } from './purchase-request-codes';
import type { Header } from './work-order';

/** 'YYYY-MM-DD HH:mm' (or with a 'T', seconds optional) → minutes since the epoch of that wall
 * clock; null when absent or malformed. Both ends of a duration share the site's zone, so the
 * zone cancels out. */
export function wallClockMinutes(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::\d{2})?)?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0)];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  // Date.UTC rolls 2026-13-01 over into 2027: a value that does not round-trip is malformed.
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return Math.round(date.getTime() / 60_000);
}

export type Duration = { horas: number; minutos: number };

/** Seed 001 §5: tiempo_parada = restart − stop, tiempo_ejecucion = closing − opening, rounded to
 * minutes; 0 when an end is missing or the result is negative. */
export function durationBetween(from: string | null, to: string | null): Duration {
  const a = wallClockMinutes(from);
  const b = wallClockMinutes(to);
  const total = a === null || b === null ? 0 : Math.max(0, b - a);
  return { horas: Math.floor(total / 60), minutos: total % 60 };
}

/** Shown as H:M (seed 001 §5), minutes with two digits: 5:07. */
export function formatDuration(d: Duration): string {
  return `${d.horas}:${String(d.minutos).padStart(2, '0')}`;
}

/** Seed 001 §5: hour-meter differences rounded to 2 decimals, 0 when negative or incomplete.
 * Computed in hundredths so 1234.56 − 1200.1 is 34.46, not 34.459999. */
export function hourMeterDifference(from: number | null, to: number | null): number {
  if (from === null || to === null || !Number.isFinite(from) || !Number.isFinite(to)) return 0;
  const hundredths = Math.round(to * 100) - Math.round(from * 100);
  return hundredths > 0 ? hundredths / 100 : 0;
}

export type DerivedTimes = {
  tiempo_parada: Duration;
  tiempo_ejecucion: Duration;
  horometro_tiempo_parada: number;
  horometro_tiempo_ejecucion: number;
};

/** The read-only values of the form, derived from its inputs (never sent by the client). */
export function deriveTimes(h: Pick<Header, 'fecha_parada' | 'fecha_puesta_marcha' | 'fecha_apertura_ot' | 'fecha_cierre_ot' | 'horometro_parada' | 'horometro_puesta_marcha' | 'horometro_apertura_ot' | 'horometro_cierre_ot'>): DerivedTimes {
  return {
    tiempo_parada: durationBetween(h.fecha_parada, h.fecha_puesta_marcha),
    tiempo_ejecucion: durationBetween(h.fecha_apertura_ot, h.fecha_cierre_ot),
    horometro_tiempo_parada: hourMeterDifference(h.horometro_parada, h.horometro_puesta_marcha),
    horometro_tiempo_ejecucion: hourMeterDifference(h.horometro_apertura_ot, h.horometro_cierre_ot),
  };
}

export const LABEL_IN_PROCESS = 'REPUESTOS EN PROCESO DE ATENCIÓN';
export const LABEL_ATTENDED = 'REPUESTOS ATENDIDOS';

/** The parts' situation labels of an order (seed 001 §4, with seed 002's product codes), from
 * each part line's `estado` and whether its parts are locked (the site warehouse attended or a
 * purchase request exists):
 * - 'REPUESTOS EN PROCESO DE ATENCIÓN' while the parts are locked and some line is not yet issued
 *   (11 salida de almacén);
 * - 'REPUESTOS ATENDIDOS' as soon as some line is issued ("some lines released"), so a partly
 *   issued order shows both, side by side. */
export function partsSituation(estados: readonly number[], locked: boolean): string[] {
  const issued = estados.filter((estado) => estado === ProductState.salidaDeAlmacen).length;
  const labels: string[] = [];
  if (locked && issued < estados.length) labels.push(LABEL_IN_PROCESS);
  if (issued > 0) labels.push(LABEL_ATTENDED);
  return labels;
}
