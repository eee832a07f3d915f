import type { TransactionSql } from 'postgres';
import { splitPendingKey } from '../../../shared/currency';

export type ExchangeRate = { id: number; tasa: number };

/** The active rates (rm_tipos_cambio, /settings/tipos_cambio) of the given 'MONEDA:YYYY-MM' keys,
 * read in the command's transaction: an entry is valued at the rate its month has now. */
export async function exchangeRates(tx: TransactionSql, keys: string[]): Promise<Map<string, ExchangeRate>> {
  const wanted = [...new Set(keys)].map(splitPendingKey);
  if (!wanted.length) return new Map();
  const rows = await tx<{ moneda: string; mes: string; id: number; tasa: number }[]>`
    SELECT t.moneda, t.mes, t.id::int, t.tasa::float8 AS tasa
      FROM rm_tipos_cambio t JOIN jsonb_to_recordset(${tx.json(wanted)}) AS w(moneda text, mes text) ON w.moneda = t.moneda AND w.mes = t.mes
     WHERE t.estado = 1`;
  return new Map(rows.map((r) => [`${r.moneda}:${r.mes}`, { id: r.id, tasa: r.tasa }]));
}
