import type { Sql, TransactionSql } from 'postgres';

/** PostgreSQL's type id of jsonb. */
const JSONB = 3802;

/** A value bound as jsonb: the very parameter `sql.json` builds (the same type id, serialised with
 * JSON.stringify), for values the types only know as `unknown` (event data, field changes,
 * metadata), which are JSON by contract but cannot satisfy postgres.js's JSONValue. */
export function jsonb<T>(sql: Sql | TransactionSql, value: T) {
  return sql.typed(value, JSONB);
}
