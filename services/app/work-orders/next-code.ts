import type { TransactionSql } from 'postgres';

/** The next OT code of a site ('{site code}-OT-000042'), counted per site inside the command's
 * transaction: a refused or failed save burns none. */
export async function nextCode(tx: TransactionSql, idObra: number): Promise<string> {
  const [o] = await tx<{ codigo: string }[]>`SELECT codigo FROM rm_obras WHERE id = ${idObra}`;
  const [c] = await tx<{ last: number }[]>`
    INSERT INTO ot_site_counters (id_obra, last) VALUES (${idObra}, 1)
    ON CONFLICT (id_obra) DO UPDATE SET last = ot_site_counters.last + 1 RETURNING last`;
  return `${o?.codigo || `OB${idObra}`}-OT-${String(c.last).padStart(6, '0')}`;
}
