-- The activity log (/logs) is an async projection of the event log (projections/activity-log).
CREATE TABLE rm_activity_log (
  global_position  bigint PRIMARY KEY,
  stream_id        text NOT NULL,
  stream_type      text NOT NULL,
  target_id        bigint,
  event_type       text NOT NULL,
  id_user          bigint,
  id_user_original bigint,
  id_session       text,
  changes          jsonb NOT NULL DEFAULT '{}'::jsonb,
  date_created     timestamptz NOT NULL
);
CREATE INDEX rm_activity_log_target ON rm_activity_log (stream_type, target_id, global_position DESC);
CREATE INDEX rm_activity_log_date ON rm_activity_log (date_created DESC);
CREATE INDEX rm_activity_log_user ON rm_activity_log (id_user, global_position DESC);
