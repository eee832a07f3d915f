import { shiftEnd } from '../../api/hour-meters/registration-window';
import { TIPOS_TURNO, type TipoTurno } from '../../api/hour-meters/tipos-turno';
import { addDays, isWorkingDay } from './day-utils';
import { planShift, type PlannedShift } from './plan-shift';
import { prng, type Prng } from '../prng';
import type { PlannedRecord } from './write-record-batches';

/** A machine as the demo logs need it; `desde` is the day it reached its site (no logs before). */
export type DemoMachine = { id: number; id_obra: number; horometro: number; desde?: string | null; codigo?: string };

/** How often a machine of little use (the demo's losing machine, services/demo/story) works a
 * working day; on the other days its log records the shift on standby, now and then in the shop. */
const LOW_USE_WORKS = 0.4;
const EN_TALLER = ['En taller: cambio de bomba hidráulica', 'En taller: reparación del sistema de vibración', 'En taller: falla eléctrica en tablero', 'En taller: cambio de rodamientos del tambor'];

/** One shift of a machine of little use: a short working shift, else standby (no worked hours),
 * one standby day in four spent under repair. */
function lowUseShift(rng: Prng, shiftHours: number): PlannedShift {
  if (rng.next() < LOW_USE_WORKS) return planShift(rng, 6, shiftHours);
  const shift: PlannedShift = { worked: 0, falla_operacional: 0, falla_neta: 0, falla_tajo: 0, obs_operacional: '', obs_neta: '', obs_tajo: '' };
  if (rng.next() < 0.25) {
    shift.falla_neta = rng.tenths(3, 10);
    shift.obs_neta = rng.pick(EN_TALLER);
  }
  return shift;
}

const [DIA, NOCHE] = TIPOS_TURNO;

/** Shift ends by date and shift: thousands of logs share a few hundred of them. */
const ends = new Map<string, number>();
function shiftEndMs(fecha: string, turno: TipoTurno): number {
  const key = `${fecha}|${turno.id}`;
  let end = ends.get(key);
  if (end === undefined) {
    end = shiftEnd(fecha, turno).getTime();
    ends.set(key, end);
  }
  return end;
}

/** The record of one planned shift starting at meter reading `start`. */
export function shiftRecord(
  machine: DemoMachine,
  fecha: string,
  turno: TipoTurno,
  start: number,
  shift: PlannedShift,
  userId: number | null,
  minutesAfterEnd: number,
): PlannedRecord {
  const { worked, ...hours } = shift;
  return {
    fields: { id_equipo: machine.id, id_obra: machine.id_obra, fecha, id_tipo_turno: turno.id, h_inicio: start, h_fin: start + worked, ...hours, estado: 1 },
    occurredAt: new Date(shiftEndMs(fecha, turno) + minutesAfterEnd * 60_000),
    userId,
  };
}

/**
 * The demo year of hour-meter logs, machine after machine: a day shift on every working day from
 * `from` (or the machine's arrival) to `to`, and for about one machine in five a night shift on
 * most working days up to `lastNight`. Each machine has its own seeded generator (seed and id), so
 * its logs do not depend on the rest of the fleet. The machine's registered reading (horometro) is
 * taken as today's: the meter runs on from log to log and the latest log ends at that reading
 * (a machine younger than its hours starts at 0). Logs are recorded by one of `users` up to three
 * hours after their shift. Machines whose code is in `lowUse` work few of their shifts
 * (lowUseShift) and have no night shifts.
 */
export function* demoHorometroLogs(
  machines: DemoMachine[],
  options: { from: string; to: string; lastNight: string; seed: number; users: number[]; lowUse?: readonly string[] },
): Generator<PlannedRecord> {
  for (const machine of machines) {
    const rng = prng(options.seed * 1_000_003 + machine.id);
    const mean = 7 + rng.next() * 3;
    const double = rng.next() < 0.2;
    const lowUse = machine.codigo !== undefined && (options.lowUse ?? []).includes(machine.codigo);
    const first = machine.desde && machine.desde > options.from ? machine.desde : options.from;
    const plan: { fecha: string; turno: TipoTurno; shift: PlannedShift; user: number | null; after: number }[] = [];
    const user = () => (options.users.length ? options.users[rng.int(0, options.users.length - 1)] : null);
    for (let fecha = first; fecha <= options.to; fecha = addDays(fecha, 1)) {
      if (!isWorkingDay(fecha)) continue;
      if (lowUse) {
        plan.push({ fecha, turno: DIA, shift: lowUseShift(rng, DIA.horas), user: user(), after: rng.int(20, 180) });
        continue;
      }
      plan.push({ fecha, turno: DIA, shift: planShift(rng, mean, DIA.horas), user: user(), after: rng.int(20, 180) });
      if (double && fecha <= options.lastNight && rng.next() < 0.7) {
        plan.push({ fecha, turno: NOCHE, shift: planShift(rng, mean - 1, NOCHE.horas), user: user(), after: rng.int(20, 180) });
      }
    }
    const total = plan.reduce((sum, p) => sum + p.shift.worked, 0);
    let meter = Math.max(0, machine.horometro - total);
    for (const p of plan) {
      const record = shiftRecord(machine, p.fecha, p.turno, meter, p.shift, p.user, p.after);
      meter = record.fields.h_fin as number;
      yield record;
    }
  }
}
