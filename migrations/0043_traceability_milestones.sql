-- The global traceability report as a scan of narrow rows (issue 18, docs/PERFORMANCE.md
-- "Traceability"): one row per reached milestone of an order, with the copies of the order's
-- filter columns the report needs (opening day, site, state, functional groups). The aggregate over
-- a year of orders read rm_trazabilidad's wide rows (four 18-element arrays each) and unnested 18
-- durations per order to keep the 2-3 that were reached; this table holds only those, and its
-- index carries everything the report reads, so the report is an index-only scan grouped by milestone.
-- Written by the same async projection in the same transaction as rm_trazabilidad (each touched
-- order's rows replaced), so a rebuild writes the same rows.
CREATE TABLE rm_trazabilidad_hitos (
  id_orden_trabajo  bigint NOT NULL,
  k                 smallint NOT NULL,
  minutos           integer NOT NULL,
  apertura          date,
  id_obra           bigint,
  estado_ot         smallint NOT NULL,
  gf                bigint[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (id_orden_trabajo, k)
);
CREATE INDEX rm_trazabilidad_hitos_apertura ON rm_trazabilidad_hitos (apertura, id_obra) INCLUDE (estado_ot, gf, k, minutos) WHERE estado_ot IN (1, 3);

INSERT INTO rm_trazabilidad_hitos (id_orden_trabajo, k, minutos, apertura, id_obra, estado_ot, gf)
SELECT t.id_orden_trabajo, u.k, u.m, t.apertura, t.id_obra, t.estado_ot, t.gf
  FROM rm_trazabilidad t CROSS JOIN LATERAL unnest(t.minutos) WITH ORDINALITY AS u(m, k)
 WHERE u.m IS NOT NULL;
