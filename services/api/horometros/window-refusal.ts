import { formatBusinessTime } from './format-business-time';
import { registrationDeadline } from './registration-deadline';
import type { RegistrationRights } from './registration-rights';
import { TIPOS_TURNO } from './tipos-turno';

/** The refusal when the window of registro_horometro has passed for a log's shift (admin and
 * root are exempt; 0 hours is no limit). Null when the log may still be written. */
export function windowRefusal(rights: RegistrationRights, fecha: string, idTipoTurno: number, now: Date): string | null {
  const turno = TIPOS_TURNO.find((t) => t.id === idTipoTurno);
  if (rights.exempt || !turno) return null;
  const deadline = registrationDeadline(fecha, turno, rights.allowedHours);
  if (!deadline || now.getTime() <= deadline.getTime()) return null;
  return `Plazo de registro vencido: los horómetros se registran hasta ${rights.allowedHours} h después del fin del turno (venció el ${formatBusinessTime(deadline)})`;
}
