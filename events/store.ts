import type { Sql, TransactionSql } from 'postgres';
import { ConcurrencyError, DuplicateEventError } from './errors';
import { currentSchemaVersion, upcast } from './upcast';
import { uuidv7 } from './ids';
import { jsonb } from './jsonb';
import type { EventMetadata, ExpectedVersion, LogPosition, NewEvent, RecordedEvent } from './types';

/** A connection that can run queries: the pool or an open transaction. */
export type Db = Sql | TransactionSql;

/** Runs in the append's transaction (read-your-writes views). */
export type InlineProjection = {
  name: string;
  handles(event: RecordedEvent): boolean;
  apply(tx: TransactionSql, events: RecordedEvent[]): Promise<void>;
  /** Empties the projection's tables before a rebuild. */
  reset(tx: TransactionSql): Promise<void>;
};

export type AppendOptions = {
  expectedVersion?: ExpectedVersion;
  metadata?: Partial<EventMetadata>;
  /** Extra work in the same transaction (e.g. enqueue a job): a rollback drops it with the events. */
  within?: (tx: TransactionSql, events: RecordedEvent[]) => Promise<void>;
};

export type AppendResult = {
  nextVersion: number;
  lastPosition: LogPosition;
  /** True when every event id was already stored: a retried command, nothing written. */
  idempotent: boolean;
  events: RecordedEvent[];
};

export type ReadStreamOptions = { fromVersion?: number; toVersion?: number; toInstant?: Date };

export type ReadAllOptions = {
  after?: LogPosition;
  limit?: number;
  /** Only events of these stream types. */
  streamTypes?: string[];
};

/** `work_order-123` → `work_order`; the part after the last '-' is the record id. */
export function streamTypeOf(streamId: string): string {
  const i = streamId.lastIndexOf('-');
  return i > 0 ? streamId.slice(0, i) : streamId;
}

export function streamIdOf(streamType: string, id: number | string): string {
  return `${streamType}-${id}`;
}

export type EventRow = {
  global_position: number;
  transaction_id: string;
  stream_id: string;
  stream_type: string;
  version: number;
  event_id: string;
  event_type: string;
  schema_version: number;
  data: Record<string, unknown>;
  metadata: EventMetadata & Record<string, unknown>;
  occurred_at: Date;
  recorded_at: Date;
};

const EVENT_COLUMNS = `global_position, transaction_id::text AS transaction_id, stream_id, stream_type, version,
  event_id, event_type, schema_version, data, metadata, occurred_at, recorded_at`;

/** A stored row as the current shape of its event (upcast.ts): every read of the store goes
 * through here. */
export function toRecorded(row: EventRow): RecordedEvent {
  return upcast({
    id: row.event_id,
    type: row.event_type,
    data: row.data,
    globalPosition: row.global_position,
    transactionId: row.transaction_id,
    streamId: row.stream_id,
    streamType: row.stream_type,
    version: row.version,
    schemaVersion: row.schema_version,
    metadata: row.metadata,
    occurredAt: row.occurred_at,
    recordedAt: row.recorded_at,
  });
}

export function fullMetadata(partial: Partial<EventMetadata> = {}): EventMetadata {
  return {
    userId: partial.userId ?? null,
    originalUserId: partial.originalUserId ?? null,
    sessionId: partial.sessionId ?? null,
    correlationId: partial.correlationId ?? uuidv7(),
    causationId: partial.causationId ?? null,
    requestId: partial.requestId ?? null,
  };
}

/** The rows a batch of new events is written as: each keeps its id, version and time when it
 * brings them, and its metadata over the call's. */
function eventRows(events: NewEvent[], base: EventMetadata, now: Date) {
  return events.map((e) => ({
    event_id: e.id ?? uuidv7(),
    event_type: e.type,
    schema_version: e.schemaVersion ?? currentSchemaVersion(e.type),
    data: e.data,
    metadata: { ...base, ...e.metadata },
    occurred_at: (e.occurredAt ?? now).toISOString(),
  }));
}

function expectedArgs(expected: ExpectedVersion): [kind: string, version: number] {
  if (expected === 'any' || expected === 'no_stream' || expected === 'stream_exists') return [expected, 0];
  if (expected === 0) return ['no_stream', 0];
  return ['exact', expected];
}

export const EVENTS_CHANNEL = 'es_events';

export type EventStore = ReturnType<typeof createEventStore>;

