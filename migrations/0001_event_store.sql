-- The event store: every business fact of Faena is one row of es_events.
-- Design notes (docs/ARCHITECTURE.md, "Event store"):
--  * es_streams holds one row per stream with its current version; appends lock that row, so the
--    expected-version check happens before any event row is written (losers burn no positions).
--  * transaction_id lets readers follow the log in commit order: they only read events whose
--    transaction_id is below the oldest transaction still running (pg_snapshot_xmin), so an event
--    of a slow transaction is never skipped. It is the appending transaction's id, raised to the
--    transaction_id of the stream's previous event when that one is higher: xids are handed out
--    before row locks are won, so two appenders of one stream can hold xids in the opposite order
--    of their versions. The raise keeps (transaction_id, global_position) in version order per
--    stream, and since it never goes below the appender's own xid the reader rule stays sound.
--  * event_id is unique: a retried command with the same ids is stored once.

CREATE TABLE es_streams (
  stream_id   text PRIMARY KEY,
  stream_type text NOT NULL,
  version     bigint NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX es_streams_type ON es_streams (stream_type);

CREATE TABLE es_events (
  global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id       text NOT NULL REFERENCES es_streams (stream_id),
  stream_type     text NOT NULL,
  version         bigint NOT NULL,
  event_id        uuid NOT NULL UNIQUE,
  event_type      text NOT NULL,
  schema_version  integer NOT NULL DEFAULT 1,
  data            jsonb NOT NULL,
  metadata        jsonb NOT NULL DEFAULT '{}'::jsonb,
  occurred_at     timestamptz NOT NULL DEFAULT now(),
  recorded_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (stream_id, version)
);
CREATE INDEX es_events_commit_order ON es_events (transaction_id, global_position);
CREATE INDEX es_events_type_commit_order ON es_events (stream_type, transaction_id, global_position);

CREATE TABLE es_checkpoints (
  projector     text PRIMARY KEY,
  last_txid     xid8 NOT NULL DEFAULT '0'::xid8,
  last_position bigint NOT NULL DEFAULT 0,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- Integer ids for records, as the specification uses them (id 0 means "new").
CREATE TABLE es_id_counters (
  name    text PRIMARY KEY,
  last_id bigint NOT NULL
);

-- es_append: one round trip per command.
--   p_expected_kind: 'any' | 'no_stream' | 'stream_exists' | 'exact' (then p_expected is the version)
--   p_events: jsonb array of {event_id, event_type, schema_version, data, metadata, occurred_at}
-- Raises SQLSTATE 'ES409' on a version conflict (nothing written) and 'ES422' when some but not
-- all event ids were already stored. When all event ids are already stored in this stream the
-- call is an idempotent retry: nothing is written and the stored rows are returned.
CREATE FUNCTION es_append(
  p_stream_id text, p_stream_type text, p_expected_kind text, p_expected bigint, p_events jsonb
) RETURNS TABLE (out_global_position bigint, out_version bigint, out_transaction_id xid8, out_idempotent boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_current bigint;
  v_count   integer := jsonb_array_length(p_events);
  v_found   integer;
  v_ids     uuid[];
  v_txid    xid8 := pg_current_xact_id();
  v_prev    xid8;
BEGIN
  IF v_count = 0 THEN
    RAISE EXCEPTION 'es_append: no events' USING ERRCODE = 'ES422';
  END IF;

  SELECT version INTO v_current FROM es_streams WHERE stream_id = p_stream_id FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO es_streams (stream_id, stream_type, version) VALUES (p_stream_id, p_stream_type, 0)
      ON CONFLICT (stream_id) DO NOTHING;
    SELECT version INTO v_current FROM es_streams WHERE stream_id = p_stream_id FOR UPDATE;
  END IF;

  -- Idempotent retry: the stream row is locked, so no writer of this stream is in flight.
  SELECT array_agg((e ->> 'event_id')::uuid) INTO v_ids FROM jsonb_array_elements(p_events) e;
  SELECT count(*) INTO v_found FROM es_events WHERE event_id = ANY (v_ids);
  IF v_found > 0 THEN
    IF v_found = v_count AND NOT EXISTS (
      SELECT 1 FROM es_events WHERE event_id = ANY (v_ids) AND stream_id <> p_stream_id
    ) THEN
      RETURN QUERY SELECT ev.global_position, ev.version, ev.transaction_id, true
        FROM es_events ev WHERE ev.event_id = ANY (v_ids) ORDER BY ev.version;
      RETURN;
    END IF;
    RAISE EXCEPTION 'es_append: % of % event ids already stored', v_found, v_count USING ERRCODE = 'ES422';
  END IF;

  IF (p_expected_kind = 'no_stream' AND v_current <> 0)
     OR (p_expected_kind = 'stream_exists' AND v_current = 0)
     OR (p_expected_kind = 'exact' AND v_current <> p_expected) THEN
    RAISE EXCEPTION 'es_append: stream % is at version %, expected % %', p_stream_id, v_current, p_expected_kind, p_expected
      USING ERRCODE = 'ES409', DETAIL = v_current::text;
  END IF;

  IF v_current > 0 THEN
    SELECT transaction_id INTO v_prev FROM es_events WHERE stream_id = p_stream_id AND version = v_current;
    v_txid := greatest(v_txid, v_prev);
  END IF;

  UPDATE es_streams SET version = v_current + v_count, updated_at = now() WHERE stream_id = p_stream_id;

  RETURN QUERY
  INSERT INTO es_events (transaction_id, stream_id, stream_type, version, event_id, event_type, schema_version, data, metadata, occurred_at)
  SELECT v_txid, p_stream_id, p_stream_type, v_current + e.ord, (e.ev ->> 'event_id')::uuid, e.ev ->> 'event_type',
         coalesce((e.ev ->> 'schema_version')::integer, 1), coalesce(e.ev -> 'data', '{}'::jsonb),
         coalesce(e.ev -> 'metadata', '{}'::jsonb), coalesce((e.ev ->> 'occurred_at')::timestamptz, now())
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e (ev, ord)
   ORDER BY e.ord
  RETURNING global_position, version, transaction_id, false;
END;
$$;
