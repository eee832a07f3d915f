// Numbers and money as the product reads and shows them (seed 000: two decimals, thousands comma,
// decimal point; amounts in soles, S/). Money travels as decimal text with two decimals
// ('185000.00', PostgreSQL numeric) and is computed in integer cents (bigint), never in floating
// point. Pure: the web imports this file as it is.

/** Amounts are in soles unless the setting `coin` names another currency symbol. */
export const DEFAULT_COIN = 'S/';

/** An amount in integer cents. */
export type Cents = bigint;

const NUMERIC_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * The numeric parse rule: a finite number, a bigint, or text that is a plain decimal number
 * (PostgreSQL numeric arrives as text; surrounding spaces ignored; an exponent allowed) → a
 * number. Anything else (NaN, Infinity, thousands commas, words, blank text, null) → null.
 */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!NUMERIC_TEXT.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

const formatters = new Map<number, Intl.NumberFormat>();

/** `1234.5` → `1,234.50`: exactly `decimals` decimals (default 2), comma for thousands and point
 * for decimals whatever the locale, never `-0.00`. Text is rounded as written (half away from
 * zero), so `'1.005'` shows `1.01` and long numeric values keep every digit. What toNumber does
 * not read → ''. */
export function formatNumber(value: unknown, decimals = 2): string {
  if (toNumber(value) === null) return '';
  const digits = Math.min(Math.max(Math.trunc(decimals), 0), 20);
  let formatter = formatters.get(digits);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: 'negative' });
    formatters.set(digits, formatter);
  }
  if (typeof value === 'string') return formatter.format(value.trim() as Intl.StringNumericLiteral);
  if (typeof value === 'bigint') return formatter.format(String(value) as Intl.StringNumericLiteral);
  return formatter.format(value as number);
}

let displayCoin = DEFAULT_COIN;

/** The coin formatMoney prints when it is given none: the web sets it from the `coin` setting
 * once the frame has loaded it (the server always passes its coin explicitly). Blank → S/. */
export function setDisplayCoin(coin: string | null | undefined): void {
  displayCoin = coin?.trim() || DEFAULT_COIN;
}

/** The coin formatMoney prints by default now. */
export function currentDisplayCoin(): string {
  return displayCoin;
}

/** `1234.5` → `S/ 1,234.50`: the coin (default: the `coin` setting, see setDisplayCoin), one space,
 * the amount as formatNumber writes it (a negative amount keeps its sign after the coin:
 * `S/ -20.00`); no coin → the amount alone; not a number → ''. */
export function formatMoney(amount: unknown, coin: string = displayCoin): string {
  const text = formatNumber(amount, 2);
  if (text === '') return '';
  return coin ? `${coin} ${text}` : text;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/;

/** '185000.5' | '185000.50' | 185000.5 | numeric text from PostgreSQL → 18500050n. Digits past the
 * second decimal are dropped (the columns hold two). Null, '' and non-numbers are 0. */
export function toCents(value: string | number | null | undefined): Cents {
  if (value === null || value === undefined) return 0n;
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) return 0n;
  const cents = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

/** 18500050n → '185000.50'. */
export function fromCents(cents: Cents): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The exact sum of decimal amounts, with two decimals: a calendar's total row equals the cost to
 * the cent ('0.10' + '0.20' = '0.30'). */
export function sumCents(values: readonly (string | number | null | undefined)[]): string {
  return fromCents(values.reduce<Cents>((total, value) => total + toCents(value), 0n));
}
