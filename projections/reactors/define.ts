import type { Aggregate, CommandContext } from '../../events/execute';
import type { Event, RecordedEvent } from '../../events/types';

/** One command a reactor asks for. The runner passes it to execute() under a command id derived
 * from the reactor, the source event and the command's place in the reaction, so running it again
 * for the same event stores nothing. */
export type ReactorCommand = { run(c: CommandContext): unknown };

/** A durable "when event X, run command Y" (docs/ARCHITECTURE.md, "Reactors"). */
export type Reactor = {
  /** Names its checkpoint (`reactor:{name}` in es_checkpoints), its lock and its command ids:
   * renaming a reactor replays the log under new ids. */
  readonly name: string;
  readonly canHandle: readonly string[];
  handles(event: RecordedEvent): boolean;
  /** The commands for one event, in a fixed order; none when the event needs no reaction. A pure
   * function of the event: the same event must always give the same commands. */
  react(event: RecordedEvent): ReactorCommand[];
  /** Events read per checkpoint move (default 1,000, as for projections). */
  readonly batchSize?: number;
};

export function defineReactor<T extends string>(definition: {
  name: string;
  canHandle: readonly T[];
  react(event: RecordedEvent<Event<T>>): ReactorCommand | ReactorCommand[] | null;
  batchSize?: number;
}): Reactor {
  const types = new Set<string>(definition.canHandle);
  return {
    name: definition.name,
    canHandle: definition.canHandle,
    batchSize: definition.batchSize,
    handles: (event) => types.has(event.type),
    react(event) {
      const out = definition.react(event as RecordedEvent<Event<T>>);
      return out === null ? [] : Array.isArray(out) ? out : [out];
    },
  };
}

/** The usual reaction: load one stream of an aggregate and run its decider on a command. */
export function decideOn<S, C, E extends Event>(agg: Aggregate<S, C, E>, id: number | string, command: C): ReactorCommand {
  return {
    async run(c) {
      (await c.load(agg, id)).decide(command);
    },
  };
}

/** The command id of a reactor's `index`-th command for one event: the same on every replay. */
export function reactorCommandId(reactor: string, eventId: string, index: number): string {
  return `reactor:${reactor}:${eventId}:${index}`;
}
