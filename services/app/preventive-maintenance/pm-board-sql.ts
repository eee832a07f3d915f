import type { Sql, TransactionSql } from 'postgres';
import { BUSINESS_TODAY_SQL, businessToday } from '@shared/time';

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

/** The columns pm_pronosticos keeps: the board's row but the open OT's code. */
const CACHED = `id, id_equipo, id_plan, id_obra, codigo, obra, descripcion, plan, unidad, intervalo, ultimo_valor, ultima_fecha, id_orden_trabajo,
  heredado, actual, vence_en, restante, uso_diario, dias, fecha, fecha_d, estado`;

/** The board's rows read from pm_pronosticos (migration 0086), with the open OT's code looked up
 * per row: the same columns as pmBoardFrom, and `busqueda` for the search. Call
 * refreshPmForecasts first. */
export const PM_BOARD_CACHED_FROM = `(
    SELECT c.*, (SELECT ot.codigo FROM rm_ordenes_trabajo ot WHERE ot.id = c.id_orden_trabajo) AS ot_codigo
      FROM pm_pronosticos c
  ) b`;

/** Brings pm_pronosticos up to the live computation before a read: every row when the business
 * day changed since it was computed (the usage window and the days left move with it) or when
 * every machine is marked, else only the machines marked since the last refresh. One refresh at
 * a time (an advisory lock); a reader that waited finds nothing left to do. Costs one small query
 * when nothing changed. */
export async function refreshPmForecasts(sql: Sql, now = new Date()): Promise<{ refreshed: 'nada' | 'todo' | number }> {
  const hoy = businessToday(now);
  const state = (q: Sql | TransactionSql) =>
    q<{ viejo: boolean; pendiente: boolean }[]>`
      SELECT (SELECT dia FROM pm_pronosticos_estado) IS DISTINCT FROM ${hoy}::date AS viejo,
             EXISTS (SELECT 1 FROM pm_pronosticos_pendientes) AS pendiente`;
  const [first] = await state(sql);
  if (!first.viejo && !first.pendiente) return { refreshed: 'nada' };
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext('faena:pm_pronosticos'))`;
    const [again] = await state(tx);
    if (!again.viejo && !again.pendiente) return { refreshed: 'nada' as const };
    const marked = await tx<{ id_equipo: string }[]>`
      WITH d AS (DELETE FROM pm_pronosticos_pendientes RETURNING id_equipo) SELECT DISTINCT id_equipo FROM d`;
    const ids = marked.map((r) => Number(r.id_equipo));
    const live = pmBoardFrom(hoy);
    if (again.viejo || ids.includes(0)) {
      await tx`DELETE FROM pm_pronosticos`;
      await tx.unsafe(`INSERT INTO pm_pronosticos (${CACHED}) SELECT ${CACHED} FROM ${live}`);
      await tx`UPDATE pm_pronosticos_estado SET dia = ${hoy}::date`;
      return { refreshed: 'todo' as const };
    }
    await tx`DELETE FROM pm_pronosticos WHERE id_equipo = ANY(${ids}::bigint[])`;
    await tx.unsafe(`INSERT INTO pm_pronosticos (${CACHED}) SELECT ${CACHED} FROM ${live} WHERE b.id_equipo = ANY($1::bigint[])`, [ids]);
    return { refreshed: ids.length };
  });
}
