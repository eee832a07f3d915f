import * as v from 'valibot';
import { listSearch, optionalId, optionalKey } from '../../ui/list/listSearch';
import { defineResource } from '../../ui/resource/defineResource';
import type { LedgerRow, StockRow } from './stockTypes';

const optionalDay = v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);

/** Stock on hand per warehouse × material (/stock_almacen), live as movements are recorded; `fecha`
 * asks for the balances as of the end of a past day as well. */
export const stockBalances = defineResource<StockRow>()({
  path: '/stock_almacen',
  topics: ['stock'],
  live: 'auto',
  search: listSearch({ almacen: optionalKey, id_obra: optionalId, codigo: optionalKey, con_saldo: optionalKey, fecha: optionalDay }),
});

/** Every stock movement (/stock_movimientos, the kárdex), newest first. */
export const stockLedger = defineResource<LedgerRow>()({
  path: '/stock_movimientos',
  topics: ['stock'],
  live: 'auto',
  search: listSearch({ almacen: optionalKey, id_obra: optionalId, codigo: optionalKey, motivo: optionalKey, id_stock: optionalId }),
});
