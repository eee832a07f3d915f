import * as v from 'valibot';
import type { ListRow } from './platform';
import { decimalText, estado, instant, rowId } from './platform';

/** A row of /settings/tipos_cambio: the rate of one currency and month, and how many ledger
 * movements were valued with it when they were recorded. */
export const tipoCambioRow = v.object({
  id: rowId(), moneda: v.string(), mes: v.string(), tasa: decimalText(), movimientos: v.number(), estado: estado(), date_created: instant(),
});
/** The form's fields; a new rate's form (id 0) proposes no rate. */
export const tipoCambioItem = { moneda: v.string(), mes: v.string(), tasa: v.nullable(v.union([decimalText(), v.number()])) };

export type TipoCambioRow = ListRow<typeof tipoCambioRow>;
