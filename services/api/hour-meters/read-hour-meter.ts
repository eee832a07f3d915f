import type { HorometroEntry } from '../../../events/hour-meter/decider';
import { DATE_OUT_OF_RANGE, REQUIRED, yearInRange } from '../platform/fields';
import { TIPOS_TURNO } from './tipos-turno';

type Raw = string | number | null | undefined;

/** A log as the form sends it: numbers or text (JSON or multipart). `fecha_creacion` is accepted
 * as another name of `fecha` (the spec's list calls the log's date so). */
export type HorometroRaw = {
  id_equipo?: Raw;
  fecha?: Raw;
  fecha_creacion?: Raw;
  id_tipo_turno?: Raw;
  h_inicio?: Raw;
  h_fin?: Raw;
  falla_operacional?: Raw;
  falla_neta?: Raw;
  falla_tajo?: Raw;
  obs_operacional?: Raw;
  obs_neta?: Raw;
  obs_tajo?: Raw;
};

/** The log's values: the decider's entry and the machine the form sent. */
export type HorometroValues = HorometroEntry & { id_equipo: number | null };

export const FALLAS = ['falla_operacional', 'falla_neta', 'falla_tajo'] as const;
export const OBSERVACIONES = ['obs_operacional', 'obs_neta', 'obs_tajo'] as const;

/** Seed 001 §5, §9: hour-meter values are whole numbers of at most 7 digits. */
export const MAX_METER = 9_999_999;
/** Seed 001 §5, §9: hour-meter observations hold at most 300 characters. */
export const MAX_OBS = 300;

export const MSG = {
  integer: 'Debe ser un número entero',
  digits: 'Máximo 7 dígitos',
  endBelowStart: 'El horómetro final no puede ser menor que el inicial',
  falla: 'Máximo 4 caracteres con 1 decimal (ej. 12.5)',
  turno: 'Turno no válido',
  equipo: 'Equipo no válido',
  obs: `Máximo ${MAX_OBS} caracteres`,
  fecha: 'Fecha inválida (aaaa-mm-dd)',
  futureDate: 'La fecha no puede ser posterior a hoy',
} as const;

const blank = (x: Raw) => x === undefined || x === null || (typeof x === 'string' && x.trim() === '');

/** Seed 001 §5: "start and end are whole integers of at most 7 digits, stored as absolute values". */
function meter(x: Raw): number | string {
  if (blank(x)) return REQUIRED;
  const text = String(x).trim();
  if (!/^-?\d+$/.test(text)) return MSG.integer;
  const value = Math.abs(Number(text));
  return value > MAX_METER ? MSG.digits : value;
}

/** Seed 001 §5, §9: failure hours "at most 4 characters with 1 decimal" ('12.5', '3', not '123.4'
 * nor '1.25'); a decimal comma is read as a point; empty is 0. */
function falla(x: Raw): number | string {
  if (blank(x)) return 0;
  const text = String(x).trim().replace(',', '.');
  if (text.length > 4 || !/^\d+(\.\d)?$/.test(text)) return MSG.falla;
  return Number(text);
}

function positiveInt(x: Raw): number | null {
  const text = String(x).trim();
  return /^\d+$/.test(text) && Number(text) > 0 && Number(text) <= Number.MAX_SAFE_INTEGER ? Number(text) : null;
}

function isoDate(x: Raw): string | null {
  const text = String(x).trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text ? text : null;
}

/** Hours with one decimal as text for messages ('12', '12.5'). */
const hours = (n: number) => String(Math.round(n * 10) / 10);

/**
 * Reads and checks one log without the database (seed 001 §5, §9 and docs/modules/hour-meters.md):
 * equipment and shift required, date not after today (business zone), meter values as above with
 * h_fin ≥ h_inicio, worked hours within the shift, failures in the spec's format whose sum fits
 * the shift, worked plus repair hours within the shift (a machine under repair does not run),
 * observations up to 300 characters. Every problem is reported at once, by field.
 */
export function readHorometro(
  raw: HorometroRaw,
  options: { today: string; requireEquipo: boolean },
): { ok: true; values: HorometroValues } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};

  let id_equipo: number | null = null;
  if (blank(raw.id_equipo)) {
    if (options.requireEquipo) errors.id_equipo = REQUIRED;
  } else {
    id_equipo = positiveInt(raw.id_equipo);
    if (id_equipo === null) errors.id_equipo = MSG.equipo;
  }

  const fechaRaw = blank(raw.fecha) ? raw.fecha_creacion : raw.fecha;
  let fecha = '';
  if (blank(fechaRaw)) errors.fecha = REQUIRED;
  else {
    fecha = isoDate(fechaRaw) ?? '';
    if (!fecha) errors.fecha = MSG.fecha;
    else if (!yearInRange(fecha)) errors.fecha = DATE_OUT_OF_RANGE;
    else if (fecha > options.today) errors.fecha = MSG.futureDate;
  }

  let horas: number | null = null;
  let id_tipo_turno = 0;
  if (blank(raw.id_tipo_turno)) errors.id_tipo_turno = REQUIRED;
  else {
    const turno = TIPOS_TURNO.find((t) => String(t.id) === String(raw.id_tipo_turno).trim());
    if (!turno) errors.id_tipo_turno = MSG.turno;
    else {
      id_tipo_turno = turno.id;
      horas = turno.horas;
    }
  }

  const start = meter(raw.h_inicio);
  const end = meter(raw.h_fin);
  if (typeof start === 'string') errors.h_inicio = start;
  if (typeof end === 'string') errors.h_fin = end;
  const worked = typeof start === 'number' && typeof end === 'number' ? end - start : null;
  if (worked !== null && worked < 0) errors.h_fin = MSG.endBelowStart;
  else if (worked !== null && horas !== null && worked > horas) {
    errors.h_fin = `Las horas trabajadas (${worked} h) superan la duración del turno (${horas} h)`;
  }

  const fallas: Record<(typeof FALLAS)[number], number> = { falla_operacional: 0, falla_neta: 0, falla_tajo: 0 };
  for (const f of FALLAS) {
    const value = falla(raw[f]);
    if (typeof value === 'string') errors[f] = value;
    else fallas[f] = value;
  }
  if (horas !== null && FALLAS.every((f) => !errors[f])) {
    const total = FALLAS.reduce((sum, f) => sum + Math.round(fallas[f] * 10), 0) / 10;
    if (total > horas) {
      for (const f of FALLAS) if (fallas[f] > 0) errors[f] = `La suma de fallas (${hours(total)} h) supera la duración del turno (${horas} h)`;
    } else if (worked !== null && worked >= 0 && !errors.h_fin && worked + fallas.falla_neta > horas) {
      errors.falla_neta = `Las horas trabajadas más la falla neta (${hours(worked + fallas.falla_neta)} h) superan la duración del turno (${horas} h)`;
    }
  }

  const obs: Record<(typeof OBSERVACIONES)[number], string> = { obs_operacional: '', obs_neta: '', obs_tajo: '' };
  for (const o of OBSERVACIONES) {
    const text = blank(raw[o]) ? '' : String(raw[o]).trim();
    if (text.length > MAX_OBS) errors[o] = MSG.obs;
    else obs[o] = text;
  }

  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    values: { id_equipo, fecha, id_tipo_turno, h_inicio: start as number, h_fin: end as number, ...fallas, ...obs },
  };
}
