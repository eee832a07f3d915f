import * as v from 'valibot';
import { flag, id, int, positiveId } from '../platform/fields';
import { MAX_OBS } from './read-horometro';

/** A form value as it arrives (number or text, JSON or multipart). Its rules live in
 * readHorometro, so every field's problem is reported at once in Spanish. */
const loose = v.optional(v.nullable(v.union([v.number('Valor no válido'), v.pipe(v.string(), v.maxLength(40, 'Valor no válido'))], 'Valor no válido')));
/** Observations: readHorometro applies the 300-character limit; anything far larger stops here. */
const observation = v.optional(v.nullable(v.pipe(v.string('Debe ser texto'), v.maxLength(5000, `Máximo ${MAX_OBS} caracteres`))));

export const saveInputSchema = v.object({
  id: v.optional(id(), 0),
  id_equipo: loose,
  fecha: loose,
  fecha_creacion: loose,
  id_tipo_turno: loose,
  h_inicio: loose,
  h_fin: loose,
  falla_operacional: loose,
  falla_neta: loose,
  falla_tajo: loose,
  obs_operacional: observation,
  obs_neta: observation,
  obs_tajo: observation,
  /** 1: save although the meter does not continue from the neighbouring logs. */
  confirmar_horometro: v.optional(flag(), 0),
  /** 1: the machine's meter was replaced: a reading below its current meter is accepted and the
   * log is kept flagged in the history (issue 20). */
  cambio_horometro: v.optional(flag(), 0),
  /** The version the form was loaded at (409 when the log changed meanwhile). */
  version: v.optional(v.pipe(int(), v.minValue(1, 'Versión no válida'))),
});

export const formInputSchema = v.object({ id: id() });
export const idInputSchema = v.object({ id: positiveId() });
export const infoInputSchema = v.object({ id_equipo: positiveId() });
