-- The request list at scale (docs/PERFORMANCE.md, "Purchase requests"): its search and its OT
-- filter ran unaccent_lower() and LIKE over the joined names of every row (250-1,400 ms at
-- 20,000 requests). The request row keeps its OT's code (an OT code never changes once given),
-- and a stored, normalised search text over code, OT code and description with a trigram
-- index, as the work-order list does (migration 0016); the clicked sorts get their indexes.
ALTER TABLE rm_solicitudes_compras ADD COLUMN codigo_orden_trabajo text NOT NULL DEFAULT '';
UPDATE rm_solicitudes_compras r SET codigo_orden_trabajo = ot.codigo FROM rm_ordenes_trabajo ot WHERE ot.id = r.id_orden_trabajo;
ALTER TABLE rm_solicitudes_compras ADD COLUMN busqueda text
  GENERATED ALWAYS AS (unaccent_lower(codigo || E'\n' || codigo_orden_trabajo || E'\n' || descripcion_trabajo)) STORED;
CREATE INDEX rm_solicitudes_compras_busqueda ON rm_solicitudes_compras USING gin (busqueda gin_trgm_ops);
CREATE INDEX rm_solicitudes_compras_ot_codigo ON rm_solicitudes_compras USING gin (codigo_orden_trabajo gin_trgm_ops);
CREATE INDEX rm_solicitudes_compras_sort_codigo ON rm_solicitudes_compras (codigo, id);
CREATE INDEX rm_solicitudes_compras_sort_requerimiento ON rm_solicitudes_compras (fecha_requerimiento DESC NULLS LAST, id DESC);
CREATE INDEX rm_solicitudes_compras_obra_estado ON rm_solicitudes_compras (id_obra, estado, id DESC);
