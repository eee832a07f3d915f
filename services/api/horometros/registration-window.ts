import { formatDateTime, instantOf } from '@shared/time';
import { isAdminRole } from '@shared/roles';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import { can, type Principal } from '../platform/principal';
import { HOROMETRO_MSG } from './horometro-messages';
import { TIPOS_TURNO, type TipoTurno } from './tipos-turno';

// Seed 001 §6: "a log may be written until N hours after its shift ends" (setting
// registro_horometro), for profiles carrying the `horometros` flag; admin and root are exempt.

export type RegistrationRights = {
  /** The /horometros edit right and the profile flag `horometros` (root: always). */
  allowed: boolean;
  /** Hours after a shift's end during which its log may be created or changed (0: no limit). */
  allowedHours: number;
  /** Admin (profile 16) and root are not bound by the window. */
  exempt: boolean;
};

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

/** When a log's shift ends: its date at the shift's start hour in the business zone plus the
 * shift length (a night shift ends the next morning). The registration window counts from here. */
export function shiftEnd(fecha: string, turno: TipoTurno): Date {
  return new Date(instantOf(fecha, turno.inicio).getTime() + turno.horas * 3_600_000);
}

/** The last instant a log may be created or changed: the end of its shift plus the allowed
 * hours. 0 hours means no limit (null). */
export function registrationDeadline(fecha: string, turno: TipoTurno, allowedHours: number): Date | null {
  if (!(allowedHours > 0)) return null;
  return new Date(shiftEnd(fecha, turno).getTime() + allowedHours * 3_600_000);
}

/** The refusal when the window has passed for a log's shift (exempt profiles and 0 hours: never).
 * Null when the log may still be written. */
export function windowRefusal(rights: RegistrationRights, fecha: string, idTipoTurno: number, now: Date): string | null {
  const turno = TIPOS_TURNO.find((t) => t.id === idTipoTurno);
  if (rights.exempt || !turno) return null;
  const deadline = registrationDeadline(fecha, turno, rights.allowedHours);
  if (!deadline || now.getTime() <= deadline.getTime()) return null;
  return `Plazo de registro vencido: los horómetros se registran hasta ${rights.allowedHours} h después del fin del turno (venció el ${formatDateTime(deadline)})`;
}
