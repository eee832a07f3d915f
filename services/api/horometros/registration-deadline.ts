import { shiftEnd } from './shift-end';
import type { TipoTurno } from './tipos-turno';

/** The last instant a log may be created or changed (setting registro_horometro, seed 001 §6):
 * the end of its shift plus the allowed hours. 0 hours means no limit (null). */
export function registrationDeadline(fecha: string, turno: TipoTurno, allowedHours: number): Date | null {
  if (!(allowedHours > 0)) return null;
  return new Date(shiftEnd(fecha, turno).getTime() + allowedHours * 3_600_000);
}
