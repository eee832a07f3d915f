/** One log's hours as the time model reads them (hours; failures with one decimal). */
export type TimeModelInput = {
  /** Scheduled hours H: the shift length. */
  horasTurno: number;
  h_inicio: number;
  h_fin: number;
  falla_operacional: number;
  falla_neta: number;
  falla_tajo: number;
};

export type TimeModel = {
  /** H, the shift length. */
  horas_programadas: number;
  /** W = h_fin − h_inicio (the hour meter). */
  horas_trabajadas: number;
  /** R = falla_neta: mechanical repair time. */
  horas_reparacion: number;
  /** S = max(H − W − R, 0): standby (operational and pit delays, idle time). */
  horas_standby: number;
  /** falla_operacional + falla_neta + falla_tajo. */
  fallas: number;
  /** Mechanical availability W / (W + R) in %, 2 decimals; null when W + R = 0. */
  disponibilidad: number | null;
  /** Utilisation W / (W + S) in %, 2 decimals; null when W + S = 0. */
  utilizacion: number | null;
};

/** Hours with one decimal as whole tenths, so sums and ratios are exact. */
const tenths = (hours: number) => Math.round(hours * 10);

/** 100 · a / b rounded to 2 decimals, half away from zero (as PostgreSQL's round(numeric, 2)),
 * computed on integers so it agrees with the SQL of the list to the last digit. a, b ≥ 0, b > 0. */
function percent(a: number, b: number): number {
  const n = a * 10_000;
  let q = Math.floor(n / b);
  if (2 * (n - q * b) >= b) q += 1;
  return q / 100;
}

/**
 * The standard heavy-equipment time model of one log (docs/modules/hour-meters.md): the shift's
 * scheduled hours split into worked W (the meter), mechanical repair R (falla_neta) and standby
 * S = H − W − R (operational and pit delays are standby: the machine was mechanically fit).
 * Mechanical availability = W / (W + R); utilisation = W / (W + S). A division by zero gives null
 * (nothing to measure), and so does an end below the start (a half-typed form).
 * The list computes the same in SQL (horometro-list.ts); a test checks that both agree.
 */
export function timeModel(input: TimeModelInput): TimeModel {
  const H = tenths(input.horasTurno);
  const W = tenths(input.h_fin - input.h_inicio);
  const R = tenths(input.falla_neta);
  const F = tenths(input.falla_operacional) + R + tenths(input.falla_tajo);
  const S = Math.max(H - W - R, 0);
  const valid = W >= 0 && R >= 0;
  return {
    horas_programadas: H / 10,
    horas_trabajadas: W / 10,
    horas_reparacion: R / 10,
    horas_standby: S / 10,
    fallas: F / 10,
    disponibilidad: valid && W + R > 0 ? percent(W, W + R) : null,
    utilizacion: valid && W + S > 0 ? percent(W, W + S) : null,
  };
}
