import { changesOf, type FieldChange } from '@shared/diff';
import { MSG_NOT_FOUND as NOT_FOUND } from '@shared/messages';
import { unreachable, type Decider } from '../decider';
import { CommandRejected } from '../errors';
import type { Event } from '../types';

/** A master-data or administration row (unit, brand, user, profile, setting…): one generic stream
 * per row, `{entity}-{id}`, so every change is audited the same way (ARCHITECTURE.md). */
export type Fields = Record<string, unknown>;

export type RecordEvent =
  | Event<'RecordCreated', { id: number; fields: Fields }>
  /** `restored_version`: the update brings back the text of that version (the legal text's restore). */
  | Event<'RecordUpdated', { id: number; changes: Record<string, FieldChange>; restored_version?: number }>
  | Event<'RecordEnabled', { id: number }>
  | Event<'RecordDisabled', { id: number }>
  | Event<'RecordRemoved', { id: number }>
  /** A user's password changed (the hash itself stays out of the log, in auth_credentials). */
  | Event<'PasswordChanged', { id: number; by: 'self' | 'recovery' | 'admin' }>;

export type RecordCommand =
  | { type: 'CreateRecord'; id: number; fields: Fields }
  | { type: 'UpdateRecord'; id: number; fields: Fields }
  | { type: 'EnableRecord'; id: number }
  | { type: 'DisableRecord'; id: number }
  | { type: 'RemoveRecord'; id: number };

export type RecordState =
  | { status: 'absent' }
  | { status: 'active' | 'inactive'; id: number; fields: Fields }
  | { status: 'removed'; id: number; fields: Fields };

export { NOT_FOUND };
export const PROTECTED = 'Este registro está protegido y no se puede modificar';

function isProtected(state: RecordState): boolean {
  return state.status !== 'absent' && Boolean(state.fields.protected);
}

export const recordDecider: Decider<RecordState, RecordCommand, RecordEvent> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateRecord':
        if (state.status !== 'absent') throw new CommandRejected('El registro ya existe', {}, 409);
        return [{ type: 'RecordCreated', data: { id: command.id, fields: command.fields } }];
      case 'UpdateRecord': {
        if (state.status === 'absent' || state.status === 'removed') throw new CommandRejected(NOT_FOUND, {}, 404);
        const changes: Record<string, FieldChange> = changesOf(state.fields, command.fields, Object.keys(command.fields));
        if (isProtected(state) && ('nombre' in changes || 'name' in changes)) {
          throw new CommandRejected(PROTECTED, { name: PROTECTED }, 422);
        }
        return Object.keys(changes).length ? [{ type: 'RecordUpdated', data: { id: state.id, changes } }] : [];
      }
      case 'EnableRecord':
        if (state.status === 'absent' || state.status === 'removed') throw new CommandRejected(NOT_FOUND, {}, 404);
        return state.status === 'active' ? [] : [{ type: 'RecordEnabled', data: { id: state.id } }];
      case 'DisableRecord':
        if (state.status === 'absent' || state.status === 'removed') throw new CommandRejected(NOT_FOUND, {}, 404);
        if (isProtected(state)) throw new CommandRejected(PROTECTED, {}, 422);
        return state.status === 'inactive' ? [] : [{ type: 'RecordDisabled', data: { id: state.id } }];
      case 'RemoveRecord':
        if (state.status === 'absent' || state.status === 'removed') throw new CommandRejected(NOT_FOUND, {}, 404);
        if (isProtected(state)) throw new CommandRejected(PROTECTED, {}, 422);
        return [{ type: 'RecordRemoved', data: { id: state.id } }];
      default:
        return unreachable(command, 'command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'RecordCreated': {
        const estado = event.data.fields.estado;
        return { status: estado === 0 ? 'inactive' : 'active', id: event.data.id, fields: event.data.fields };
      }
      case 'RecordUpdated': {
        if (state.status === 'absent') return state;
        const fields = { ...state.fields };
        for (const [key, change] of Object.entries(event.data.changes)) fields[key] = change.to;
        return { ...state, fields };
      }
      case 'RecordEnabled':
        return state.status === 'absent' ? state : { ...state, status: 'active', fields: { ...state.fields, estado: 1 } };
      case 'RecordDisabled':
        return state.status === 'absent' ? state : { ...state, status: 'inactive', fields: { ...state.fields, estado: 0 } };
      case 'RecordRemoved':
        return state.status === 'absent' ? state : { ...state, status: 'removed' };
      case 'PasswordChanged':
        return state;
      default:
        return unreachable(event, 'event');
    }
  },
};
