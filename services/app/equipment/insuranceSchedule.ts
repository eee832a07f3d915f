import { fromCents, toCents } from '@shared/money';
import { MONTH_NAMES } from '@shared/time';
import { monthIndex, monthState, type MonthState } from './schedule-months';

export type InsuranceRow = {
  /** Days of the insurance year that fall in this calendar month. */
  dias: number;
  mes: number;
  anio: number;
  nombre: string;
  costo: string;
  estado: MonthState;
};

export type InsuranceSchedule = {
  /** The insurance year shown: from `desde` (included) to `hasta` (excluded). */
  desde: string | null;
  hasta: string | null;
  rows: InsuranceRow[];
  /** This month's row of the insurance year that holds today; 0 before the insurance starts. */
  costo_mes_actual: string;
};

const DAY_MS = 86_400_000;

function toDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function parseDay(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

/** The k-th anniversary of a day; 29 February falls back to the 28th (as PostgreSQL's date + interval). */
function anniversary(day: string, years: number): string {
  const y = Number(day.slice(0, 4)) + years;
  const m = Number(day.slice(5, 7)) - 1;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return toDay(Date.UTC(y, m, Math.min(Number(day.slice(8, 10)), lastDay)));
}

/** Seed 001 §2/§3, the insurance monthly-cost sub-table: `anual` (costo_anual_seguro) spread over
 * the insurance year that holds `hoy` — the years run from `inicio` (fecha_llegada, else
 * fecha_compra) to its anniversaries — pro rata by the days of each calendar month, in cents, with
 * largest-remainder rounding (ties go to the earlier month), so the rows of one insurance year add
 * up exactly to the annual cost. Before `inicio` the first year is shown, all pending. Months
 * before today's are 'Pagado', today's 'En curso', later ones 'Pendiente'. Twin of the SQL function
 * equipo_seguro_mes (migrations/0011_equipos_extras.sql), which gives the list's costo_mes_actual. */
export function insuranceSchedule(options: { anual: string | number | null; inicio: string | null; hoy: string }): InsuranceSchedule {
  const total = toCents(options.anual);
  const { inicio, hoy } = options;
  if (total <= 0n || !inicio) return { desde: null, hasta: null, rows: [], costo_mes_actual: '0.00' };
  let k = 0;
  if (hoy >= inicio) {
    k = Number(hoy.slice(0, 4)) - Number(inicio.slice(0, 4));
    while (k > 0 && anniversary(inicio, k) > hoy) k--;
    while (anniversary(inicio, k + 1) <= hoy) k++;
  }
  const desde = anniversary(inicio, k);
  const hasta = anniversary(inicio, k + 1);
  const start = parseDay(desde);
  const end = parseDay(hasta);
  const yearDays = BigInt(Math.round((end - start) / DAY_MS));

  const months: { month: number; dias: number }[] = [];
  for (let month = monthIndex(desde); ; month++) {
    const monthStart = Date.UTC(Math.floor(month / 12), month % 12, 1);
    if (monthStart >= end) break;
    const monthEnd = Date.UTC(Math.floor(month / 12), (month % 12) + 1, 1);
    months.push({ month, dias: Math.round((Math.min(monthEnd, end) - Math.max(monthStart, start)) / DAY_MS) });
  }
  const shares = months.map((m, i) => {
    const exact = total * BigInt(m.dias);
    return { i, q: exact / yearDays, r: exact % yearDays };
  });
  let left = total - shares.reduce((sum, s) => sum + s.q, 0n);
  const cents = shares.map((s) => s.q);
  for (const s of [...shares].sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1))) {
    if (left <= 0n) break;
    cents[s.i] += 1n;
    left -= 1n;
  }
  const today = monthIndex(hoy);
  const rows = months.map((m, i) => ({
    dias: m.dias,
    mes: (m.month % 12) + 1,
    anio: Math.floor(m.month / 12),
    nombre: MONTH_NAMES[m.month % 12],
    costo: fromCents(cents[i]),
    estado: monthState(m.month, today, 'Pagado'),
  }));
  const current = hoy >= inicio ? rows.find((r) => r.anio * 12 + r.mes - 1 === today) : undefined;
  return { desde, hasta, rows, costo_mes_actual: current?.costo ?? '0.00' };
}
