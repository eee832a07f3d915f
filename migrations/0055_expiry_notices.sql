-- Issue 20, expiry alerts: one row per notice sent (machine, document, expiry date, threshold of
-- 30/7/1 days, recipient), written in the transaction of the notification it records. The daily
-- job reads it to skip what was sent; the notification's command id (the same key) is what makes
-- two workers racing over one notice store one notification.
CREATE TABLE expiry_notices (
  clave           text PRIMARY KEY,
  id_equipo       bigint NOT NULL,
  documento       text NOT NULL,
  vence           date NOT NULL,
  umbral          smallint NOT NULL,
  id_user         bigint NOT NULL,
  id_notification bigint NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
