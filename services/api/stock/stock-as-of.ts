import type { Sql } from 'postgres';

export type AsOfFilter = { almacen?: string; id_obra?: number; codigo?: string; sites?: number[] | 'all' };

export type AsOfBalance = {
  id_stock: number; almacen: string; id_obra: number; codigo: string; descripcion: string; nombre_obra: string | null;
  saldo: string; costo_promedio: string; valor: string; movimientos: number;
};

/** The balances as they were at `hasta`, summed from the stock streams' events themselves (not
 * from the read models): each balance is Σ the quantities of its `StockMoved` events that happened
 * up to that instant, at the average cost its last one left. Balances without a movement by then
 * are left out. */
export async function stockAsOf(sql: Sql, hasta: Date, filter: AsOfFilter = {}, page = { limit: 100, offset: 0 }): Promise<{ items: AsOfBalance[]; total: number }> {
  const conds = [sql`TRUE`];
  if (filter.almacen) conds.push(sql`k.almacen = ${filter.almacen}`);
  if (filter.id_obra) conds.push(sql`k.id_obra = ${filter.id_obra}`);
  if (filter.codigo) conds.push(sql`k.codigo = ${filter.codigo.toUpperCase()}`);
  if (filter.sites && filter.sites !== 'all') conds.push(sql`(k.almacen = 'central' OR k.id_obra = ANY(${filter.sites}))`);
  const where = conds.reduce((a, b) => sql`${a} AND ${b}`);
  const rows = await sql<(AsOfBalance & { total: number })[]>`
    SELECT k.id::int AS id_stock, k.almacen, k.id_obra::int, k.codigo, coalesce(s.descripcion, '') AS descripcion, o.nombre AS nombre_obra,
           a.saldo::numeric(14, 4)::text AS saldo, a.costo_promedio::numeric(14, 4)::text AS costo_promedio,
           (a.saldo * a.costo_promedio)::numeric(14, 2)::text AS valor, a.n::int AS movimientos, count(*) OVER ()::int AS total
      FROM stock_keys k
      LEFT JOIN rm_stock s ON s.id_stock = k.id
      LEFT JOIN rm_obras o ON o.id = nullif(k.id_obra, 0)
      CROSS JOIN LATERAL (
        SELECT coalesce(sum((e.data->>'cantidad')::numeric), 0) AS saldo,
               coalesce((array_agg((e.data->>'costo_promedio')::numeric ORDER BY e.occurred_at DESC, e.version DESC))[1], 0) AS costo_promedio,
               count(*) AS n
          FROM es_events e
         WHERE e.stream_type = 'stock' AND e.stream_id = 'stock-' || k.id AND e.occurred_at <= ${hasta}
      ) a
     WHERE a.n > 0 AND ${where}
     ORDER BY k.almacen, k.id_obra, k.codigo
     LIMIT ${page.limit} OFFSET ${page.offset}`;
  const total = rows[0]?.total ?? (page.offset > 0 ? (await stockAsOf(sql, hasta, filter, { limit: 1, offset: 0 })).total : 0);
  return { items: rows.map(({ total: _t, ...r }) => r), total };
}
