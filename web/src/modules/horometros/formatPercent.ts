import { formatNumber } from '@shared/money';

/** 85.7 → '85.70 %'; null (nothing to measure: a zero denominator) → '—'. */
export function formatPercent(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${formatNumber(value, 2)} %`;
}
