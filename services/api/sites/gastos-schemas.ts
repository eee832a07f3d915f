import * as v from 'valibot';
import { int, positiveId } from '../platform/fields';
import { amountField } from './amount-field';

/** A line's quantity (people, months, units) and amount (whole soles): with these bounds a line
 * total stays below the site total's column (numeric(14, 2)). */
export const MAX_CANTIDAD = 9_999;
export const MAX_MONTO = 99_999_999;

/** POST /obras/gastosGenerales: the site. */
export const gastosInput = v.object({ id: positiveId() });

/** POST /obras_gastos_generales/create (seed 001 §7: id, obra_conceptos): the site, the lines as
 * typed (amounts parsed as integers, non-numeric → 0; computed values are not read: the server
 * recomputes them), and the version the form was loaded at (optional; a stale one is a 409). */
export const gastosSaveInput = v.object({
  id: positiveId(),
  version: v.optional(v.pipe(int('Versión inválida'), v.minValue(0, 'Versión inválida'))),
  obra_conceptos: v.pipe(
    v.array(
      v.object({
        id: positiveId(),
        cantidad: amountField(MAX_CANTIDAD),
        monto: amountField(MAX_MONTO),
      }),
      'Debe ser una lista de conceptos',
    ),
    v.maxLength(500, 'Máximo 500 conceptos'),
  ),
});

export type GastosSaveInput = v.InferOutput<typeof gastosSaveInput>;

