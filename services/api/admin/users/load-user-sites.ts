import type { Sql } from 'postgres';

export type UserObra = { id: number; id_empresa: number; nombre_empresa: string | null; id_obra: number; nombre_obra: string | null };

/** A user's specific sites with their company, as the form lists them (seed 000 §3, user_obras). */
export async function loadUserObras(sql: Sql, userId: number): Promise<UserObra[]> {
  return sql<UserObra[]>`
    SELECT uo.id, uo.id_empresa, e.nombre AS nombre_empresa, uo.id_obra, o.nombre AS nombre_obra
      FROM rm_user_obras uo
      LEFT JOIN rm_empresas e ON e.id = uo.id_empresa
      LEFT JOIN rm_obras o ON o.id = uo.id_obra
     WHERE uo.id_user = ${userId}
     ORDER BY e.nombre, o.nombre, uo.id`;
}
