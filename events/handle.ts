import type { TransactionSql } from 'postgres';
import { fold, type Decider } from './decider';
import { ConcurrencyError } from './errors';
import { deterministicUuid } from './ids';
import type { AppendResult, EventStore } from './store';
import type { Event, EventMetadata } from './types';

export type HandleOptions = {
  metadata?: Partial<EventMetadata>;
  /** A client-chosen command id: event ids derive from it, so a retried command is stored once
   * and reported as a success again. */
  commandId?: string;
  within?: (tx: TransactionSql, events: AppendResult['events']) => Promise<void>;
  /** The version the user's form was loaded at: a stream that moved on since then is a conflict
   * (HTTP 409), even when this command's own read would succeed. */
  expectedVersion?: number;
  /** Run inside an open `store.transaction` (read and append there), so other appends commit with it. */
  transaction?: { tx: TransactionSql; append: EventStore['append'] };
};

export type HandleResult<State> = AppendResult & { state: State };

/** Loads the stream, folds its state, decides, and appends with the version it read as the
 * expected version: a concurrent writer makes this fail with ConcurrencyError (HTTP 409). */
export async function handle<State, Command, E extends Event>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, E>,
  command: Command,
  options: HandleOptions = {},
): Promise<HandleResult<State>> {
  const history = await store.readStream(streamId, {}, options.transaction?.tx);
  const current = fold(decider, history as unknown as E[]);
  const version = history.length ? history[history.length - 1].version : 0;

  if (options.commandId && (await store.eventExists(deterministicUuid(`${options.commandId}:0`), options.transaction?.tx))) {
    // Already handled: answer as the first time did, writing nothing.
    const done = history.filter((e) => e.metadata.causationId === options.commandId);
    return {
      state: current,
      nextVersion: version,
      lastPosition: done.length
        ? { transactionId: done[done.length - 1].transactionId, globalPosition: done[done.length - 1].globalPosition }
        : { transactionId: '0', globalPosition: 0 },
      idempotent: true,
      events: done,
    };
  }

  if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
    throw new ConcurrencyError(streamId, String(options.expectedVersion), version);
  }
  const events = decider.decide(command, current);
  if (events.length === 0) {
    return { state: current, nextVersion: version, lastPosition: { transactionId: '0', globalPosition: 0 }, idempotent: false, events: [] };
  }
  const result = await (options.transaction?.append ?? store.append)(
    streamId,
    events.map((e, i) => ({
      ...e,
      id: options.commandId ? deterministicUuid(`${options.commandId}:${i}`) : undefined,
    })),
    {
      expectedVersion: version,
      metadata: { ...options.metadata, causationId: options.metadata?.causationId ?? options.commandId ?? null },
      within: options.within,
    },
  );
  return { ...result, state: events.reduce((s, e) => decider.evolve(s, e), current) };
}
