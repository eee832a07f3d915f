import type { Sql } from 'postgres';
import { CommandRejected } from '../../events/errors';
import { execute } from '../../events/execute';
import type { EventStore } from '../../events/store';
import type { LogPosition, RecordedEvent } from '../../events/types';
import { runLogConsumers, type BatchResult, type ConsumerOptions, type Projector } from '../runner';
import { reactorCommandId, type Reactor, type ReactorCommand } from './define';

export type ReactorOptions = ConsumerOptions & {
  /** Called after each batch that handled events (tests observe progress with it). */
  onBatch?: (reactor: string, events: RecordedEvent[]) => void;
  /** Where a refused command is reported (default: `log`). */
  warn?: (message: string) => void;
};

export function reactorCheckpoint(name: string) {
  return `reactor:${name}`;
}

type Work = { event: RecordedEvent; command: ReactorCommand; commandId: string };

/** One batch after `from`: every command of every handled event runs through execute(), one
 * transaction each, under its deterministic command id, in log order; then the checkpoint moves
 * by compare-and-set. A crash before the move makes the next runner read the batch again, and the
 * commands already stored answer as already done (idempotent), so each is applied once. A command
 * a decider refuses is recorded in es_reactor_dead_letters and skipped from then on; any other
 * failure throws, leaves the checkpoint where it was, and the runner retries the batch. */
export async function processReactorBatch(
  sql: Sql,
  store: EventStore,
  reactor: Reactor,
  from: LogPosition,
  warn: (message: string) => void = () => {},
): Promise<BatchResult> {
  const events = await store.readAll({ after: from, limit: reactor.batchSize ?? 1000 });
  if (events.length === 0) return { read: 0, applied: [], to: from };
  const handled = events.filter((e) => reactor.handles(e));
  const work: Work[] = handled.flatMap((event) =>
    reactor.react(event).map((command, index) => ({ event, command, commandId: reactorCommandId(reactor.name, event.id, index) })),
  );
  const refused = new Set<string>();
  if (work.length) {
    const rows = await sql<{ command_id: string }[]>`
      SELECT command_id FROM es_reactor_dead_letters WHERE command_id IN ${sql(work.map((w) => w.commandId))}`;
    for (const r of rows) refused.add(r.command_id);
  }
  for (const { event, command, commandId } of work) {
    if (refused.has(commandId)) continue;
    try {
      await execute(store, (c) => command.run(c), {
        commandId,
        metadata: { causationId: event.id, correlationId: event.metadata.correlationId },
      });
    } catch (error) {
      if (!(error instanceof CommandRejected)) throw error;
      await sql`
        INSERT INTO es_reactor_dead_letters (command_id, reactor, event_id, event_type, global_position, reason, status, errors)
        VALUES (${commandId}, ${reactor.name}, ${event.id}, ${event.type}, ${event.globalPosition}, ${error.message}, ${error.status}, ${sql.json(error.errors)})
        ON CONFLICT (command_id) DO NOTHING`;
      warn(`reactor ${reactor.name}: command ${commandId} for ${event.type} #${event.globalPosition} refused (${error.status}): ${error.message}`);
    }
  }
  const last = events[events.length - 1];
  const moved = await sql`
    UPDATE es_checkpoints
       SET last_txid = ${last.transactionId}::xid8, last_position = ${last.globalPosition}, updated_at = now()
     WHERE projector = ${reactorCheckpoint(reactor.name)}
       AND last_txid = ${from.transactionId}::xid8 AND last_position = ${from.globalPosition}`;
  if (moved.count !== 1) return { read: events.length, applied: [], to: null };
  return { read: events.length, applied: handled, to: { transactionId: last.transactionId, globalPosition: last.globalPosition } };
}

/** Runs reactors like async projections: one active runner per reactor across processes (an
 * advisory lock; standbys take over when it dies), woken by NOTIFY, polled as a fallback. */
export function startReactors(sql: Sql, store: EventStore, reactors: Reactor[], options: ReactorOptions = {}): Promise<Projector> {
  const warn = options.warn ?? options.log ?? (() => {});
  return runLogConsumers(
    sql,
    store,
    reactors.map((reactor) => ({
      kind: 'reactor' as const,
      name: reactor.name,
      lockKey: `faena:reactor:${reactor.name}`,
      checkpoint: reactorCheckpoint(reactor.name),
      step: (from) => processReactorBatch(sql, store, reactor, from, warn),
      afterBatch: (applied) => options.onBatch?.(reactor.name, applied),
    })),
    options,
  );
}
