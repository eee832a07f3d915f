import { wallClockAt } from '../platform/export/wallClockAt';
import type { TipoTurno } from './tipos-turno';

/** The instant a wall-clock time of the business zone (America/Lima) names. */
function businessInstant(date: string, hour: number): Date {
  const [y, m, d] = date.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d, hour);
  const wall = wallClockAt(new Date(guess));
  const offset = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - guess;
  return new Date(guess - offset);
}

/** When a log's shift ends: its date at the shift's start hour plus the shift length (a night
 * shift ends the next morning). The registration window counts from here. */
export function shiftEnd(fecha: string, turno: TipoTurno): Date {
  return new Date(businessInstant(fecha, turno.inicio).getTime() + turno.horas * 3_600_000);
}
