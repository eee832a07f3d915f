import { fromCents, toCents } from '@shared/money';
import { MONTH_NAMES } from '@shared/time';
import { monthIndex, monthState, type MonthState } from '../../../app/equipment/schedule-months';

export type AmortizationRow = {
  anio: number;
  mes: number;
  /** Spanish month name. */
  nombre: string;
  /** That month's instalment. */
  pendiente: string;
  /** The balance after that month's instalment. */
  mes_restante: string;
  estado: MonthState;
};

export type AmortizationPlan = {
  rows: AmortizationRow[];
  /** Cost minus the instalments of the months already past (today's month is still owed). */
  saldo_restante: string;
  /** Months not yet past: today's and the later ones. */
  meses_pendientes: number;
  /** The instalment of the first month not yet past (0 when nothing is owed). */
  pendiente_por_mes: string;
};

/** The instalment of month `index` (0-based) of a plan spreading `total` cents over `months`:
 * floor(total / months) each, and one cent more for the first (total mod months) months. The
 * instalments add up to `total` exactly. */
export function instalmentCents(total: bigint, months: number, index: number): bigint {
  if (months <= 0 || index < 0 || index >= months || total <= 0n) return 0n;
  const n = BigInt(months);
  return total / n + (BigInt(index) < total % n ? 1n : 0n);
}

/** Seed 001 §3, Equipment amortization: the acquisition cost spread over `meses` months from the
 * month of `inicio`, month by month, against today's month (`hoy`). Past months are 'Amortizado',
 * today's 'En curso', later ones 'Pendiente'. Twin of the SQL function equipo_cuota_amortizacion
 * (migrations/0011_equipos_extras.sql), which gives `pendiente_por_mes` for the list. */
export function amortizationPlan(options: { costo: string | number | null; meses: number; inicio: string | null; hoy: string }): AmortizationPlan {
  const total = toCents(options.costo);
  const months = Math.max(0, Math.trunc(options.meses));
  if (total <= 0n || months === 0 || !options.inicio) {
    return { rows: [], saldo_restante: fromCents(total > 0n ? total : 0n), meses_pendientes: 0, pendiente_por_mes: '0.00' };
  }
  const first = monthIndex(options.inicio);
  const today = monthIndex(options.hoy);
  const rows: AmortizationRow[] = [];
  let balance = total;
  let owed = total;
  let pending = 0;
  let next: bigint | null = null;
  for (let i = 0; i < months; i++) {
    const month = first + i;
    const cents = instalmentCents(total, months, i);
    balance -= cents;
    const estado = monthState(month, today, 'Amortizado');
    if (estado.id === 1) owed -= cents;
    else {
      pending++;
      next ??= cents;
    }
    rows.push({
      anio: Math.floor(month / 12),
      mes: (month % 12) + 1,
      nombre: MONTH_NAMES[month % 12],
      pendiente: fromCents(cents),
      mes_restante: fromCents(balance),
      estado,
    });
  }
  return { rows, saldo_restante: fromCents(owed), meses_pendientes: pending, pendiente_por_mes: fromCents(next ?? 0n) };
}
