export { quantityInput, quantityValue } from '../../../ui/form/quantity';
import { subQty } from '@shared/quantity';

/** `requested − inStock`, never below 0, rounded to 4 decimals as the server does (central-order.ts). */
export function remaining(requested: number, inStock: number): number {
  return Math.max(0, subQty(requested, inStock));
}
