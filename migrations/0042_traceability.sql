-- Traceability through the 18 milestones (seed 002 §3, issue 18): one row per work order with, for
-- each milestone, when it was first reached, when last, how many times, and the minutes since the
-- previous reached milestone (rounded up). Written by the async projection projections/traceability
-- from the milestone events the catalogues declare (events/*/catalogue.ts `milestone`), never from
-- other read models, so a rebuild writes the same rows.
CREATE TABLE rm_trazabilidad (
  id_orden_trabajo  bigint PRIMARY KEY,
  codigo            text NOT NULL DEFAULT '',
  id_obra           bigint,
  estado_ot         smallint NOT NULL DEFAULT 1,
  -- The form's opening and closing wall clocks (Lima, 'YYYY-MM-DD HH:MM'), and the opening day the
  -- report's date range applies to.
  fecha_apertura_ot text,
  fecha_cierre_ot   text,
  apertura          date,
  -- Functional groups of its lines and of its request (an OT matches a group when any is in it).
  gf                bigint[] NOT NULL DEFAULT '{}',
  tipo_solicitud    text,
  fechas            timestamptz[] NOT NULL DEFAULT array_fill(NULL::timestamptz, ARRAY[18]),
  ultimas           timestamptz[] NOT NULL DEFAULT array_fill(NULL::timestamptz, ARRAY[18]),
  veces             integer[] NOT NULL DEFAULT array_fill(0, ARRAY[18]),
  minutos           integer[] NOT NULL DEFAULT array_fill(NULL::integer, ARRAY[18])
);
CREATE INDEX rm_trazabilidad_apertura ON rm_trazabilidad (apertura, id_obra) WHERE estado_ot IN (1, 3);
CREATE INDEX rm_trazabilidad_obra ON rm_trazabilidad (id_obra, apertura) WHERE estado_ot IN (1, 3);
CREATE INDEX rm_trazabilidad_gf ON rm_trazabilidad USING gin (gf);
CREATE INDEX rm_trazabilidad_codigo ON rm_trazabilidad (lower(codigo) text_pattern_ops);

-- The projection's own maps, from the same events: which work order (and kind) a request is for,
-- and which request a purchase order number belongs to (a transfer request names order numbers).
CREATE TABLE rm_trazabilidad_solicitudes (
  id_solicitud      bigint PRIMARY KEY,
  id_orden_trabajo  bigint,
  tipo              text NOT NULL
);
CREATE TABLE rm_trazabilidad_ordenes_compra (
  numero_orden      text NOT NULL,
  id_solicitud      bigint NOT NULL,
  PRIMARY KEY (numero_orden, id_solicitud)
);
