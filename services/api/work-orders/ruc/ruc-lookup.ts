import type { Sql } from 'postgres';

/** Finds a taxpayer's business name by RUC. The external service (SUNAT) is not reachable from
 * these sites, so the product ships a local implementation; another one can be passed in. */
export type RucLookup = (ruc: string) => Promise<{ ruc: string; nombre: string } | null>;

/** SUNAT's check digit: weights 5,4,3,2,7,6,5,4,3,2 over the first ten digits, 11 − (sum mod 11),
 * 10 → 0 and 11 → 1. */
export function isValidRuc(ruc: string): boolean {
  if (!/^(10|15|17|20)\d{9}$/.test(ruc)) return false;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(ruc[i]), 0);
  const check = (11 - (sum % 11)) % 10;
  return check === Number(ruc[10]);
}

/** The local implementation: the companies the product already knows (rm_empresas) and the
 * third parties typed on earlier work orders. */
export function localRucLookup(sql: Sql): RucLookup {
  return async (ruc) => {
    const [empresa] = await sql<{ nombre: string }[]>`SELECT nombre FROM rm_empresas WHERE ruc = ${ruc} LIMIT 1`;
    if (empresa) return { ruc, nombre: empresa.nombre };
    const [tercero] = await sql<{ nombre: string }[]>`
      SELECT tercero_razon_social AS nombre FROM rm_ordenes_trabajo
       WHERE tercero_ruc = ${ruc} AND tercero_razon_social <> '' ORDER BY date_updated DESC LIMIT 1`;
    return tercero ? { ruc, nombre: tercero.nombre } : null;
  };
}
