import * as v from 'valibot';
import { formatNumber } from '@shared/money';
import { parseAmount } from '@shared/parse-amount';

/** An amount as seed 001 §5 reads it: text or a number parsed as an integer, non-numeric → 0
 * (parseAmount; a missing or null value is 0 too), then at most `max` (the column's size). */
export const amountField = (max: number) =>
  v.pipe(
    v.optional(v.union([v.pipe(v.string(), v.maxLength(30, 'Máximo 30 caracteres')), v.number(), v.null()], 'Debe ser un número')),
    v.transform((x): number => parseAmount(x)),
    v.maxValue(max, `Máximo ${formatNumber(max, 0)}`),
  );
