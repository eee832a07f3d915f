import { AsyncLocalStorage } from 'node:async_hooks';
import type { Sql, TransactionSql } from 'postgres';
import { fold, type Decider } from './decider';
import { ConcurrencyError, DuplicateEventError } from './errors';
import { deterministicUuid } from './ids';
import { streamIdOf, toRecorded, type AppendResult, type EventRow, type EventStore } from './store';
import type { Event, EventMetadata, ExpectedVersion, LogPosition, NewEvent, RecordedEvent } from './types';

/** An aggregate type: the stream type its streams are named by and the decider that owns its rules.
 * `aggregate('work_order', workOrderDecider)` types every load and decision on those streams. */
export type Aggregate<State, Command, E extends Event> = {
  readonly streamType: string;
  readonly decider: Decider<State, Command, E>;
};

export function aggregate<State, Command, E extends Event>(streamType: string, decider: Decider<State, Command, E>): Aggregate<State, Command, E> {
  return { streamType, decider };
}

/** One stream inside a command: its folded state, the version it was read at, and `decide`, which
 * runs the aggregate's decider on the current state, queues the events and folds them in (so a
 * second decision on the same stream sees the first). */
export type Stream<State, Command, E extends Event> = {
  readonly id: number | string;
  readonly streamId: string;
  readonly exists: boolean;
  /** The version read (0 for a new stream): the expected version of the append. */
  readonly version: number;
  state: State;
  /** Events this command queued on the stream so far. */
  readonly pending: E[];
  /** `at`: when the decided events happened and who did them, when not now and not the command's
   * own metadata (bulk loads replaying a story: each decision at its own time and by its user). */
  decide(command: Command, at?: DecisionStamp): E[];
};

/** The time and metadata one decision's events are recorded with, overriding the command's. */
export type DecisionStamp = { occurredAt?: Date; metadata?: Partial<EventMetadata> };

export type CommandContext = {
  /** The command's transaction: reads that must see the same snapshot, outbox rows, counters. */
  readonly tx: TransactionSql;
  /** Reads and folds a stream inside the transaction. `expectedVersion`: the version the user's
   * form was loaded at; a stream that moved on since is a conflict (HTTP 409). */
  load<S, C, E extends Event>(agg: Aggregate<S, C, E>, id: number | string, opts?: { expectedVersion?: number }): Promise<Stream<S, C, E>>;
  /** Several streams of one aggregate in one read (bulk commands). */
  loadMany<S, C, E extends Event>(agg: Aggregate<S, C, E>, ids: (number | string)[]): Promise<Stream<S, C, E>[]>;
  /** A stream that must not exist yet (no read: its append expects `no_stream`). */
  start<S, C, E extends Event>(agg: Aggregate<S, C, E>, id: number | string): Stream<S, C, E>;
  /** The next integer id of a record type, allocated in the transaction: a refused or failed
   * command burns none. */
  nextId(name: string): Promise<number>;
  /** `n` consecutive ids in one statement. */
  nextIds(name: string, n: number): Promise<number[]>;
};

export type ExecuteOptions = {
  metadata?: Partial<EventMetadata>;
  /** A deterministic command id (an Idempotency-Key, a reactor's event-derived id): event ids
   * derive from it, so the same command id is stored once and answered as already done. */
  commandId?: string;
  /** Extra work in the same transaction after the events are appended (e.g. enqueue a job). */
  within?: (tx: TransactionSql, events: RecordedEvent[]) => Promise<void>;
};

export type ExecuteResult<T> = {
  value: T;
  /** True when this command id had already been stored: nothing was written this time. */
  idempotent: boolean;
  events: RecordedEvent[];
  /** Each touched stream's version after the command. */
  versions: Record<string, number>;
  lastPosition: LogPosition;
};

type AnyStream = Stream<unknown, unknown, Event> & { expected: ExpectedVersion };

const NO_POSITION: LogPosition = { transactionId: '0', globalPosition: 0 };

const commandScope = new AsyncLocalStorage<{ base: string; next: number }>();

/** Runs `work` so that every `execute` in it without its own `commandId` gets `${base}:0`,
 * `${base}:1`… in the order they run. The HTTP layer runs a request carrying an Idempotency-Key
 * this way (base: the key's command id): a retry that re-runs the request after a crash or a
 * failure finds the commands that had committed and stores only the rest. */
export function withCommandIds<T>(base: string, work: () => Promise<T>): Promise<T> {
  return commandScope.run({ base, next: 0 }, work);
}

function scopedCommandId(): string | undefined {
  const scope = commandScope.getStore();
  return scope ? `${scope.base}:${scope.next++}` : undefined;
}

/** The one command entry point. `work` loads the streams it needs, decides on them and allocates
 * ids; when it returns, every queued event of every stream is appended in one statement with each
 * stream's expected version, the inline projections run once over all of them and `within` runs,
 * all in one transaction; readers are woken after commit. A refusal (CommandRejected) or a
 * conflict on any stream leaves every stream, counter and read model as it was. */
