import type { Sql } from 'postgres';
import { expect } from 'vitest';
import { refreshProfitMonths } from '../../services/app/profitability/profit-query';

/** The profitability's kept month rows (rent_equipo_mes, migration 0087), recomputed only where
 * their sources marked them, must equal computing every row again from the sources: a test that
 * changed the sources through real commands, with reports read in between, ends with this. */
export async function expectKeptProfitMonthsEqualFull(sql: Sql): Promise<void> {
  const rows = () => sql`SELECT * FROM rent_equipo_mes ORDER BY id_equipo, id_obra, mes`.then((r) => r.map((x) => ({ ...x })));
  await refreshProfitMonths(sql);
  const kept = await rows();
  await sql`INSERT INTO rent_equipo_mes_pendientes VALUES (NULL, NULL, NULL)`;
  expect(await refreshProfitMonths(sql)).toEqual({ refreshed: 'todo' });
  const full = await rows();
  expect(full.length).toBeGreaterThan(0);
  expect(kept).toEqual(full);
}
