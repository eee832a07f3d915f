-- When a session was last used is not a fact of the log: every signed-in request touched
-- auth_sessions.date_updated directly, so the sessions projection, rebuilt from its events, could
-- not give the same row back (the simulated month of issue 28 found it). The touch now lands in
-- its own table, which no projection owns and a rebuild leaves alone; auth_sessions keeps only
-- what its events say, and the session list shows the later of the two.
CREATE TABLE auth_session_use (
  id_session uuid PRIMARY KEY,
  date_used  timestamptz NOT NULL
);
INSERT INTO auth_session_use (id_session, date_used)
  SELECT id, date_updated FROM auth_sessions WHERE date_updated > date_created;
