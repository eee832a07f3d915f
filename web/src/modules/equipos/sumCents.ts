/** Adds decimal strings ('185000.50') exactly, in integer cents, and gives the sum with two
 * decimals: the calendar's total row must equal the cost to the cent. */
export function sumCents(values: string[]): string {
  let cents = 0n;
  for (const value of values) {
    const m = /^(-?)(\d+)(?:\.(\d{1,2}))?/.exec(value.trim());
    if (!m) continue;
    const c = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
    cents += m[1] === '-' ? -c : c;
  }
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
