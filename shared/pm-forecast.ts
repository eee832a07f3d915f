import { businessToday } from './time';

/** Issue 20: the three kinds of preventive-maintenance interval (a subgroup's
 * `id_mantenimiento_unidad`, or a machine's own plan). */
export const PM_UNIDADES = ['horas', 'km', 'dias'] as const;
export type PmUnidad = (typeof PM_UNIDADES)[number];

/** How far ahead a due item is shown in each band of the board. */
export const PM_SOON_DAYS = 7;
export const PM_HORIZON_DAYS = 30;
/** The measured use is the hours worked over the last 30 complete calendar days (yesterday and
 * the 29 days before), per calendar day: a day the machine stood still counts as 0. */
export const PM_USAGE_WINDOW_DAYS = 30;

import { PM_ESTADOS, type PmEstado } from './pm-states';

export { PM_ESTADOS, type PmEstado };
export const PM_ESTADO_LABEL: Record<PmEstado, string> = {
  vencido: 'Vencido',
  proximo_7: 'Vence en 7 días',
  proximo_30: 'Vence en 30 días',
  al_dia: 'Al día',
  sin_uso: 'Sin uso reciente',
};
export const PM_SIN_USO = 'sin uso reciente';

export type PmForecastInput = {
  unidad: PmUnidad;
  /** Hours, km or days between services (> 0). */
  intervalo: number;
  /** The meter (hours or km) at the last service; null when none is recorded: the plan then
   * counts from the last multiple of the interval the meter passed (services at 250, 500, 750 h…). */
  ultimoValor: number | null;
  /** The day of the last service (days plans count from it), else the plan's start day. */
  ultimaFecha: string | null;
  /** The machine's current meter (hours or km). */
  actual: number;
  /** Hours (or km) used over the usage window (PM_USAGE_WINDOW_DAYS), summed. Null: not measured. */
  usoVentana: number | null;
};

export type PmForecast = {
  /** The meter (or, for days plans, null) at which the plan falls due. */
  venceEn: number | null;
  /** The meter (or days) left before it is due; negative when overdue. */
  restante: number;
  /** Measured use per calendar day; null when the plan is by days or the use is not measured. */
  usoDiario: number | null;
  /** Days until due (negative: overdue since); null without recent use. */
  dias: number | null;
  /** The forecast due date (yyyy-MM-dd); null without recent use. */
  fecha: string | null;
  estado: PmEstado;
  /** 'sin uso reciente' when the date cannot be forecast. */
  nota: string | null;
};

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const isoOfDay = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** `iso` moved by whole calendar days. */
export const addDays = (iso: string, days: number) => isoOfDay(dayNumber(iso) + days);

function estadoOf(restante: number, dias: number | null): PmEstado {
  if (restante <= 0 || (dias !== null && dias <= 0)) return 'vencido';
  if (dias === null) return 'sin_uso';
  if (dias <= PM_SOON_DAYS) return 'proximo_7';
  if (dias <= PM_HORIZON_DAYS) return 'proximo_30';
  return 'al_dia';
}

/** Rounds to 2 decimals, half away from zero (as every figure on screen). */
const round2 = (x: number) => Math.sign(x) * Math.round(Math.abs(x) * 100) / 100;

/**
 * When a plan falls due, from the data behind it (docs/modules/preventive-maintenance.md):
 * - by meter (hours, km): due at last service + interval; remaining = due − current; use per day
 *   = use over the window ÷ its 30 days; days = ⌈remaining ÷ use per day⌉ and the date is today
 *   plus those days. No use in the window: 'sin uso reciente', no date (never a division by zero);
 *   a plan already past its meter is overdue all the same;
 * - by days: due on the last service's day (or the plan's start) + interval.
 * `now` is the caller's clock (injected), read as a business-zone day.
 */
export function forecastPm(input: PmForecastInput, now: Date): PmForecast {
  const today = businessToday(now);
  if (input.unidad === 'dias') {
    const desde = input.ultimaFecha ?? today;
    const fecha = addDays(desde, Math.ceil(input.intervalo));
    const dias = dayNumber(fecha) - dayNumber(today);
    return { venceEn: null, restante: dias, usoDiario: null, dias, fecha, estado: estadoOf(dias, dias), nota: null };
  }
  const base = input.ultimoValor ?? Math.floor(input.actual / input.intervalo) * input.intervalo;
  const venceEn = base + input.intervalo;
  const restante = round2(venceEn - input.actual);
  const usoDiario = input.usoVentana !== null && input.usoVentana > 0 ? input.usoVentana / PM_USAGE_WINDOW_DAYS : null;
  if (usoDiario === null) {
    return { venceEn, restante, usoDiario: null, dias: null, fecha: null, estado: estadoOf(restante, null), nota: PM_SIN_USO };
  }
  // restante × 30 ÷ use (not ÷ the rounded daily use): the SQL twin computes the same in numeric.
  const dias = Math.ceil((restante * PM_USAGE_WINDOW_DAYS) / input.usoVentana! - 1e-9) || 0;
  return { venceEn, restante, usoDiario: round2(usoDiario), dias, fecha: addDays(today, dias), estado: estadoOf(restante, dias), nota: null };
}

/** The usage window of a day: the 30 complete calendar days before it (`desde` … `hasta`, inclusive). */
export function usageWindow(now: Date): { desde: string; hasta: string } {
  const today = businessToday(now);
  return { desde: addDays(today, -PM_USAGE_WINDOW_DAYS), hasta: addDays(today, -1) };
}

/** The hours worked in the usage window, from a machine's logs (date and worked hours each). */
export function usageInWindow(logs: readonly { fecha: string; horas: number }[], now: Date): number {
  const { desde, hasta } = usageWindow(now);
  return logs.reduce((sum, l) => (l.fecha >= desde && l.fecha <= hasta ? sum + l.horas : sum), 0);
}
