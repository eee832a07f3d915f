-- The SICAM workers' own bookkeeping (services/worker/sicam.ts; docs/ARCHITECTURE.md, "SICAM
-- workers"). One row per purchase request whose approval queued a push, written in the approval's
-- transaction together with the pg-boss job:
--   key, body    what is sent to SICAM: the idempotency key (the PurchaseRequestApproved event id)
--                and the body, sent again unchanged by every retry and by a manual resend (SICAM
--                refuses a known key with another body);
--   id_sicam     set in the transaction that records PurchaseRequestSentToSicam;
--   orden_estado the order's state as the status pull last recorded it (PurchaseOrder* events, same
--                transaction); the pull polls the requests sent whose order is not final.
-- The events stay the truth: this table only says what to send again and what to poll.
CREATE TABLE sicam_pushes (
  id_solicitud_compra bigint PRIMARY KEY,
  key                 uuid NOT NULL,
  body                jsonb NOT NULL,
  id_sicam            text,
  orden_estado        text CHECK (orden_estado IN ('enviada_aprobacion', 'aprobada', 'anulada')),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sicam_pushes_to_poll ON sicam_pushes (id_solicitud_compra)
  WHERE id_sicam IS NOT NULL AND (orden_estado IS NULL OR orden_estado = 'enviada_aprobacion');
