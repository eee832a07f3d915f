import type { Decider } from '../decider';
import { CommandRejected } from '../errors';
import { aggregate } from '../execute';
import { MSG_VALIDATION } from '@shared/messages';
import { ADMIN_ROLE_ID, ROOT_ROLE_ID } from '@shared/roles';
import { NOT_FOUND, recordDecider, type RecordCommand, type RecordEvent, type RecordState } from './record';

/** Who set a user's password: the user, a recovery link, or an administrator. */
export type PasswordSetBy = 'self' | 'recovery' | 'admin';

export const USER_RULE_MSG = {
  lastRoot: 'Debe quedar al menos un usuario root activo',
  obraMissing: 'La obra no existe',
  empresaMissing: 'La empresa no existe o está desactivada',
  obraNotOfEmpresa: 'La obra no pertenece a la empresa seleccionada',
  obraAlreadyAssigned: 'La obra ya está asignada a este usuario',
  noObrasForAdmin: 'No se asignan obras al perfil administrador',
  noObrasForRoot: 'No se asignan obras al perfil root',
} as const;

/** What assigning a site to a user (a `user_obra` record, seed 000 §3) is checked against, as the
 * read models have it: the user's profile, whether the company is active, the site (null: none),
 * and whether the user already has it. */
export type SiteAssignmentFacts = {
  id_role: number;
  id_empresa: number;
  empresaActive: boolean;
  obra: { id_empresa: number; estado: number } | null;
  alreadyAssigned: boolean;
};

/** Seed 000 §3: the administrator and root profiles see every site and take none; the company
 * must be active and the site an active one of it, not yet the user's (422). */
export function refuseSiteAssignment(f: SiteAssignmentFacts): void {
  if (f.id_role === ADMIN_ROLE_ID) throw new CommandRejected(USER_RULE_MSG.noObrasForAdmin, {}, 422);
  if (f.id_role === ROOT_ROLE_ID) throw new CommandRejected(USER_RULE_MSG.noObrasForRoot, {}, 422);
  if (!f.empresaActive) throw new CommandRejected(MSG_VALIDATION, { id_empresa: USER_RULE_MSG.empresaMissing }, 422);
  if (!f.obra || f.obra.estado !== 1) throw new CommandRejected(MSG_VALIDATION, { id_obra: USER_RULE_MSG.obraMissing }, 422);
  if (f.obra.id_empresa !== f.id_empresa) throw new CommandRejected(MSG_VALIDATION, { id_obra: USER_RULE_MSG.obraNotOfEmpresa }, 422);
  if (f.alreadyAssigned) throw new CommandRejected(MSG_VALIDATION, { id_obra: USER_RULE_MSG.obraAlreadyAssigned }, 422);
}

/** The same site assigned twice at once (the read table's unique index refused the second): the
 * rule's own refusal. */
export function siteAlreadyAssigned(): CommandRejected {
  return new CommandRejected(MSG_VALIDATION, { id_obra: USER_RULE_MSG.obraAlreadyAssigned }, 422);
}

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
