import { formatMoney, formatNumber, toNumber } from './money';

// The display rules of the report screens (seed 002 §9; issue 19): amounts rounded up to two
// decimals, chart axes shortened at thousands (K) and millions (M) with one decimal, and a missing
// percentage shown as 0.00%. The KPI screens use them now; the profitability report reuses them.
// Pure: the web imports this file as it is.

/** `x` rounded up (away from zero) to `decimals`: 1,234.561 → 1,234.57 (seed 002 §9: "the total
 * is rounded up to 2 decimals"). Float noise below 1e-9 is dropped first, so 1,234.57 stays. */
export function roundUp(value: number, decimals = 2): number {
  const f = 10 ** decimals;
  const clean = Math.round(Math.abs(value) * f * 1e6) / 1e6;
  const up = Math.ceil(clean) / f;
  return value < 0 ? -up : up;
}

/** An amount as the report totals show it: `S/ 1,234.57` for 1,234.561 (rounded up). Not a
 * number → ''. */
export function formatAmountUp(amount: unknown, coin?: string): string {
  const n = toNumber(amount);
  if (n === null) return '';
  return coin === undefined ? formatMoney(roundUp(n)) : formatMoney(roundUp(n), coin);
}

/** A chart axis value: 1,500 → '1.5K', 2,345,678 → '2.3M', below 1,000 as it is ('950',
 * '12.5'); negatives keep their sign. */
export function formatAxis(value: number): string {
  const a = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (a >= 1_000_000) return `${sign}${(a / 1_000_000).toFixed(1)}M`;
  if (a >= 1_000) return `${sign}${(a / 1_000).toFixed(1)}K`;
  return `${sign}${Number.isInteger(a) ? a : Number(a.toFixed(2))}`;
}

/** How a screen writes a percentage: `missing` is the text for a value that cannot be computed
 * (none: it shows as 0), `spaced` puts a space before the sign. */
export type PercentStyle = { missing?: string; spaced?: boolean };

/** A percentage with two decimals: 87.5 → '87.50%'; missing (null, undefined, not a number) →
 * '0.00%' (seed 002 §9: the report shows 0.00% when a percentage cannot be computed), or
 * `style.missing` when given; `style.spaced` → '87.50 %'. */
export function formatPercent(value: unknown, style: PercentStyle = {}): string {
  const n = toNumber(value);
  if (n === null && style.missing !== undefined) return style.missing;
  return `${formatNumber(n ?? 0, 2)}${style.spaced ? ' %' : '%'}`;
}

/** Hours with two decimals and 'h': 1,234.5 → '1,234.50 h'; missing → '—'. */
export function formatHours(value: unknown): string {
  const n = toNumber(value);
  return n === null ? '—' : `${formatNumber(n, 2)} h`;
}
