import { toNumber } from './toNumber';

const formatters = new Map<number, Intl.NumberFormat>();

/** `1234.5` → `1,234.50`. Rules: exactly `decimals` decimals (default 2), comma for thousands and
 * point for decimals whatever the browser locale; rounding half away from zero on the decimal
 * written (1.005 → 1.01); never `-0.00`; numeric strings accepted; null, blank or non-numeric → ''. */
export function formatNumber(value: number | string | null | undefined, decimals = 2): string {
  const n = toNumber(value);
  if (n === null) return '';
  const digits = Math.min(Math.max(Math.trunc(decimals), 0), 20);
  let formatter = formatters.get(digits);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: 'negative' });
    formatters.set(digits, formatter);
  }
  return formatter.format(n);
}
