-- The event store: every business fact of Faena is one row of es_events.
-- Design notes (docs/ARCHITECTURE.md, "Event store"):
--  * es_streams holds one row per stream with its current version; appends lock that row, so the
--    expected-version check happens before any event row is written (losers burn no positions).
--  * transaction_id lets readers follow the log in commit order: they only read events whose
--    transaction_id is below the oldest transaction still running (pg_snapshot_xmin), so an event
--    of a slow transaction is never skipped. It is the appending transaction's id, raised to the
--    stream's last_txid (that of its previous append) when that one is higher: xids are handed out
--    before row locks are won, so two appenders of one stream can hold xids in the opposite order
--    of their versions. The raise keeps (transaction_id, global_position) in version order per
--    stream, and since it never goes below the appender's own xid the reader rule stays sound.
--  * event_id is unique: a retried command with the same ids is stored once.

CREATE TABLE es_streams (
  stream_id   text PRIMARY KEY,
  stream_type text NOT NULL,
  version     bigint NOT NULL DEFAULT 0,
  -- The ordering transaction id of the stream's last append (see transaction_id below).
  last_txid   xid8 NOT NULL DEFAULT '0'::xid8,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
) WITH (fillfactor = 80); -- room for HOT updates: every append rewrites its stream row
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
-- No (stream_type, transaction_id, global_position) index yet: every projection reads the whole
-- log, and the index cost about 7% of append throughput (docs/PERFORMANCE.md). Add it with the
-- first projection that reads only some stream types over a large log.

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

-- es_append: one round trip per command, two statements on the fast path.
--   p_expected_kind: 'any' | 'no_stream' | 'stream_exists' | 'exact' (then p_expected is the version)
--   p_events: jsonb array of {event_id, event_type, schema_version, data, metadata, occurred_at}
-- The stream row is bumped first, with the expected version in its WHERE clause: a loser matches
-- no row, writes no event and takes no position, and raises SQLSTATE 'ES409'. Event ids are
-- unique: when every id is already stored in this stream the call is an idempotent retry (nothing
-- written, the stored rows returned with out_idempotent); when only some are, 'ES422'.
CREATE FUNCTION es_append(
  p_stream_id text, p_stream_type text, p_expected_kind text, p_expected bigint, p_events jsonb
) RETURNS TABLE (out_global_position bigint, out_version bigint, out_transaction_id xid8, out_idempotent boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_count    integer := jsonb_array_length(p_events);
  v_version  bigint;
  v_txid     xid8;
  v_inserted integer;
  v_ids      uuid[];
  v_found    integer;
BEGIN
  IF v_count = 0 THEN
    RAISE EXCEPTION 'es_append: no events' USING ERRCODE = 'ES422';
  END IF;

  IF p_expected_kind = 'no_stream' THEN
    INSERT INTO es_streams AS s (stream_id, stream_type, version, last_txid)
    VALUES (p_stream_id, p_stream_type, v_count, pg_current_xact_id())
    ON CONFLICT (stream_id) DO NOTHING
    RETURNING s.version, s.last_txid INTO v_version, v_txid;
  ELSIF p_expected_kind = 'exact' THEN
    UPDATE es_streams SET version = version + v_count, last_txid = greatest(last_txid, pg_current_xact_id()), updated_at = now()
     WHERE stream_id = p_stream_id AND version = p_expected
    RETURNING version, last_txid INTO v_version, v_txid;
  ELSIF p_expected_kind = 'stream_exists' THEN
    UPDATE es_streams SET version = version + v_count, last_txid = greatest(last_txid, pg_current_xact_id()), updated_at = now()
     WHERE stream_id = p_stream_id AND version > 0
    RETURNING version, last_txid INTO v_version, v_txid;
  ELSE
    INSERT INTO es_streams AS s (stream_id, stream_type, version, last_txid)
    VALUES (p_stream_id, p_stream_type, v_count, pg_current_xact_id())
    ON CONFLICT (stream_id) DO UPDATE
      SET version = s.version + v_count, last_txid = greatest(s.last_txid, pg_current_xact_id()), updated_at = now()
    RETURNING s.version, s.last_txid INTO v_version, v_txid;
  END IF;

  IF v_version IS NULL THEN
    -- Not at the expected version: a retry of a command already stored, or a real conflict.
    SELECT array_agg((e ->> 'event_id')::uuid) INTO v_ids FROM jsonb_array_elements(p_events) e;
    SELECT count(*) INTO v_found FROM es_events WHERE event_id = ANY (v_ids) AND stream_id = p_stream_id;
    IF v_found = v_count THEN
      RETURN QUERY SELECT ev.global_position, ev.version, ev.transaction_id, true
        FROM es_events ev WHERE ev.event_id = ANY (v_ids) ORDER BY ev.version;
      RETURN;
    END IF;
    SELECT version INTO v_version FROM es_streams WHERE stream_id = p_stream_id;
    RAISE EXCEPTION 'es_append: stream % is at version %, expected % %', p_stream_id, coalesce(v_version, 0), p_expected_kind, p_expected
      USING ERRCODE = 'ES409', DETAIL = coalesce(v_version, 0)::text;
  END IF;

  RETURN QUERY
  INSERT INTO es_events (transaction_id, stream_id, stream_type, version, event_id, event_type, schema_version, data, metadata, occurred_at)
  SELECT v_txid, p_stream_id, p_stream_type, v_version - v_count + e.ord, (e.ev ->> 'event_id')::uuid, e.ev ->> 'event_type',
         coalesce((e.ev ->> 'schema_version')::integer, 1), coalesce(e.ev -> 'data', '{}'::jsonb),
         coalesce(e.ev -> 'metadata', '{}'::jsonb), coalesce((e.ev ->> 'occurred_at')::timestamptz, now())
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e (ev, ord)
   ORDER BY e.ord
  ON CONFLICT (event_id) DO NOTHING
  RETURNING global_position, version, transaction_id, false;
  GET DIAGNOSTICS v_inserted = ROW_COUNT;

  IF v_inserted = v_count THEN
    RETURN;
  END IF;
  SELECT array_agg((e ->> 'event_id')::uuid) INTO v_ids FROM jsonb_array_elements(p_events) e;
  IF v_inserted > 0 OR EXISTS (SELECT 1 FROM es_events WHERE event_id = ANY (v_ids) AND stream_id <> p_stream_id) THEN
    RAISE EXCEPTION 'es_append: % of % event ids already stored', v_count - v_inserted, v_count USING ERRCODE = 'ES422';
  END IF;
  -- Every id was already stored in this stream ('any' retry): give the version back.
  UPDATE es_streams SET version = version - v_count WHERE stream_id = p_stream_id;
  RETURN QUERY SELECT ev.global_position, ev.version, ev.transaction_id, true
    FROM es_events ev WHERE ev.event_id = ANY (v_ids) ORDER BY ev.version;
END;
$$;
