import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatNumber } from '@shared/money';
import { formatAmountUp, formatHours, formatPercent } from '@shared/report-format';

export type Formato = 'numero' | 'horas' | 'porcentaje' | 'monto' | 'razon';

/** One figure as the KPI screens show it (shared/report-format.ts): amounts 'S/ 1,234.57'
 * (rounded up), percentages with 2 decimals and '0.00%' when missing, hours with 'h', a ratio
 * with 2 decimals; a missing hour or ratio is '—'. */
export function showFigure(value: number | null | undefined, formato: Formato): string {
  switch (formato) {
    case 'monto':
      return value === null || value === undefined ? '—' : formatAmountUp(value);
    case 'porcentaje':
      return formatPercent(value);
    case 'horas':
      return formatHours(value);
    case 'razon':
      return value === null || value === undefined ? '—' : formatNumber(value, 2);
    default:
      return value === null || value === undefined ? '—' : formatNumber(value, 0);
  }
}

/** A figure that opens the records it was computed from. */
export function FigureLink({ to, children, label }: { to: { to: string; search: Record<string, unknown> }; children: ReactNode; label: string }) {
  return (
    <Link to={to.to as never} search={to.search as never} className="tabular-nums text-teal-800 underline decoration-teal-700/40 underline-offset-2 hover:decoration-teal-700" aria-label={label}>
      {children}
    </Link>
  );
}
