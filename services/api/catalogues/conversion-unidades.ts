import type { Sql } from 'postgres';

/** The active conversions of active units (the forms' `conversion_unidades`, seed 002 §7: the site
 * and the central Pedido), by material type and unit. */
export function activeUnitConversions(sql: Sql) {
  return sql<{ id_material_tipo: number; id_unidad: number; valor: string }[]>`
    SELECT c.id_material_tipo::int, c.id_unidad::int, c.valor::text AS valor
      FROM rm_conversion_unidades c JOIN rm_unidades u ON u.id = c.id_unidad
     WHERE c.estado = 1 AND u.estado = 1 ORDER BY c.id_material_tipo, c.id_unidad`;
}
