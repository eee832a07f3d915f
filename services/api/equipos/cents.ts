/** Money travels as decimal strings with two decimals ('185000.00') and is computed in integer
 * cents (bigint): never floating point. */

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/;

/** '185000.5' | '185000.50' | 185000.5 | numeric text from PostgreSQL → 18500050n. Digits past the
 * second decimal are dropped (the columns hold two). Null, '' and non-numbers are 0. */
export function toCents(value: string | number | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) return 0n;
  const cents = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

/** 18500050n → '185000.50'. */
export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
