import { isAdminRole } from '@shared/roles';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import { can, type Principal } from '../platform/principal';
import { HOROMETRO_MSG } from './hour-meter-messages';
import type { RegistrationRights } from '@shared/hour-meter-window';

/** The window itself (shift end, deadline, refusal) is a rule of the hour-meter decider. */
export { registrationDeadline, shiftEnd, windowRefusal, type RegistrationRights } from '@shared/hour-meter-window';

/** Who may write hour-meter logs (seed 001 §6): the /horometros edit right and a profile carrying
 * the `horometros` flag; root has every right. With the window of the setting registro_horometro. */
export async function readRegistrationRights(deps: ApiDeps, principal: Principal): Promise<RegistrationRights> {
  const [row] = await deps.sql<{ horometros: number | null; hours: string | null }[]>`
    SELECT (SELECT horometros FROM rm_roles WHERE id = ${principal.roleId}) AS horometros,
           (SELECT value #>> '{}' FROM app_settings WHERE key = 'registro_horometro') AS hours`;
  const hours = Number(row?.hours ?? 24);
  return {
    allowed: principal.isRoot || (can(principal, '/horometros', 'edit') && row?.horometros === 1),
    allowedHours: Number.isFinite(hours) && hours > 0 ? hours : 0,
    exempt: isAdminRole(principal.roleId),
  };
}

/** The rights of a write: 403 with a clear message when the profile lacks the flag (the route
 * has already checked the edit right). */
export async function registrationRights(deps: ApiDeps, principal: Principal): Promise<RegistrationRights> {
  const rights = await readRegistrationRights(deps, principal);
  if (!rights.allowed) throw new ApiError(403, HOROMETRO_MSG.noFlag);
  return rights;
}
