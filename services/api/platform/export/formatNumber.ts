const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});

/**
 * Two decimals, thousands comma, decimal point: `1,234.50`. A numeric string is rounded as
 * written (half away from zero), so `'1.005'` shows `1.01` and long `numeric` values keep every digit.
 */
export function formatNumber(value: number | string): string {
  return typeof value === 'string' ? twoDecimals.format(value.trim() as Intl.StringNumericLiteral) : twoDecimals.format(value);
}