export async function execute<T>(
  store: EventStore,
  work: (c: CommandContext) => Promise<T> | T,
  given: ExecuteOptions = {},
): Promise<ExecuteResult<T>> {
  const commandId = given.commandId ?? scopedCommandId();
  const options = { ...given, commandId };
  try {
    return await store.transaction(async (t) => {
      if (options.commandId) {
        // Deliveries of one command id run one at a time: a second one waits for the first to
        // commit, then finds its events (no decision on a state the first already changed).
        await t.tx`SELECT pg_advisory_xact_lock(hashtextextended(${`command:${options.commandId}`}, 0))`;
        const done = await alreadyDone(store, options.commandId, t.tx);
        if (done) return done as ExecuteResult<T>;
      }
      const streams = new Map<string, AnyStream>();
      const track = <S, C, E extends Event>(agg: Aggregate<S, C, E>, id: number | string, history: RecordedEvent[], expected: ExpectedVersion) => {
        const streamId = streamIdOf(agg.streamType, id);
        if (streams.has(streamId)) throw new Error(`${streamId} se cargó dos veces en el mismo comando`);
        const version = history.length ? history[history.length - 1].version : 0;
        const pending: E[] = [];
        const stream: Stream<S, C, E> = {
          id,
          streamId,
          exists: history.length > 0,
          version,
          state: fold(agg.decider, history as unknown as E[]),
          pending,
          decide(command, at) {
            const events = agg.decider.decide(command, stream.state);
            for (const e of events) stream.state = agg.decider.evolve(stream.state, e);
            pending.push(...(at ? events.map((e) => ({ ...e, ...at })) : events));
            return events;
          },
        };
        streams.set(streamId, Object.assign(stream as unknown as AnyStream, { expected }));
        return stream;
      };
      const context: CommandContext = {
        tx: t.tx,
        async load(agg, id, opts = {}) {
          const history = await store.readStream(streamIdOf(agg.streamType, id), {}, t.tx);
          const version = history.length ? history[history.length - 1].version : 0;
          if (opts.expectedVersion !== undefined && opts.expectedVersion !== version) {
            throw new ConcurrencyError(streamIdOf(agg.streamType, id), String(opts.expectedVersion), version);
          }
          return track(agg, id, history, history.length ? version : 'no_stream');
        },
        async loadMany(agg, ids) {
          const byStream = await store.readStreams(ids.map((id) => streamIdOf(agg.streamType, id)), t.tx);
          return ids.map((id) => {
            const history = byStream.get(streamIdOf(agg.streamType, id)) ?? [];
            return track(agg, id, history, history.length ? history[history.length - 1].version : 'no_stream');
          });
        },
        start(agg, id) {
          return track(agg, id, [], 'no_stream');
        },
        nextId: (name) => store.nextId(name, t.tx),
        nextIds: (name, n) => store.nextIds(name, n, t.tx),
      };
      const value = await work(context);

      let index = 0;
      const items = [...streams.values()]
        .filter((s) => s.pending.length)
        .map((s) => ({
          streamId: s.streamId,
          events: s.pending.map((e): NewEvent => ({
            ...e,
            id: options.commandId ? deterministicUuid(`${options.commandId}:${index++}`) : undefined,
            // Kept on each event: a reactor's causation is its source event, not the command id.
            metadata: options.commandId ? { commandId: options.commandId } : undefined,
          })),
          options: {
            expectedVersion: s.expected,
            metadata: { ...options.metadata, causationId: options.metadata?.causationId ?? options.commandId ?? null },
          },
        }));
      const results: AppendResult[] = await t.appendMany(items);
      const events = results.flatMap((r) => r.events);
      if (events.length) await options.within?.(t.tx, events);
      const versions: Record<string, number> = {};
      for (const s of streams.values()) versions[s.streamId] = s.version;
      for (const r of results) if (r.events.length) versions[r.events[0].streamId] = r.nextVersion;
      const last = results[results.length - 1];
      return { value, idempotent: false, events, versions, lastPosition: last?.lastPosition ?? NO_POSITION };
    });
  } catch (error) {
    // Two deliveries of one command id racing: the loser finds the winner's events.
    if (options.commandId && error instanceof DuplicateEventError) {
      const done = await alreadyDone(store, options.commandId);
      if (done) return done as ExecuteResult<T>;
    }
    throw error;
  }
}

/** The common case: one command on one stream, loaded at the version the user's form was loaded
 * at when given. `version`: the stream's version after it. */
export async function executeOn<S, C, E extends Event>(
  store: EventStore,
  agg: Aggregate<S, C, E>,
  id: number | string,
  command: C,
  options: ExecuteOptions & { expectedVersion?: number } = {},
): Promise<ExecuteResult<S> & { version: number }> {
  const { expectedVersion, ...rest } = options;
  const r = await execute(store, async (c) => {
    const s = await c.load(agg, id, { expectedVersion });
    s.decide(command);
    return s.state;
  }, rest);
  return { ...r, version: r.versions[streamIdOf(agg.streamType, id)] ?? 0 };
}

/** The events a command id already stored (found by its first deterministic event id), or null. */
async function alreadyDone(store: EventStore, commandId: string, db: Sql | TransactionSql = store.sql): Promise<ExecuteResult<undefined> | null> {
  const first = deterministicUuid(`${commandId}:0`);
  const rows = await db.unsafe<EventRow[]>(
    `SELECT global_position, transaction_id::text AS transaction_id, stream_id, stream_type, version, event_id, event_type,
            schema_version, data, metadata, occurred_at, recorded_at
       FROM es_events WHERE transaction_id = (SELECT transaction_id FROM es_events WHERE event_id = $1)
        AND coalesce(metadata->>'commandId', metadata->>'causationId') = $2
      ORDER BY global_position`,
    [first, commandId],
  );
  if (!rows.length) return null;
  const events = rows.map((r) => toRecorded(r));
  const versions: Record<string, number> = {};
  for (const e of events) versions[e.streamId] = e.version;
  const last = events[events.length - 1];
  return { value: undefined, idempotent: true, events, versions, lastPosition: { transactionId: last.transactionId, globalPosition: last.globalPosition } };
}
