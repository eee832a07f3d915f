-- A machine's current meter (equipo_medidor, 0050) ends its ordering on the reading's own id:
-- two work orders of one machine with the same reading on the same day tied, and the row kept
-- live could differ from the one a rebuild chose (the simulated month of issue 28 found it). The
-- newest order (or log) now wins the tie, the same one every time.
CREATE OR REPLACE FUNCTION equipo_medidor(p_id_equipo bigint, p_excluir bigint DEFAULT 0, p_antes_fecha date DEFAULT NULL, p_antes_turno integer DEFAULT NULL)
RETURNS TABLE (horometro integer, fuente text, id_horometro bigint, id_orden_trabajo bigint, fecha date,
               id_horometro_cambio bigint, kilometraje numeric)
LANGUAGE sql STABLE AS $$
  WITH cambio AS (
    SELECT h.id, h.fecha, h.id_tipo_turno FROM rm_horometros h
     WHERE h.id_equipo = p_id_equipo AND h.estado = 1 AND h.cambio_horometro AND h.id <> p_excluir
       AND (p_antes_fecha IS NULL OR (h.fecha, h.id_tipo_turno) < (p_antes_fecha, p_antes_turno))
     ORDER BY h.fecha DESC, h.id_tipo_turno DESC LIMIT 1
  ), lecturas AS (
    (SELECT h.h_fin::numeric AS valor, 'horometro'::text AS fuente, h.id AS id_horometro, NULL::bigint AS id_orden_trabajo, h.fecha
       FROM rm_horometros h
      WHERE h.id_equipo = p_id_equipo AND h.estado = 1 AND h.id <> p_excluir
        AND (p_antes_fecha IS NULL OR (h.fecha, h.id_tipo_turno) < (p_antes_fecha, p_antes_turno))
        AND NOT EXISTS (SELECT 1 FROM cambio c WHERE (h.fecha, h.id_tipo_turno) < (c.fecha, c.id_tipo_turno))
      ORDER BY h.h_fin DESC, h.fecha DESC, h.id DESC LIMIT 1)
    UNION ALL
    SELECT greatest(o.horometro_apertura_ot, o.horometro_cierre_ot, o.horometro_parada, o.horometro_puesta_marcha),
           'orden_trabajo', NULL, o.id, o.fecha_apertura_ot::date
      FROM rm_ordenes_trabajo o
     WHERE o.id_equipo = p_id_equipo AND o.estado <> 2
       AND NOT EXISTS (SELECT 1 FROM cambio c WHERE o.fecha_apertura_ot::date <= c.fecha)
    UNION ALL
    SELECT e.horometro, 'equipo', NULL, NULL, NULL FROM rm_equipos e
     WHERE e.id = p_id_equipo AND NOT EXISTS (SELECT 1 FROM cambio)
  )
  SELECT floor(l.valor)::integer, l.fuente, l.id_horometro, l.id_orden_trabajo, l.fecha,
         (SELECT c.id FROM cambio c),
         (SELECT max(o.kilometraje) FROM rm_ordenes_trabajo o WHERE o.id_equipo = p_id_equipo AND o.estado <> 2)
    FROM lecturas l
   WHERE l.valor IS NOT NULL
   ORDER BY l.valor DESC, l.fecha DESC NULLS LAST, l.fuente, l.id_orden_trabajo DESC NULLS LAST, l.id_horometro DESC NULLS LAST
   LIMIT 1
$$;
