import type { Decider } from '../decider';
import { CommandRejected } from '../errors';
import { aggregate } from '../execute';
import { NOT_FOUND, recordDecider, type RecordCommand, type RecordEvent, type RecordState } from './record';

/** Who set a user's password: the user, a recovery link, or an administrator. */
export type PasswordSetBy = 'self' | 'recovery' | 'admin';

export type UserCommand = RecordCommand | { type: 'ChangePassword'; id: number; by: PasswordSetBy };

/** A user's record: the generic record rules, plus `ChangePassword`, which records
 * `PasswordChanged` (the hash itself stays out of the log, in auth_credentials) and always
 * appends, so a save that only sets a password still writes the hash with it. */
export const userDecider: Decider<RecordState, UserCommand, RecordEvent> = {
  initialState: recordDecider.initialState,
  evolve: recordDecider.evolve,
  decide(command, state) {
    if (command.type !== 'ChangePassword') return recordDecider.decide(command, state);
    if (state.status === 'absent' || state.status === 'removed') throw new CommandRejected(NOT_FOUND, {}, 404);
    return [{ type: 'PasswordChanged', data: { id: state.id, by: command.by } }];
  },
};

export const users = aggregate('user', userDecider);
