-- Issue 13 (security findings).
-- Recovery requests are throttled on their own counts: they never count as failed sign-ins.
CREATE TABLE auth_recovery_requests (
  id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account text NOT NULL,
  address text NOT NULL,
  at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_recovery_requests_account ON auth_recovery_requests (account, at);
CREATE INDEX auth_recovery_requests_address ON auth_recovery_requests (address, at);

-- Sign-in failures are limited per account and address together (no account-wide lock).
CREATE INDEX auth_login_failures_pair ON auth_login_failures (account, address, at);

-- A 'login as' session belongs to the administrator's session that opened it and ends with it.
ALTER TABLE auth_sessions ADD COLUMN id_session_parent uuid;
CREATE INDEX auth_sessions_parent ON auth_sessions (id_session_parent) WHERE id_session_parent IS NOT NULL;
