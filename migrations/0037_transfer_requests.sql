-- Transfer requests (seed 002 §7 `/traslado_materiales`, milestone 14; events/transfer-request):
-- one row per request and group of processed central entries (order number + resource code).
CREATE TABLE rm_traslados_solicitados (
  id_solicitud_traslado  bigint NOT NULL,
  codigo_recurso         text NOT NULL,
  numero_orden_compra    text NOT NULL,
  id_user                bigint,
  fecha_creado           timestamptz NOT NULL,
  PRIMARY KEY (id_solicitud_traslado, codigo_recurso, numero_orden_compra)
);
CREATE INDEX rm_traslados_solicitados_grupo ON rm_traslados_solicitados (codigo_recurso, numero_orden_compra);
