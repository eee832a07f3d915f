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
