-- Read models of the remaining master-data catalogues (seed 001 §3): unit conversions, functional
-- groups and their elements, equipment groups, subgroups and products, material types and
-- materials. Each is a generic record stream kept by the inline record projection
-- (projections/records) in the same transaction as its events.

CREATE TABLE rm_material_tipos (
  id           bigint PRIMARY KEY,
  codigo       text NOT NULL DEFAULT '',
  nombre       text NOT NULL,
  estado       smallint NOT NULL DEFAULT 1,
  version      bigint NOT NULL,
  date_created timestamptz NOT NULL,
  date_updated timestamptz NOT NULL
);
CREATE INDEX rm_material_tipos_nombre ON rm_material_tipos (lower(nombre));

-- The units a material type may be counted in, with the factor to the type's base unit.
CREATE TABLE rm_conversion_unidades (
  id               bigint PRIMARY KEY,
  id_material_tipo bigint NOT NULL,
  id_unidad        bigint NOT NULL,
  valor            numeric(14, 4) NOT NULL,
  estado           smallint NOT NULL DEFAULT 1,
  version          bigint NOT NULL,
  date_created     timestamptz NOT NULL,
  date_updated     timestamptz NOT NULL
);
CREATE INDEX rm_conversion_unidades_tipo ON rm_conversion_unidades (id_material_tipo, id_unidad);

CREATE TABLE rm_materiales (
  id               bigint PRIMARY KEY,
  id_material_tipo bigint NOT NULL,
  codigo           text NOT NULL,
  nombre           text NOT NULL,
  estado           smallint NOT NULL DEFAULT 1,
  version          bigint NOT NULL,
  date_created     timestamptz NOT NULL,
  date_updated     timestamptz NOT NULL
);
CREATE INDEX rm_materiales_tipo ON rm_materiales (id_material_tipo, lower(nombre));
CREATE INDEX rm_materiales_codigo ON rm_materiales (lower(codigo));

CREATE TABLE rm_grupos_funcionales (
  id           bigint PRIMARY KEY,
  sigla        text NOT NULL,
  nombre       text NOT NULL,
  estado       smallint NOT NULL DEFAULT 1,
  version      bigint NOT NULL,
  date_created timestamptz NOT NULL,
  date_updated timestamptz NOT NULL
);
CREATE INDEX rm_grupos_funcionales_nombre ON rm_grupos_funcionales (lower(nombre));

-- Elements of a functional group, as a tree: the parent belongs to the same group.
CREATE TABLE rm_grupo_funcional_elementos (
  id                 bigint PRIMARY KEY,
  numero             text NOT NULL,
  nombre             text NOT NULL,
  id_grupo_funcional bigint NOT NULL,
  id_padre           bigint,
  estado             smallint NOT NULL DEFAULT 1,
  version            bigint NOT NULL,
  date_created       timestamptz NOT NULL,
  date_updated       timestamptz NOT NULL
);
CREATE INDEX rm_grupo_funcional_elementos_grupo ON rm_grupo_funcional_elementos (id_grupo_funcional, numero);
CREATE INDEX rm_grupo_funcional_elementos_padre ON rm_grupo_funcional_elementos (id_padre);

CREATE TABLE rm_equipo_grupos (
  id           bigint PRIMARY KEY,
  nombre       text NOT NULL,
  estado       smallint NOT NULL DEFAULT 1,
  version      bigint NOT NULL,
  date_created timestamptz NOT NULL,
  date_updated timestamptz NOT NULL
);
CREATE INDEX rm_equipo_grupos_nombre ON rm_equipo_grupos (lower(nombre));

-- A subgroup carries its maintenance interval: every mantenimiento_valor of the unit (e.g. 250 HRS).
CREATE TABLE rm_equipo_subgrupos (
  id                      bigint PRIMARY KEY,
  id_equipo_grupo         bigint NOT NULL,
  nombre                  text NOT NULL,
  id_mantenimiento_unidad bigint NOT NULL,
  mantenimiento_valor     numeric(14, 2) NOT NULL,
  estado                  smallint NOT NULL DEFAULT 1,
  version                 bigint NOT NULL,
  date_created            timestamptz NOT NULL,
  date_updated            timestamptz NOT NULL
);
CREATE INDEX rm_equipo_subgrupos_grupo ON rm_equipo_subgrupos (id_equipo_grupo, lower(nombre));

CREATE TABLE rm_equipo_productos (
  id                 bigint PRIMARY KEY,
  id_equipo_grupo    bigint NOT NULL,
  id_equipo_subgrupo bigint NOT NULL,
  nombre             text NOT NULL,
  estado             smallint NOT NULL DEFAULT 1,
  version            bigint NOT NULL,
  date_created       timestamptz NOT NULL,
  date_updated       timestamptz NOT NULL
);
CREATE INDEX rm_equipo_productos_subgrupo ON rm_equipo_productos (id_equipo_subgrupo, lower(nombre));
