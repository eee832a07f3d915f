import { formatNumber } from './formatNumber';

/** `1234.5` → `S/ 1,234.50`. Rules: the coin, one space, then the amount with two decimals as in
 * `formatNumber` (a negative amount keeps the sign after the coin: `S/ -20.00`); numeric strings
 * accepted; null, blank or non-numeric → ''. */
export function formatMoney(value: number | string | null | undefined, coin = 'S/'): string {
  const amount = formatNumber(value, 2);
  if (amount === '') return '';
  return coin ? `${coin} ${amount}` : amount;
}
