// Amounts in another currency (issue 19, decision "Amounts in another currency…"): costs are kept
// in soles; an amount in another currency is converted with the monthly rate kept in settings
// (/settings/tipos_cambio), and one without a rate is left out with a note, never mixed in.
// docs/modules/stock.md "Other currencies".

/** How the purchasing system's Excel may write soles: amounts in these need no rate. */
const SOLES = new Set(['', 'PEN', 'S/', 'S/.', 'SOL', 'SOLES', 'NUEVOS SOLES']);

/** How the Excel may write the usual foreign currencies instead of their ISO code: a rate is kept
 * per ISO code (3 letters), so 'US$' must find the rate of 'USD'. */
const ALIASES: Readonly<Record<string, string>> = {
  'US$': 'USD', U$S: 'USD', $: 'USD', DOLAR: 'USD', DOLARES: 'USD', 'DÓLAR': 'USD', 'DÓLARES': 'USD', 'DOLARES AMERICANOS': 'USD', 'DÓLARES AMERICANOS': 'USD',
  '€': 'EUR', EURO: 'EUR', EUROS: 'EUR',
};

/** A currency as the rates and the ledger name it: trimmed, upper case, the usual names turned
 * into their ISO code ('usd ' → 'USD', 'US$' → 'USD', 'Euros' → 'EUR'). */
export function currencyCode(moneda: string | null | undefined): string {
  const code = (moneda ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
  return Object.hasOwn(ALIASES, code) ? ALIASES[code] : code;
}

/** Whether an amount in `moneda` is already in soles. */
export const isSoles = (moneda: string | null | undefined): boolean => SOLES.has(currencyCode(moneda));

/** 'YYYY-MM' of a rate's month. */
export const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The key of an amount waiting for a rate: 'USD:2026-03'. */
export const pendingKey = (moneda: string, mes: string): string => `${currencyCode(moneda)}:${mes}`;

/** 'USD:2026-03' → { moneda: 'USD', mes: '2026-03' }. */
export function splitPendingKey(key: string): { moneda: string; mes: string } {
  const i = key.lastIndexOf(':');
  return { moneda: key.slice(0, i), mes: key.slice(i + 1) };
}

/** '2026-03' → '03/2026', as screens show months. */
export const monthLabel = (mes: string): string => `${mes.slice(5, 7)}/${mes.slice(0, 4)}`;

/** The note of a report whose figures leave out the costs of entries without a rate (shown as is
 * on the KPI and profitability screens). */
export function missingRateNote(moneda: string, mes: string, ingresos: number): string {
  return ingresos === 1
    ? `Hay 1 ingreso en ${moneda} sin tipo de cambio de ${monthLabel(mes)}: su costo no se incluye`
    : `Hay ${ingresos} ingresos en ${moneda} sin tipo de cambio de ${monthLabel(mes)}: sus costos no se incluyen`;
}
