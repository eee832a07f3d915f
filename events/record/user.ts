import type { Decider } from '../decider';
import { CommandRejected } from '../errors';
import { aggregate } from '../execute';
import { ROOT_ROLE_ID } from '@shared/roles';
import { NOT_FOUND, recordDecider, type RecordCommand, type RecordEvent, type RecordState } from './record';

/** Who set a user's password: the user, a recovery link, or an administrator. */
export type PasswordSetBy = 'self' | 'recovery' | 'admin';

export const USER_RULE_MSG = {
  lastRoot: 'Debe quedar al menos un usuario root activo',
} as const;

export type UserCommand =
  | RecordCommand
  | { type: 'ChangePassword'; id: number; by: PasswordSetBy }
  /** Disabling or removing a user, with the facts its rules read: how many active root users there
   * are besides this one (null: not read, the user is no root user), and (removal) what still names the person (null: nothing), e.g.
   * 'El registro está en uso en 2 órdenes de trabajo'. */
  | { type: 'DisableUser'; id: number; otherActiveRoots: number | null }
  | { type: 'RemoveUser'; id: number; otherActiveRoots: number | null; namedBy: string | null };

/** The last active root user (not a protected one, which the record rules refuse with their own
 * message): the way in must stay, so it is neither disabled nor removed, by anyone. */
function isLastRoot(state: RecordState, otherActiveRoots: number | null): boolean {
  if (state.status !== 'active') return false;
  return Number(state.fields.id_role) === ROOT_ROLE_ID && !state.fields.protected && otherActiveRoots === 0;
}

/** A user's record: the generic record rules, plus `ChangePassword`, which records
 * `PasswordChanged` (the hash itself stays out of the log, in auth_credentials) and always
 * appends, so a save that only sets a password still writes the hash with it, and the rules of
 * disabling and removing a user: a person named on records that print them (work orders) is
 * disabled instead of removed (409), and the last active root user stays (422). */
export const userDecider: Decider<RecordState, UserCommand, RecordEvent> = {
  initialState: recordDecider.initialState,
  evolve: recordDecider.evolve,
  decide(command, state) {
    switch (command.type) {
      case 'ChangePassword':
        if (state.status === 'absent' || state.status === 'removed') throw new CommandRejected(NOT_FOUND, {}, 404);
        return [{ type: 'PasswordChanged', data: { id: state.id, by: command.by } }];
      case 'DisableUser':
        if (isLastRoot(state, command.otherActiveRoots)) throw new CommandRejected(USER_RULE_MSG.lastRoot, {}, 422);
        return recordDecider.decide({ type: 'DisableRecord', id: command.id }, state);
      case 'RemoveUser':
        if (command.namedBy) throw new CommandRejected(`${command.namedBy}. Desactívelo en su lugar.`, {}, 409);
        if (isLastRoot(state, command.otherActiveRoots)) throw new CommandRejected(USER_RULE_MSG.lastRoot, {}, 422);
        return recordDecider.decide({ type: 'RemoveRecord', id: command.id }, state);
      default:
        return recordDecider.decide(command, state);
    }
  },
};

export const users = aggregate('user', userDecider);
