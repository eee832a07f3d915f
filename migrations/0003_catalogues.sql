-- Read models of the first master-data catalogues (seed 001 §3: Unit, Brand, Model), kept by the
-- inline record projection (projections/records) in the same transaction as their events.
CREATE TABLE rm_unidades (
  id           bigint PRIMARY KEY,
  nombre       text NOT NULL,
  decimales    integer NOT NULL DEFAULT 0,
  etiquetas    text NOT NULL DEFAULT '',
  estado       smallint NOT NULL DEFAULT 1,
  version      bigint NOT NULL,
  date_created timestamptz NOT NULL,
  date_updated timestamptz NOT NULL
);
CREATE INDEX rm_unidades_nombre ON rm_unidades (lower(nombre));

CREATE TABLE rm_marcas (
  id           bigint PRIMARY KEY,
  nombre       text NOT NULL,
  estado       smallint NOT NULL DEFAULT 1,
  version      bigint NOT NULL,
  date_created timestamptz NOT NULL,
  date_updated timestamptz NOT NULL
);
CREATE INDEX rm_marcas_nombre ON rm_marcas (lower(nombre));

CREATE TABLE rm_modelos (
  id           bigint PRIMARY KEY,
  id_marca     bigint NOT NULL,
  nombre       text NOT NULL,
  estado       smallint NOT NULL DEFAULT 1,
  version      bigint NOT NULL,
  date_created timestamptz NOT NULL,
  date_updated timestamptz NOT NULL
);
CREATE INDEX rm_modelos_marca ON rm_modelos (id_marca, lower(nombre));