export type EventStoreOptions = {
  inlineProjections?: InlineProjection[];
  /** Wake async projections after commit (LISTEN/NOTIFY). Off in some benchmarks. */
  notify?: boolean;
};

export function createEventStore(sql: Sql, options: EventStoreOptions = {}) {
  const inline = options.inlineProjections ?? [];
  const notifyEnabled = options.notify ?? true;

  // NOTIFY is sent after commit, never inside the append's transaction (a NOTIFY inside a
  // transaction serialises all committers on the notify queue lock). Notifications are coalesced:
  // while one is in flight, later appends only mark that another is due.
  let notifyInFlight = false;
  let notifyDue = false;
  function wakeReaders() {
    if (!notifyEnabled) return;
    if (notifyInFlight) {
      notifyDue = true;
      return;
    }
    notifyInFlight = true;
    sql
      .notify(EVENTS_CHANNEL, '')
      .catch(() => {})
      .finally(() => {
        notifyInFlight = false;
        if (notifyDue) {
          notifyDue = false;
          wakeReaders();
        }
      });
  }

  async function appendIn(
    db: Db,
    streamId: string,
    events: NewEvent[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    const streamType = streamTypeOf(streamId);
    const now = new Date();
    const payload = eventRows(events, fullMetadata(options.metadata), now);
    const [kind, version] = expectedArgs(options.expectedVersion ?? 'any');
    let rows: { out_global_position: number; out_version: number; out_transaction_id: string; out_idempotent: boolean }[];
    try {
      rows = await db`SELECT out_global_position, out_version, out_transaction_id::text AS out_transaction_id, out_idempotent
        FROM es_append(${streamId}, ${streamType}, ${kind}, ${version}, ${jsonb(db, payload)})`;
    } catch (error) {
      const e = error as { code?: string; detail?: string; message?: string };
      if (e.code === 'ES409') {
        throw new ConcurrencyError(streamId, `${options.expectedVersion ?? 'any'}`, e.detail ? Number(e.detail) : null);
      }
      if (e.code === 'ES422') throw new DuplicateEventError(streamId, e.message ?? '');
      if (e.code === '23505') {
        // An event id already stored under another stream.
        throw new DuplicateEventError(streamId, e.detail ?? e.message ?? '');
      }
      throw error;
    }
    const idempotent = rows[0]?.out_idempotent ?? false;
    // Appended events are read back in their current shape too (an event written in an older
    // schema version, e.g. by a test or an import, projects as a later read would see it).
    const recorded: RecordedEvent[] = rows.map((r, i) => upcast({
      id: payload[i].event_id,
      type: payload[i].event_type,
      data: payload[i].data,
      globalPosition: r.out_global_position,
      transactionId: r.out_transaction_id,
      streamId,
      streamType,
      version: r.out_version,
      schemaVersion: payload[i].schema_version,
      metadata: payload[i].metadata,
      occurredAt: new Date(payload[i].occurred_at),
      recordedAt: now,
    }));
    const last = rows[rows.length - 1];
    return {
      nextVersion: last.out_version,
      lastPosition: { transactionId: last.out_transaction_id, globalPosition: last.out_global_position },
      idempotent,
      events: recorded,
    };
  }

  /** Many streams' appends in one round trip (bulk loads: demo and scale data). Each item is
   * checked against its expected version exactly as `append` does, in the given order; the
   * inline projections then see all the events at once. */
  async function appendManyIn(db: Db, items: { streamId: string; events: NewEvent[]; options?: AppendOptions }[]): Promise<AppendResult[]> {
    const now = new Date();
    const prepared = items.map((item) => {
      const [kind, version] = expectedArgs(item.options?.expectedVersion ?? 'any');
      const payload = eventRows(item.events, fullMetadata(item.options?.metadata), now);
      return { s: item.streamId, t: streamTypeOf(item.streamId), k: kind, v: version, e: payload };
    });
    let rows: { ord: number; out_global_position: number; out_version: number; out_transaction_id: string; out_idempotent: boolean }[];
    try {
      rows = await db`
        SELECT a.ord::int AS ord, r.out_global_position, r.out_version, r.out_transaction_id::text AS out_transaction_id, r.out_idempotent
          FROM jsonb_array_elements(${jsonb(db, prepared)}::jsonb) WITH ORDINALITY AS a(item, ord)
         CROSS JOIN LATERAL es_append(a.item->>'s', a.item->>'t', a.item->>'k', (a.item->>'v')::bigint, a.item->'e') AS r`;
    } catch (error) {
      const e = error as { code?: string; detail?: string; message?: string };
      if (e.code === 'ES409') {
        // es_append names the stream that was not at its expected version.
        const stream = /stream (\S+) is at version/.exec(e.message ?? '')?.[1] ?? '(lote)';
        throw new ConcurrencyError(stream, 'lote', e.detail ? Number(e.detail) : null);
      }
      if (e.code === 'ES422' || e.code === '23505') throw new DuplicateEventError('(lote)', e.detail ?? e.message ?? '');
      throw error;
    }
    const byItem = new Map<number, typeof rows>();
    for (const r of rows) (byItem.get(r.ord) ?? byItem.set(r.ord, []).get(r.ord)!).push(r);
    return prepared.map((p, i) => {
      const out = byItem.get(i + 1) ?? [];
      const events: RecordedEvent[] = out.map((r, j) => upcast({
        id: p.e[j].event_id,
        type: p.e[j].event_type,
        data: p.e[j].data,
        globalPosition: r.out_global_position,
        transactionId: r.out_transaction_id,
        streamId: p.s,
        streamType: p.t,
        version: r.out_version,
        schemaVersion: p.e[j].schema_version,
        metadata: p.e[j].metadata,
        occurredAt: new Date(p.e[j].occurred_at),
        recordedAt: now,
      }));
      const last = out[out.length - 1];
      return {
        nextVersion: last?.out_version ?? 0,
        lastPosition: { transactionId: last?.out_transaction_id ?? '0', globalPosition: last?.out_global_position ?? 0 },
        idempotent: out[0]?.out_idempotent ?? false,
        events,
      };
    });
  }

  async function runInline(tx: TransactionSql, events: RecordedEvent[]) {
    for (const projection of inline) {
      const handled = events.filter((e) => projection.handles(e));
      if (handled.length) await projection.apply(tx, handled);
    }
  }

  function needsTransaction(events: NewEvent[], streamId: string, options: AppendOptions): boolean {
    if (options.within) return true;
    const streamType = streamTypeOf(streamId);
    return inline.some((p) =>
      events.some((e) => p.handles({ ...e, streamType, streamId } as unknown as RecordedEvent)),
    );
  }

  /** Appends events to one stream. The expected version is checked before any row is written;
   * inline projections and `within` run in the same transaction; readers are woken after commit. */
  async function append(streamId: string, events: NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    let result: AppendResult;
    if (!needsTransaction(events, streamId, options)) {
      result = await appendIn(sql, streamId, events, options);
    } else {
      result = await sql.begin(async (tx) => {
        const r = await appendIn(tx, streamId, events, options);
        if (!r.idempotent) {
          await runInline(tx, r.events);
          await options.within?.(tx, r.events);
        }
        return r;
      });
    }
    if (!result.idempotent) wakeReaders();
    return result;
  }

  /** Several appends (and other writes) in one transaction; readers are woken after commit. */
  async function transaction<T>(
    work: (t: {
      tx: TransactionSql;
      append(streamId: string, events: NewEvent[], options?: AppendOptions): Promise<AppendResult>;
      /** Many streams in one round trip; inline projections run once over all their events. */
      appendMany(items: { streamId: string; events: NewEvent[]; options?: AppendOptions }[]): Promise<AppendResult[]>;
    }) => Promise<T>,
  ): Promise<T> {
    const value = await sql.begin(async (tx) =>
      work({
        tx,
        async appendMany(items) {
          if (!items.length) return [];
          const results = await appendManyIn(tx, items);
          await runInline(tx, results.filter((r) => !r.idempotent).flatMap((r) => r.events));
          return results;
        },
        async append(streamId, events, opts = {}) {
          const r = await appendIn(tx, streamId, events, opts);
          if (!r.idempotent) {
            await runInline(tx, r.events);
            await opts.within?.(tx, r.events);
          }
          return r;
        },
      }),
    );
    wakeReaders();
    return value as T;
  }

  /** The events of one stream in version order, optionally only up to a version or an instant
   * (time travel: fold them to see the record as it was). */
  async function readStream(streamId: string, opts: ReadStreamOptions = {}, db: Db = sql): Promise<RecordedEvent[]> {
    const rows = await db.unsafe<EventRow[]>(
      `SELECT ${EVENT_COLUMNS} FROM es_events
        WHERE stream_id = $1 AND version >= $2 AND version <= $3 AND ($4::timestamptz IS NULL OR recorded_at <= $4)
        ORDER BY version`,
      [streamId, opts.fromVersion ?? 1, opts.toVersion ?? Number.MAX_SAFE_INTEGER, opts.toInstant ?? null],
    );
    return rows.map(toRecorded);
  }

  /** Events in commit order after a position. Only transactions older than the oldest running
   * one are read (pg_snapshot_xmin), so an event of a transaction that began earlier but commits
   * later is never skipped: the reader waits for it instead. */
  async function readAll(opts: ReadAllOptions = {}, db: Db = sql): Promise<RecordedEvent[]> {
    const after = opts.after ?? { transactionId: '0', globalPosition: 0 };
    const limit = opts.limit ?? 1000;
    const rows = opts.streamTypes
      ? await db.unsafe<EventRow[]>(
          `SELECT ${EVENT_COLUMNS} FROM es_events
            WHERE stream_type = ANY($4::text[])
              AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
              AND (transaction_id, global_position) > ($1::xid8, $2::bigint)
            ORDER BY es_events.transaction_id, es_events.global_position LIMIT $3`,
          [after.transactionId, after.globalPosition, limit, opts.streamTypes],
        )
      : await db.unsafe<EventRow[]>(
          `SELECT ${EVENT_COLUMNS} FROM es_events
            WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
              AND (transaction_id, global_position) > ($1::xid8, $2::bigint)
            ORDER BY es_events.transaction_id, es_events.global_position LIMIT $3`,
          [after.transactionId, after.globalPosition, limit],
        );
    return rows.map(toRecorded);
  }

  /** Every committed event visible now, in commit order, for rebuilding inline projections. */
  async function readAllVisible(after: LogPosition, limit: number, db: Db = sql): Promise<RecordedEvent[]> {
    const rows = await db.unsafe<EventRow[]>(
      `SELECT ${EVENT_COLUMNS} FROM es_events
        WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
        ORDER BY es_events.transaction_id, es_events.global_position LIMIT $3`,
      [after.transactionId, after.globalPosition, limit],
    );
    return rows.map(toRecorded);
  }

  /** Several streams' events in one read, by stream id, each in version order. */
  async function readStreams(streamIds: string[], db: Db = sql): Promise<Map<string, RecordedEvent[]>> {
    const out = new Map<string, RecordedEvent[]>();
    if (!streamIds.length) return out;
    const rows = await db.unsafe<EventRow[]>(
      `SELECT ${EVENT_COLUMNS} FROM es_events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, version`,
      [streamIds],
    );
    for (const row of rows) {
      const e = toRecorded(row);
      (out.get(e.streamId) ?? out.set(e.streamId, []).get(e.streamId)!).push(e);
    }
    return out;
  }

  async function streamVersion(streamId: string, db: Db = sql): Promise<number> {
    const [row] = await db<{ version: number }[]>`SELECT version FROM es_streams WHERE stream_id = ${streamId}`;
    return row?.version ?? 0;
  }

  async function eventExists(eventId: string, db: Db = sql): Promise<boolean> {
    const [row] = await db`SELECT 1 FROM es_events WHERE event_id = ${eventId}`;
    return Boolean(row);
  }

  /** Next integer id for a record type (the specification's ids; 0 means "new"). */
  async function nextId(name: string, db: Db = sql): Promise<number> {
    const [row] = await db<{ last_id: number }[]>`
      INSERT INTO es_id_counters (name, last_id) VALUES (${name}, 1)
      ON CONFLICT (name) DO UPDATE SET last_id = es_id_counters.last_id + 1
      RETURNING last_id`;
    return row.last_id;
  }

  /** `n` consecutive ids of a record type in one statement. */
  async function nextIds(name: string, n: number, db: Db = sql): Promise<number[]> {
    if (n <= 0) return [];
    const [row] = await db<{ last_id: number }[]>`
      INSERT INTO es_id_counters (name, last_id) VALUES (${name}, ${n})
      ON CONFLICT (name) DO UPDATE SET last_id = es_id_counters.last_id + ${n}
      RETURNING last_id`;
    return Array.from({ length: n }, (_, i) => row.last_id - n + 1 + i);
  }

  return {
    sql,
    inlineProjections: inline,
    append,
    transaction,
    readStream,
    readAll,
    readAllVisible,
    readStreams,
    streamVersion,
    eventExists,
    nextId,
    nextIds,
    wakeReaders,
  };
}
