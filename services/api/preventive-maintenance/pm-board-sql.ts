import { BUSINESS_TODAY_SQL } from '@shared/time';

/** The board's rows as one FROM (issue 20): every active plan of every active machine, the
 * inherited plan 0 included when the machine stored nothing for it, with the effective unit and
 * interval (the plan's, else the subgroup's), the current meter (rm_equipo_medidores), the hours
 * worked in the usage window (the 30 complete days before today) and the forecast of
 * `pm_pronostico`, the SQL twin of shared/pm-forecast.ts. */
export function pmBoardFrom(today?: string): string {
  // The automatic opening job passes its own clock's day (a checked yyyy-MM-dd); screens read today.
  const hoy = today && /^\d{4}-\d{2}-\d{2}$/.test(today) ? `'${today}'::date` : BUSINESS_TODAY_SQL;
  return `(
    SELECT pl.id_equipo || '-' || pl.id_plan AS id, pl.id_equipo, pl.id_plan, e.id_obra, e.codigo,
           (SELECT o.nombre FROM rm_obras o WHERE o.id = e.id_obra) AS obra,
           (SELECT pr.nombre FROM rm_equipo_productos pr WHERE pr.id = e.id_equipo_producto) AS descripcion,
           coalesce(nullif(pl.nombre, ''), CASE WHEN pl.id_plan = 0 THEN 'Preventivo del subgrupo' ELSE 'Plan ' || pl.id_plan END) AS plan,
           pl.unidad_ef AS unidad, pl.intervalo_ef::float8 AS intervalo, pl.ultimo_valor::float8 AS ultimo_valor,
           to_char(pl.ultima_fecha, 'YYYY-MM-DD') AS ultima_fecha, pl.id_orden_trabajo,
           (SELECT ot.codigo FROM rm_ordenes_trabajo ot WHERE ot.id = pl.id_orden_trabajo) AS ot_codigo,
           (pl.id_plan = 0 AND pl.unidad IS NULL) AS heredado,
           a.actual::float8 AS actual, f.vence_en::float8 AS vence_en, f.restante::float8 AS restante, f.uso_diario::float8 AS uso_diario,
           f.dias, to_char(f.fecha, 'YYYY-MM-DD') AS fecha, f.fecha AS fecha_d, f.estado
      FROM (
        SELECT p.*, coalesce(p.unidad, CASE WHEN p.id_plan = 0 THEN pm_unidad(u.nombre) END) AS unidad_ef,
               coalesce(p.intervalo, CASE WHEN p.id_plan = 0 THEN s.mantenimiento_valor END) AS intervalo_ef
          FROM rm_equipos e0
          LEFT JOIN rm_equipo_subgrupos s ON s.id = e0.id_equipo_subgrupo
          LEFT JOIN rm_unidades u ON u.id = s.id_mantenimiento_unidad
          CROSS JOIN LATERAL (
            SELECT id_equipo, id_plan, nombre, unidad, intervalo, activo, ultimo_valor, ultima_fecha, id_orden_trabajo
              FROM rm_pm_planes WHERE id_equipo = e0.id
            UNION ALL
            SELECT e0.id, 0, '', NULL, NULL, true, NULL, NULL, NULL
             WHERE NOT EXISTS (SELECT 1 FROM rm_pm_planes WHERE id_equipo = e0.id AND id_plan = 0)
          ) p
         WHERE e0.estado = 1
      ) pl
      JOIN rm_equipos e ON e.id = pl.id_equipo
      LEFT JOIN rm_equipo_medidores m ON m.id_equipo = e.id
      CROSS JOIN LATERAL (
        SELECT CASE WHEN pl.unidad_ef = 'km' THEN coalesce(m.kilometraje, 0) ELSE coalesce(m.horometro, e.horometro) END AS actual,
               CASE WHEN pl.unidad_ef = 'horas' THEN (
                 SELECT coalesce(sum(h.h_fin - h.h_inicio), 0) FROM rm_horometros h
                  WHERE h.id_equipo = e.id AND h.estado = 1 AND h.fecha BETWEEN ${hoy} - 30 AND ${hoy} - 1) END AS uso,
               coalesce(pl.ultima_fecha, e.fecha_llegada, e.fecha_compra, e.date_created::date) AS desde
       -- OFFSET 0 keeps this a subquery: pulled up, pm_pronostico (inlined) would repeat the
       -- 30-day sum once for each use of p_uso (six times a plan, measured at 2,000 machines).
       OFFSET 0
      ) a
      CROSS JOIN LATERAL pm_pronostico(pl.unidad_ef, pl.intervalo_ef, pl.ultimo_valor, a.desde, a.actual, a.uso, ${hoy}) f
     WHERE pl.activo AND pl.unidad_ef IS NOT NULL AND pl.intervalo_ef > 0
  ) b`;
}
