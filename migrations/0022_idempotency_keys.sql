-- Idempotency-Key on write routes (services/api/platform/idempotency.ts). One row per caller scope
-- (user id or 'anon', method and path) and key: the first request claims it ('pending'), runs, and
-- stores its reply ('done') so a repeat with the same request gets the same status and bytes.
-- A reply that is not stored (5xx, a thrown error, a retry-later 4xx) leaves the row 'failed':
-- a repeat with the same request claims it again and runs under the same command id.
-- Rows older than 24 hours are deleted on the next claim (idempotency_keys_created_at).
CREATE TABLE idempotency_keys (
  scope         text NOT NULL,
  key           text NOT NULL,
  request_hash  bytea NOT NULL,
  command_id    uuid NOT NULL,
  state         text NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
  status        smallint,
  content_type  text,
  body          text,
  created_at    timestamptz NOT NULL,
  claimed_at    timestamptz NOT NULL,
  PRIMARY KEY (scope, key),
  CHECK (state <> 'done' OR (status IS NOT NULL AND body IS NOT NULL))
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
