-- Issue 29 (seed 002 §2, the request list's expanded detail: "work-site front"): the fronts of a
-- work site (frentes de obra), an admin-editable catalogue per site kept inline by
-- projections/records like every catalogue, and the front a purchase request names.
CREATE TABLE rm_frentes_obra (
  id           bigint PRIMARY KEY,
  id_obra      bigint NOT NULL,
  codigo       text NOT NULL,
  nombre       text NOT NULL,
  estado       smallint NOT NULL DEFAULT 1,
  version      bigint NOT NULL,
  date_created timestamptz NOT NULL,
  date_updated timestamptz NOT NULL
);
CREATE INDEX rm_frentes_obra_obra ON rm_frentes_obra (id_obra, lower(codigo));

-- Saved with the request's other fields (PurchaseRequestCreated/Edited `fields`); older events
-- carry none and leave it empty.
ALTER TABLE rm_solicitudes_compras ADD COLUMN id_frente_obra bigint;
CREATE INDEX rm_solicitudes_compras_frente ON rm_solicitudes_compras (id_frente_obra) WHERE id_frente_obra IS NOT NULL;
