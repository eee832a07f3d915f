import * as v from 'valibot';
import { flag, id, int, isoDate, positiveId } from '../platform/fields';
import { MAX_OBS } from './read-hour-meter';
import { MAX_SHIFT_ROWS } from './save-shift-readings';
import { TIPOS_TURNO } from './tipos-turno';

/** A form value as it arrives (number or text, JSON or multipart). Its rules live in
 * readHorometro, so every field's problem is reported at once in Spanish. */
const loose = v.optional(v.nullable(v.union([v.number('Valor no válido'), v.pipe(v.string(), v.maxLength(40, 'Valor no válido'))], 'Valor no válido')));
/** Observations: readHorometro applies the 300-character limit; anything far larger stops here. */
const observation = v.optional(v.nullable(v.pipe(v.string('Debe ser texto'), v.maxLength(5000, `Máximo ${MAX_OBS} caracteres`))));

/** A log's readings and observations, and the confirmation to save a meter that does not continue
 * from the neighbouring logs (1): the single dialog's and each shift-grid row's fields. */
const readings = {
  h_inicio: loose,
  h_fin: loose,
  falla_operacional: loose,
  falla_neta: loose,
  falla_tajo: loose,
  obs_operacional: observation,
  obs_neta: observation,
  obs_tajo: observation,
  confirmar_horometro: v.optional(flag(), 0),
};

export const saveInputSchema = v.object({
  id: v.optional(id(), 0),
  id_equipo: loose,
  fecha: loose,
  fecha_creacion: loose,
  id_tipo_turno: loose,
  ...readings,
  /** 1: the machine's meter was replaced: a reading below its current meter is accepted and the
   * log is kept flagged in the history (issue 20). */
  cambio_horometro: v.optional(flag(), 0),
  /** The version the form was loaded at (409 when the log changed meanwhile). */
  version: v.optional(v.pipe(int(), v.minValue(1, 'Versión no válida'))),
});

export const formInputSchema = v.object({ id: id() });
export const idInputSchema = v.object({ id: positiveId() });
export const infoInputSchema = v.object({ id_equipo: positiveId() });

const turno = () => v.pipe(int('Turno no válido'), v.picklist(TIPOS_TURNO.map((t) => t.id), 'Turno no válido'));

/** GET /horometros/turno: the site, and the shift (default: today's day shift). */
export const shiftGridInputSchema = v.object({
  id_obra: positiveId(),
  fecha: v.optional(isoDate()),
  id_tipo_turno: v.optional(turno()),
});

/** One machine's readings in the shift grid: the single dialog's fields without date and shift. */
const shiftRow = v.object({ id_equipo: positiveId(), ...readings });

/** POST /horometros/registrarTurno: one shift (date and shift type) and its machines' readings. */
export const shiftSaveInputSchema = v.object({
  fecha: isoDate(),
  id_tipo_turno: turno(),
  rows: v.pipe(
    v.array(shiftRow, 'Debe ser una lista'),
    v.minLength(1, 'Ingrese al menos una lectura'),
    v.maxLength(MAX_SHIFT_ROWS, `Máximo ${MAX_SHIFT_ROWS} equipos por turno`),
  ),
});
