-- The purchase-request catalogues seed 002 names only by id (SEED-002-ANALYSIS ambiguity 8):
-- resources, request classifications and types, indirect cost centres and their elements, and the
-- third-party (mobilisation) cost-centre types with their fixed resource code. Each is a generic
-- record stream kept by the inline record projection (projections/records), admin-editable, so
-- the labels the seed leaves out can be named by each company. The request's rules that hang on
-- ids (type 1 asks for the cost-centre type; mobilisation type 2 asks for classification, cost
-- centre and resource) stay keyed by id (docs/DECISIONS.md).

CREATE TABLE rm_recursos (
  id           bigint PRIMARY KEY,
  codigo       text NOT NULL,
  nombre       text NOT NULL,
  estado       smallint NOT NULL DEFAULT 1,
  version      bigint NOT NULL,
  date_created timestamptz NOT NULL,
  date_updated timestamptz NOT NULL
);
CREATE INDEX rm_recursos_codigo ON rm_recursos (lower(codigo));
CREATE INDEX rm_recursos_nombre ON rm_recursos (lower(nombre));

CREATE TABLE rm_solicitudes_clasificaciones (
  id           bigint PRIMARY KEY,
  nombre       text NOT NULL,
  estado       smallint NOT NULL DEFAULT 1,
  version      bigint NOT NULL,
  date_created timestamptz NOT NULL,
  date_updated timestamptz NOT NULL
);
CREATE INDEX rm_solicitudes_clasificaciones_nombre ON rm_solicitudes_clasificaciones (lower(nombre));

CREATE TABLE rm_solicitudes_tipos (
  id           bigint PRIMARY KEY,
  nombre       text NOT NULL,
  estado       smallint NOT NULL DEFAULT 1,
  version      bigint NOT NULL,
  date_created timestamptz NOT NULL,
  date_updated timestamptz NOT NULL
);
CREATE INDEX rm_solicitudes_tipos_nombre ON rm_solicitudes_tipos (lower(nombre));

CREATE TABLE rm_centros_costo_indirectos (
  id           bigint PRIMARY KEY,
  codigo       text NOT NULL,
  nombre       text NOT NULL,
  estado       smallint NOT NULL DEFAULT 1,
  version      bigint NOT NULL,
  date_created timestamptz NOT NULL,
  date_updated timestamptz NOT NULL
);
CREATE INDEX rm_centros_costo_indirectos_codigo ON rm_centros_costo_indirectos (lower(codigo));

-- The elements of an indirect cost centre: a request's element belongs to its chosen centre.
CREATE TABLE rm_centro_costo_indirecto_elementos (
  id                        bigint PRIMARY KEY,
  id_centro_costo_indirecto bigint NOT NULL,
  codigo                    text NOT NULL,
  nombre                    text NOT NULL,
  estado                    smallint NOT NULL DEFAULT 1,
  version                   bigint NOT NULL,
  date_created              timestamptz NOT NULL,
  date_updated              timestamptz NOT NULL
);
CREATE INDEX rm_centro_costo_indirecto_elementos_centro ON rm_centro_costo_indirecto_elementos (id_centro_costo_indirecto, lower(codigo));

-- The third-party cost-centre (mobilisation) types; `codigo_recurso` is the resource code the
-- type fixes on the request (seed 002: type 2 → 2-044, type 3 → 4-046), empty when none.
CREATE TABLE rm_movilizacion_tipos (
  id             bigint PRIMARY KEY,
  nombre         text NOT NULL,
  codigo_recurso text NOT NULL DEFAULT '',
  estado         smallint NOT NULL DEFAULT 1,
  version        bigint NOT NULL,
  date_created   timestamptz NOT NULL,
  date_updated   timestamptz NOT NULL
);
CREATE INDEX rm_movilizacion_tipos_nombre ON rm_movilizacion_tipos (lower(nombre));
