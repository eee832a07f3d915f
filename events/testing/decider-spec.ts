import { expect } from 'vitest';
import { fold, type Decider } from '../decider';
import { CommandRejected } from '../errors';
import type { Event } from '../types';

/**
 * Given events / When command / Then events, or the refusal (as Emmett's
 * DeciderSpecification). One kit for every decider's unit tests:
 *
 *   const given = deciderSpec(workOrderDecider);
 *   given([opened]).when(save()).then([closed]);
 *   given([]).when(save({ header: empty })).thenRefused(MSG_VALIDATION, 422, { id_obra: REQUIRED });
 *
 * `given(events).state` is the folded state, for assertions on it.
 */
export function deciderSpec<State, Command, E extends Event>(decider: Decider<State, Command, E>) {
  return (events: readonly E[] = []) => {
    const state = fold(decider, [...events]);
    return {
      state,
      when(command: Command) {
        const run = () => decider.decide(command, state);
        return {
          /** The decided events, for assertions beyond equality. */
          events: run,
          /** Exactly these events, in this order. */
          then(expected: readonly E[]): E[] {
            const decided = run();
            expect(decided).toEqual(expected);
            return decided;
          },
          /** Events of these types, in this order. */
          thenTypes(types: readonly E['type'][]): E[] {
            const decided = run();
            expect(decided.map((e) => e.type)).toEqual(types);
            return decided;
          },
          /** Refused with this Spanish message; with the status and these field errors (each
           * listed field must carry its message; others may be present) when given. */
          thenRefused(message: string, status?: number, errors?: Record<string, string>): CommandRejected {
            let refusal: unknown;
            try {
              run();
            } catch (error) {
              refusal = error;
            }
            if (refusal === undefined) throw new Error(`expected the command to be refused with "${message}", but it was accepted`);
            expect(refusal).toBeInstanceOf(CommandRejected);
            const rejected = refusal as CommandRejected;
            expect(rejected.message).toBe(message);
            if (status !== undefined) expect(rejected.status).toBe(status);
            if (errors) expect(rejected.errors).toMatchObject(errors);
            return rejected;
          },
        };
      },
    };
  };
}

/** The refusal of a rule the API calls with its facts (a `refuse…` function of a decider's module),
 * as [message, status, field errors], or null when it lets the command through. */
export function refusalOf(run: () => void): [string, number, Record<string, string>] | null {
  try {
    run();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(CommandRejected);
    const rejected = error as CommandRejected;
    return [rejected.message, rejected.status, rejected.errors];
  }
}
