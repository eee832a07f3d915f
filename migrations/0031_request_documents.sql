-- The documents attached to a purchase request (seed 002 §3 `documentos`, saved with the
-- request's multipart `create`): the stored file (`pic`, under the uploads directory), its
-- original name and the requester's observations. Written by the purchase-requests projection
-- from PurchaseRequestCreated/Edited.
CREATE TABLE rm_solicitud_compra_documentos (
  id bigint PRIMARY KEY,
  id_solicitud_compra bigint NOT NULL,
  pic text NOT NULL DEFAULT '',
  nombre text NOT NULL DEFAULT '',
  observaciones text NOT NULL DEFAULT '',
  date_created timestamptz NOT NULL
);
CREATE INDEX rm_solicitud_compra_documentos_solicitud ON rm_solicitud_compra_documentos (id_solicitud_compra, id);
