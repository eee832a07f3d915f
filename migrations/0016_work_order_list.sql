-- The work-order list sorts by any shown column, then by id (the list protocol's tiebreaker).
-- With 100,000 orders a sort without an index reads and sorts every matching row (60 ms for the
-- open orders by code); with one, the page walks the index to its LIMIT and checks the filters on
-- the way (docs/PERFORMANCE.md). Text and number columns are NOT NULL, so one index serves both
-- directions; the closing date is often null and is indexed for its useful direction (latest
-- first, open orders last).
CREATE INDEX rm_ordenes_trabajo_sort_codigo ON rm_ordenes_trabajo (codigo, id);
CREATE INDEX rm_ordenes_trabajo_sort_obra ON rm_ordenes_trabajo (obra, id);
CREATE INDEX rm_ordenes_trabajo_sort_equipo ON rm_ordenes_trabajo (equipo_codigo, id);
CREATE INDEX rm_ordenes_trabajo_sort_supervisor ON rm_ordenes_trabajo (supervisor, id);
CREATE INDEX rm_ordenes_trabajo_sort_estado ON rm_ordenes_trabajo (estado, id);
CREATE INDEX rm_ordenes_trabajo_sort_ejecucion ON rm_ordenes_trabajo (tiempo_ejecucion, id);
CREATE INDEX rm_ordenes_trabajo_sort_cierre ON rm_ordenes_trabajo (fecha_cierre_ot DESC NULLS LAST, id DESC);

-- The list's search over code, equipment code and description and plate, normalised (lower case,
-- no accents) once when the row is written, with a trigram index so that "contains" is an index
-- lookup: unaccent_lower() on four columns of every row took 300-550 ms a search over 100,000
-- orders. Fields are joined with a line break, which the search box cannot hold, so a match never
-- spans two fields. pg_trgm is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
ALTER TABLE rm_ordenes_trabajo ADD COLUMN busqueda text
  GENERATED ALWAYS AS (unaccent_lower(codigo || E'\n' || equipo_codigo || E'\n' || equipo_descripcion || E'\n' || placa_equipo)) STORED;
CREATE INDEX rm_ordenes_trabajo_busqueda ON rm_ordenes_trabajo USING gin (busqueda gin_trgm_ops);
