-- Material creation with SICAM (issue 16; services/worker/sicam-materials.ts).
--
-- The catalogue's materials gain what seed 002's list shows: the default unit (`id_unidad`, its
-- name is the list's `unidad_medida`), the average price, how the material came to be
-- (`type_generation` 1 catalogue, 2 created by SICAM from a work order's creation request) and when
-- SICAM created it (`fecha_creado`; the list falls back to `date_created`). All four are fields of
-- the `material` record stream, copied by projections/records: a rebuild writes the same rows, and
-- materials stored before keep type 1 and empty values.
ALTER TABLE rm_materiales
  ADD COLUMN id_unidad       bigint,
  ADD COLUMN precio_medio    numeric(14, 4),
  ADD COLUMN type_generation smallint NOT NULL DEFAULT 1 CHECK (type_generation IN (1, 2)),
  ADD COLUMN fecha_creado    timestamptz;
CREATE INDEX rm_materiales_type_generation ON rm_materiales (type_generation, lower(nombre));

-- The material pushes' bookkeeping, as sicam_pushes for purchase requests: one row per work
-- order whose Pedido asked for materials, written in the attending transaction with the job:
--   key, body  the idempotency key (the MaterialCreationRequested event id) and the body, sent
--              unchanged by every retry and resend;
--   id_sicam   set in the transaction that records MaterialCreationSentToSicam.
-- The events stay the truth; the status pull polls from rm_ordenes_trabajo (sent, not all created).
CREATE TABLE sicam_material_pushes (
  id_orden_trabajo bigint PRIMARY KEY,
  key              uuid NOT NULL,
  body             jsonb NOT NULL,
  id_sicam         text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX rm_ordenes_trabajo_materiales_por_crear ON rm_ordenes_trabajo (id)
  WHERE materiales_estado = 'enviado' AND creacion_materiales_atendidos = 0;
