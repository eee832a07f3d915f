-- Reactors (docs/ARCHITECTURE.md, "Reactors"): each keeps its checkpoint in es_checkpoints under
-- `reactor:{name}`. A command a decider refused is recorded here, once per command id, with the
-- refusal, and the reactor moves on; a replay skips the recorded ones. Deleting a row lets the
-- next replay of that event try the command again.
CREATE TABLE es_reactor_dead_letters (
  command_id      text PRIMARY KEY,
  reactor         text NOT NULL,
  event_id        uuid NOT NULL,
  event_type      text NOT NULL,
  global_position bigint NOT NULL,
  reason          text NOT NULL,
  status          integer NOT NULL,
  errors          jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX es_reactor_dead_letters_reactor ON es_reactor_dead_letters (reactor, global_position);
