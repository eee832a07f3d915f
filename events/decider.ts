import type { Event } from './types';

/** The write side of one aggregate: pure functions, no I/O, time and ids injected through the
 * command. `decide` returns the new events or throws CommandRejected; `evolve` folds one event. */
export type Decider<State, Command, E extends Event> = {
  initialState(): State;
  decide(command: Command, state: State): E[];
  evolve(state: State, event: E): State;
};

export function fold<State, E extends Event>(decider: Pick<Decider<State, unknown, E>, 'initialState' | 'evolve'>, events: E[]): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
}

/** The `default:` of a decider's switch (over its commands, its events or a state it reads): the
 * compiler proves it unreachable, so a value that still gets there at run time is a bug and
 * stops the command. `what` names the kind of value in the message ('command', 'event'). */
export function unreachable(value: never, what: string): never {
  const seen = value as unknown;
  const name = typeof seen === 'object' && seen !== null && 'type' in seen ? String(seen.type) : String(seen);
  throw new Error(`Unknown ${what} ${name}`);
}
