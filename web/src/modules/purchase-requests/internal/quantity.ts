export { quantityInput, quantityValue } from '../../../ui/form/quantity';

/** `requested − inStock`, never below 0, rounded to 4 decimals as the server does (central-order.ts). */
export function remaining(requested: number, inStock: number): number {
  return Math.max(0, Math.round((requested - inStock) * 10_000) / 10_000);
}
