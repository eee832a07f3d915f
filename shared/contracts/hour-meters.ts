import * as v from 'valibot';
import { getEndpoint } from './endpoint';
import type { ListRow } from './platform';
import { day, estado, optText, rowId } from './platform';

// The reply schemas of the hour-meter logs (seed 001 §7 /horometros) and the types the web reads.

const measures = {
  horas_trabajadas: v.number(), fallas: v.number(), disponibilidad: v.nullable(v.number()), utilizacion: v.nullable(v.number()),
};
const failures = {
  falla_operacional: v.number(), falla_neta: v.number(), falla_tajo: v.number(), obs_operacional: v.string(), obs_neta: v.string(), obs_tajo: v.string(),
};

/** A row of GET /horometros. */
export const horometroRow = v.object({
  codigo: optText(), obra: optText(), fecha: day(), turno: v.string(), h_inicio: v.number(), h_fin: v.number(), ...measures,
  id: rowId(), id_equipo: rowId(), id_obra: rowId(), id_tipo_turno: rowId(), fecha_creacion: day(), horas_programadas: v.number(), ...failures, estado: estado(),
});

/** A log as its form reads it; a new one's form (id 0) has only what is known yet. */
export const horometroItem = v.object({
  id: rowId(),
  ...v.partial(
    v.object({
      id_equipo: v.nullable(rowId()), equipo: optText(), id_obra: v.nullable(rowId()), obra: optText(), fecha: v.nullable(day()), fecha_creacion: v.nullable(day()),
      id_tipo_turno: v.nullable(rowId()), turno: optText(), h_inicio: v.nullable(v.number()), h_fin: v.nullable(v.number()), ...failures, estado: estado(),
      version: rowId(), ...measures,
      /** Issue 20: the log restarts the machine's meter (a replaced meter). */
      cambio_horometro: v.boolean(),
    }),
  ).entries,
});

export const tipoTurno = v.object({ id: rowId(), nombre: v.string(), horas: v.number(), inicio: v.number() });

export const horometroFormReply = v.object({
  item: horometroItem,
  en_plazo: v.boolean(),
  plazo_msg: v.optional(optText()),
  puede_registrar: v.boolean(),
  registro_horometro: v.number(),
  exento_plazo: v.boolean(),
  tipos_turno: v.array(tipoTurno),
});
export const horometroSaveReply = v.object({ item: horometroItem, is_new: v.boolean() });

export const infoHorometroReply = v.object({
  h_inicio: v.number(),
  fuente: v.picklist(['registro', 'equipo']),
  ultimo: v.nullable(v.object({ id: rowId(), fecha: day(), id_tipo_turno: rowId(), turno: v.string(), h_fin: v.number() })),
});

export const tipoTurnoOption = { horas: v.number(), inicio: v.number() };

export type HorometroRow = ListRow<typeof horometroRow>;
export type HorometroItem = v.InferOutput<typeof horometroItem>;
export type HorometroFormReply = v.InferOutput<typeof horometroFormReply>;

/** GET /horometros/turno: a site's active machines for one shift, with the proposed start and the
 * log already saved in the slot. */
export const shiftGridMachine = v.object({
  id_equipo: rowId(),
  codigo: v.string(),
  descripcion: v.string(),
  h_inicio: v.number(),
  fuente: v.picklist(['registro', 'equipo']),
  registro: v.nullable(v.object({ id: rowId(), h_inicio: v.number(), h_fin: v.number(), estado: estado() })),
});
export const shiftGridReply = v.object({
  obra: v.string(),
  fecha: day(),
  id_tipo_turno: rowId(),
  items: v.array(shiftGridMachine),
  puede_registrar: v.boolean(),
  registro_horometro: v.number(),
  exento_plazo: v.boolean(),
  en_plazo: v.boolean(),
  plazo_msg: optText(),
});

/** POST /horometros/registrarTurno: each row's outcome, in the order sent. */
export const shiftRowResult = v.object({
  id_equipo: rowId(),
  ok: v.boolean(),
  id: v.optional(rowId()),
  msg: v.string(),
  errors: v.optional(v.record(v.string(), v.string())),
  requiere_confirmacion: v.optional(v.boolean()),
});
export const shiftSaveReply = v.object({ results: v.array(shiftRowResult), guardados: v.number(), fallidos: v.number() });

export type ShiftGridReply = v.InferOutput<typeof shiftGridReply>;
export type ShiftGridMachine = v.InferOutput<typeof shiftGridMachine>;
export type ShiftRowResult = v.InferOutput<typeof shiftRowResult>;
export type ShiftSaveReply = v.InferOutput<typeof shiftSaveReply>;

/** GET /horometros/infoHorometroEquipo: the start proposed for a machine's next log. */
export type InfoHorometroEquipo = {
  msg: string;
  h_inicio: number;
  /** Where h_inicio came from: the machine's last active log, or its registered reading. */
  fuente: 'registro' | 'equipo';
  /** The last log (when fuente is 'registro'). */
  ultimo: { id: number; fecha: string; id_tipo_turno: number; turno: string; h_fin: number } | null;
};

/** The calls the web makes on hour-meter logs (shared/contracts/endpoint.ts). */
export const horometroEndpoints = [getEndpoint('/horometros/infoHorometroEquipo', v.object({ id_equipo: rowId() }), infoHorometroReply)] as const;
