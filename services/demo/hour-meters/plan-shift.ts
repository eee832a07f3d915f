import type { HorometroEntry } from '../../../events/hour-meter/decider';
import type { Prng } from '../prng';

/** The hours of one demo shift: worked hours, failures and their observations. */
export type PlannedShift = { worked: number } & Pick<
  HorometroEntry,
  'falla_operacional' | 'falla_neta' | 'falla_tajo' | 'obs_operacional' | 'obs_neta' | 'obs_tajo'
>;

const REPARACIONES = [
  'Cambio de manguera hidráulica', 'Falla del alternador, batería no carga', 'Reparación de tren de rodaje', 'Cambio de filtro de combustible obstruido',
  'Fuga de aceite en cilindro de levante', 'Sobrecalentamiento del motor', 'Cambio de cuchilla y cantoneras', 'Falla eléctrica en tablero',
];
const OPERACIONALES = ['Espera de operador', 'Abastecimiento de combustible', 'Charla de seguridad prolongada', 'Traslado entre frentes de trabajo', 'Espera de instrucciones'];
const TAJO = ['Voladura en el tajo', 'Espera de volquetes', 'Lluvia intensa, frente cerrado', 'Frente de trabajo no liberado', 'Neblina, baja visibilidad'];

/** One 12-hour shift of a machine whose usual worked hours are `mean` (7–10): 6 to 11 hours on the
 * meter, now and then an operational delay, a pit delay or a breakdown (repair hours that cut the
 * worked hours). Keeps every rule of the form: worked + repair ≤ 12, failures together ≤ 12. */
export function planShift(rng: Prng, mean: number, shiftHours = 12): PlannedShift {
  let worked = Math.min(11, Math.max(6, Math.round(mean + (rng.next() - 0.5) * 4)));
  const shift: PlannedShift = { worked, falla_operacional: 0, falla_neta: 0, falla_tajo: 0, obs_operacional: '', obs_neta: '', obs_tajo: '' };
  if (rng.next() < 0.05) {
    shift.falla_neta = rng.tenths(1, 8);
    shift.obs_neta = rng.pick(REPARACIONES);
    worked = Math.min(worked, Math.floor(shiftHours - shift.falla_neta));
  }
  if (rng.next() < 0.12) {
    shift.falla_operacional = rng.tenths(0.5, 2);
    shift.obs_operacional = rng.pick(OPERACIONALES);
  }
  if (rng.next() < 0.06) {
    const room = shiftHours - shift.falla_neta - shift.falla_operacional;
    if (room >= 0.5) {
      shift.falla_tajo = Math.min(rng.tenths(0.5, 3), Math.floor(room * 10) / 10);
      shift.obs_tajo = rng.pick(TAJO);
    }
  }
  shift.worked = worked;
  return shift;
}
