import { MSG_VALIDATION } from '@shared/messages';
import { ROOT_ROLE_ID } from '@shared/roles';
import { CommandRejected } from '../errors';

/** The rules of a profile's record (`role-{id}`, seed 000 /roles), with the facts the API reads. */
export const ROLE_RULE_MSG = {
  rootSignsIn: 'El perfil root debe conservar el acceso al sistema',
  rootOnlyModules: 'Solo el usuario root puede dar acceso a módulos exclusivos de root',
  hasUsers: 'No se puede eliminar un perfil que tiene usuarios',
} as const;

/** The root profile is the last way in: it keeps system access, whoever saves it (422). */
export function refuseRootProfileWithoutAccess(profile: { id: number; system_user?: number }): void {
  if (profile.id === ROOT_ROLE_ID && profile.system_user === 0) throw new CommandRejected(MSG_VALIDATION, { system_user: ROLE_RULE_MSG.rootSignsIn }, 422);
}

/** Only root grants a right on a root-only module (`hidden`: the modules the caller may not see). */
export function refuseRootOnlyGrant(perms: readonly { id_module: number; see?: unknown; edit?: unknown }[], hidden: ReadonlySet<number>): void {
  if (perms.some((p) => hidden.has(p.id_module) && (p.see === 1 || p.edit === 1))) {
    throw new CommandRejected(ROLE_RULE_MSG.rootOnlyModules, { perms: ROLE_RULE_MSG.rootOnlyModules }, 422);
  }
}

/** A profile some user still has is not removed (422). */
export function refuseRemovingUsedProfile(hasUsers: boolean): void {
  if (hasUsers) throw new CommandRejected(ROLE_RULE_MSG.hasUsers, {}, 422);
}
