-- Hour-meter logs (seed 001 §3, Hour-meter log): one generic record stream per log
-- (`horometro-{id}`), kept inline by projections/records. `fecha` is the date the shift starts on
-- (the spec's fecha_creacion); `id_obra` is the machine's site when the log was created, so a
-- machine that moves keeps its past logs on the site where they were worked. Failure hours are
-- numeric with one decimal (seed 001 §9: at most 4 characters with 1 decimal).
CREATE TABLE rm_horometros (
  id                bigint PRIMARY KEY,
  id_equipo         bigint NOT NULL,
  id_obra           bigint NOT NULL,
  fecha             date NOT NULL,
  id_tipo_turno     smallint NOT NULL,
  h_inicio          integer NOT NULL,
  h_fin             integer NOT NULL,
  falla_operacional numeric(5, 1) NOT NULL DEFAULT 0,
  falla_neta        numeric(5, 1) NOT NULL DEFAULT 0,
  falla_tajo        numeric(5, 1) NOT NULL DEFAULT 0,
  obs_operacional   text NOT NULL DEFAULT '',
  obs_neta          text NOT NULL DEFAULT '',
  obs_tajo          text NOT NULL DEFAULT '',
  estado            smallint NOT NULL DEFAULT 1,
  version           bigint NOT NULL,
  date_created      timestamptz NOT NULL,
  date_updated      timestamptz NOT NULL
);
-- One log per machine, date and shift: the API checks first and answers 409; this index backs the
-- check against two saves at once. It also serves a machine's previous and next logs.
CREATE UNIQUE INDEX rm_horometros_equipo_fecha_turno ON rm_horometros (id_equipo, fecha, id_tipo_turno);
CREATE INDEX rm_horometros_fecha ON rm_horometros (fecha DESC, id DESC);
CREATE INDEX rm_horometros_obra_fecha ON rm_horometros (id_obra, fecha DESC);
