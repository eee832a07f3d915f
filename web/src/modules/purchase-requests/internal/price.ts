import { formatMoney } from '@shared/money';

/** A product's price from SICAM: soles (the display coin, S/) unless SICAM says dollars (US$);
 * '—' before the purchase order is priced. */
export function priceText(precio: number | null | undefined, moneda: string | null | undefined): string {
  if (precio === null || precio === undefined) return '—';
  return moneda === 'USD' ? formatMoney(precio, 'US$') : formatMoney(precio);
}
