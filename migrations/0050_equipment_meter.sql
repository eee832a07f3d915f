-- The machine's meter follows reality (issue 20): the current hour-meter of each machine is
-- derived from its hour-meter logs, its work orders' readings and its registered reading, kept
-- inline by projections/equipment-meter (docs/modules/preventive-maintenance.md).

-- A log flagged as a meter replacement: the readings before it no longer count.
ALTER TABLE rm_horometros ADD COLUMN cambio_horometro boolean NOT NULL DEFAULT false;
-- The highest active reading of a machine, found without reading all its logs.
CREATE INDEX rm_horometros_equipo_h_fin ON rm_horometros (id_equipo, h_fin DESC) WHERE estado = 1;

CREATE TABLE rm_equipo_medidores (
  id_equipo           bigint PRIMARY KEY,
  horometro           integer NOT NULL,
  -- where the current reading comes from: 'equipo' (registered), 'horometro' (a log), 'orden_trabajo'
  fuente              text NOT NULL,
  id_horometro        bigint,          -- the log whose h_fin it is
  id_orden_trabajo    bigint,          -- the work order whose reading it is
  fecha               date,            -- the reading's date (null for the registered one)
  id_horometro_cambio bigint,          -- the latest meter replacement, if any
  kilometraje         numeric(12, 2)   -- the highest kilometraje of the machine's work orders
);

-- The current meter of one machine, leaving out one log (`p_excluir`: the log being saved is
-- compared with the rest) and, when `p_antes` is given, every log from that shift on (the
-- readings a new newest log must not go below: a log racing for the same shift is not one of them). Readings count from the latest active replacement log on (its shift
-- included); without a replacement the registered reading counts too. The highest reading wins.
-- Shift ids follow the shift's start within a day (tipos-turno.ts), so (fecha, id_tipo_turno)
-- orders logs in time.
CREATE FUNCTION equipo_medidor(p_id_equipo bigint, p_excluir bigint DEFAULT 0, p_antes_fecha date DEFAULT NULL, p_antes_turno integer DEFAULT NULL)
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
   ORDER BY l.valor DESC, l.fecha DESC NULLS LAST, l.fuente
   LIMIT 1
$$;

-- Every machine stored before this migration gets its row (the projection keeps it from now on).
INSERT INTO rm_equipo_medidores
SELECT e.id, m.horometro, m.fuente, m.id_horometro, m.id_orden_trabajo, m.fecha, m.id_horometro_cambio, m.kilometraje
  FROM rm_equipos e CROSS JOIN LATERAL equipo_medidor(e.id) m;
