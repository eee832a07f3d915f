import { MSG_NOT_FOUND } from '@shared/messages';
import { ROOT_ROLE_ID } from '@shared/roles';
import { unreachable, type Decider } from '../decider';
import { CommandRejected } from '../errors';
import { aggregate } from '../execute';
import type { SessionCommand, SessionEvent, SessionState } from './types';

export const MSG_SESSION_EXISTS = 'La sesión ya existe';

const clip = (s: string | undefined) => (s ?? '').slice(0, 120);

/** Sign-in sessions: opened once, closed once (closing a closed session is a no-op, so two
 * sign-outs or a sign-out racing a revocation both succeed). */
export const sessionDecider: Decider<SessionState, SessionCommand, SessionEvent> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'OpenSession': {
        if (state.status !== 'absent') throw new CommandRejected(MSG_SESSION_EXISTS, {}, 409);
        const { device } = command;
        return [{
          type: 'SessionOpened',
          data: {
            id: command.id,
            token_hash: command.tokenHash,
            id_user: command.userId,
            id_user_original: command.originalUserId,
            id_session_parent: command.parentSessionId,
            platform: clip(device.platform),
            language: clip(device.language),
            os: clip(device.os),
            os_version: clip(device.os_version),
            device_brand: clip(device.device_brand),
            device_model: clip(device.device_model),
            app_version: clip(device.app_version),
            uuid: clip(device.uuid),
            ip: clip(command.ip),
            date_expiration: command.expiresAt.toISOString(),
          },
        }];
      }
      case 'CloseSession':
        if (state.status === 'absent') throw new CommandRejected(MSG_NOT_FOUND, {}, 404);
        return state.status === 'closed' ? [] : [{ type: 'SessionClosed', data: { id: state.id, reason: command.reason } }];
      default:
        return unreachable(command, 'command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'SessionOpened':
        return { status: 'open', id: event.data.id, userId: event.data.id_user, parentSessionId: event.data.id_session_parent };
      case 'SessionClosed':
        return state.status === 'absent' ? state : { ...state, status: 'closed' };
      default:
        return unreachable(event, 'event');
    }
  },
};

/** A session's stream key: its UUID without dashes (`session-{key}`). */
export function sessionKey(sessionId: string): string {
  return sessionId.replace(/-/g, '');
}

export const sessions = aggregate('session', sessionDecider);

export const LOGIN_AS_MSG = {
  root: 'No se puede iniciar sesión como el usuario root',
  noAccess: 'El usuario no tiene acceso al sistema',
  disabled: 'El usuario está desactivado',
  self: 'Ya tiene la sesión iniciada con este usuario',
} as const;

/** The user a 'login as' session would open for, as the users and profiles read model has them. */
export type LoginAsTarget = { id: number; id_role: number; system_user: number; estado: number; role_estado: number };

/** Seed 000 §2 ('login as'): never into root, a user without system access, a disabled user (or
 * one of a disabled profile) or the user the session already is (422). */
export function refuseLoginAs(target: LoginAsTarget, actingUserId: number): void {
  if (target.id_role === ROOT_ROLE_ID) throw new CommandRejected(LOGIN_AS_MSG.root, {}, 422);
  if (target.system_user !== 1) throw new CommandRejected(LOGIN_AS_MSG.noAccess, {}, 422);
  if (target.estado !== 1 || target.role_estado !== 1) throw new CommandRejected(LOGIN_AS_MSG.disabled, {}, 422);
  if (target.id === actingUserId) throw new CommandRejected(LOGIN_AS_MSG.self, {}, 422);
}
