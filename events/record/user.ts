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
  emailTaken: 'Ya existe un usuario con ese correo',
  signatureMissing: 'Seleccione una imagen',
  signatureSize: 'La firma debe ser una imagen JPG de 200 × 120 píxeles',
} as const;

/** Seed 000 §5: the signature image is a jpg of 200 by 120. */
export const SIGNATURE_SIZE = { width: 200, height: 120 };

/** What saving a user is checked against: the form's field errors the read models gave (field →
 * message), the role it had (null: a new user) and is given, and how many other active root users
 * there are (null: not read, the save takes no root user's role away). */
export type UserSaveFacts = {
  errors: Record<string, string>;
  fromRole: number | null;
  toRole: number;
  otherActiveRoots: number | null;
};

/** Seed 000 §2: a save with field errors is refused (422, every field's message), and the last
 * active root user keeps the root profile (on id_role, unless the role already has an error). */
export function refuseUserSave(f: UserSaveFacts): void {
  const errors = { ...f.errors };
  if (f.fromRole === ROOT_ROLE_ID && f.toRole !== ROOT_ROLE_ID && !errors.id_role && f.otherActiveRoots === 0) errors.id_role = USER_RULE_MSG.lastRoot;
  if (Object.keys(errors).length) throw new CommandRejected(MSG_VALIDATION, errors, 422);
}

/** The same e-mail saved twice at once (the read table's unique index refused the second): the
 * rule's own refusal. */
export function emailAlreadyTaken(): CommandRejected {
  return new CommandRejected(MSG_VALIDATION, { email: USER_RULE_MSG.emailTaken }, 422);
}

/** A signature upload sent without a file (422 on pic_firma). */
export function signatureMissing(): CommandRejected {
  return new CommandRejected(USER_RULE_MSG.signatureMissing, { pic_firma: USER_RULE_MSG.signatureMissing }, 422);
}

/** Seed 000 §5: a signature is a JPG of exactly 200 × 120 (`image`: its size, null when it is no
 * JPG whose size reads); anything else is refused (422 on pic_firma). */
export function refuseSignature(image: { width: number; height: number } | null): void {
  if (!image || image.width !== SIGNATURE_SIZE.width || image.height !== SIGNATURE_SIZE.height) {
    throw new CommandRejected(USER_RULE_MSG.signatureSize, { pic_firma: USER_RULE_MSG.signatureSize }, 422);
  }
}

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
