import { formatDateTime, instantOf } from './time';

/** A shift type: its length (the scheduled hours of the time model) and the hour it starts in the
 * business time zone (America/Lima). Seed 001 names the field (id_tipo_turno) but not the list;
 * Faena uses the two 12-hour shifts of Peruvian sites (docs/modules/hour-meters.md). */
export type TipoTurno = { id: number; nombre: string; horas: number; inicio: number };

/** The fixed list of shift types. Ids follow the start time within a day (Día before Noche), so
 * (fecha, start hour) orders a machine's logs in time. A night shift belongs to the date it starts
 * on and ends the next morning. */
export const TIPOS_TURNO: readonly TipoTurno[] = Object.freeze([
  { id: 1, nombre: 'Día', horas: 12, inicio: 7 },
  { id: 2, nombre: 'Noche', horas: 12, inicio: 19 },
]);

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
export function windowRefusal(rights: Pick<RegistrationRights, 'allowedHours' | 'exempt'>, fecha: string, idTipoTurno: number, now: Date): string | null {
  const turno = TIPOS_TURNO.find((t) => t.id === idTipoTurno);
  if (rights.exempt || !turno) return null;
  const deadline = registrationDeadline(fecha, turno, rights.allowedHours);
  if (!deadline || now.getTime() <= deadline.getTime()) return null;
  return `Plazo de registro vencido: los horómetros se registran hasta ${rights.allowedHours} h después del fin del turno (venció el ${formatDateTime(deadline)})`;
}
