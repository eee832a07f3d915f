import type { Sql } from 'postgres';
import { checkPasswordStrength } from '../../auth/internal/password';
import { ROOT_ROLE_ID } from '@shared/roles';
import { type Principal } from '../../platform/principal';
import { USER_MSG } from './user-messages';

/** What the form sends that the rules read (absent fields keep the stored value). */
export type UserDraft = {
  id_role: number;
  id_obra?: number | null;
  email?: string | null;
  fecha_ingreso?: string | null;
  fecha_salida?: string | null;
  password?: string;
};

/** The stored user a save changes (null for a new one). */
export type StoredUser = {
  id: number;
  id_role: number;
  email: string | null;
  fecha_ingreso: string | null;
  fecha_salida: string | null;
  protected: number;
};

/** The business rules of the user form over several fields and other records: field → message.
 * The role must exist and be active (root only by root; a protected user keeps its role); system
 * users need an e-mail, unique among users; the exit date is not before the entry date; the site
 * exists; a password is strong enough and only for users who sign in. */
export async function validateUser(sql: Sql, draft: UserDraft, stored: StoredUser | null, principal: Principal): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const [role] = await sql<{ system_user: number }[]>`
    SELECT "system_user" FROM rm_roles WHERE id = ${draft.id_role} AND estado = 1`;
  if (!role) errors.id_role = USER_MSG.roleMissing;
  else if (draft.id_role === ROOT_ROLE_ID && !principal.isRoot) errors.id_role = USER_MSG.rootRoleOnlyRoot;
  else if (stored?.protected === 1 && stored.id_role !== draft.id_role) errors.id_role = USER_MSG.protectedRole;

  const email = draft.email !== undefined ? draft.email : (stored?.email ?? null);
  if (role?.system_user === 1 && !email) errors.email = USER_MSG.emailRequired;
  if (email) {
    const [taken] = await sql`SELECT 1 FROM rm_users WHERE lower(email) = ${email.toLowerCase()} AND id <> ${stored?.id ?? 0}`;
    if (taken) errors.email = USER_MSG.emailTaken;
  }

  const ingreso = draft.fecha_ingreso !== undefined ? draft.fecha_ingreso : (stored?.fecha_ingreso ?? null);
  const salida = draft.fecha_salida !== undefined ? draft.fecha_salida : (stored?.fecha_salida ?? null);
  if (ingreso && salida && salida < ingreso) errors.fecha_salida = USER_MSG.datesOrder;

  if (draft.id_obra) {
    const [obra] = await sql`SELECT 1 FROM rm_obras WHERE id = ${draft.id_obra}`;
    if (!obra) errors.id_obra = USER_MSG.obraMissing;
  }

  if (draft.password) {
    if (role && role.system_user !== 1) errors.password = USER_MSG.workerPassword;
    else {
      const weak = checkPasswordStrength(draft.password);
      if (weak) errors.password = weak;
    }
  }
  return errors;
}
