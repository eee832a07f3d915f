// The months of a payment schedule (amortization plan, insurance year), compared without dates.

/** 'YYYY-MM-DD' (or 'YYYY-MM') → months since year 0 (year * 12 + month - 1), to compare and step
 * months without dates. */
export function monthIndex(day: string): number {
  return Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
}

/** The state of a month of a schedule against today's month (seed 001 §3: "state object"). */
export type MonthState = { id: 1 | 2 | 3; nombre: string; color: string };

/** A month before today's is settled (amortized, or insurance paid); today's runs; later ones wait.
 * `settled` names the first state: 'Amortizado' for amortization, 'Pagado' for insurance.
 * Months are compared as monthIndex values. */
export function monthState(month: number, today: number, settled: 'Amortizado' | 'Pagado'): MonthState {
  if (month < today) return { id: 1, nombre: settled, color: '#15803d' };
  if (month === today) return { id: 2, nombre: 'En curso', color: '#0369a1' };
  return { id: 3, nombre: 'Pendiente', color: '#b45309' };
}
