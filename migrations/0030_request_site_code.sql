-- The request list sorted by site code joined rm_obras and sorted every matching row (46 ms p95
-- at 20,000 requests, docs/PERFORMANCE.md "Purchase requests"). The request row keeps its site's
-- code, as the work-order list keeps its site's name (migration 0016): a request's site never
-- changes once saved, and a renamed site code reaches its requests through the projection.
ALTER TABLE rm_solicitudes_compras ADD COLUMN codigo_obra text NOT NULL DEFAULT '';
UPDATE rm_solicitudes_compras r SET codigo_obra = o.codigo FROM rm_obras o WHERE o.id = r.id_obra;
CREATE INDEX rm_solicitudes_compras_sort_obra ON rm_solicitudes_compras (codigo_obra, id);
