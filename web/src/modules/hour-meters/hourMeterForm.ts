import { timeModel, type TimeModel } from '@shared/hour-meter-time-model';
import { TIPOS_TURNO } from '@shared/hour-meter-window';

/** The dialog's values: numbers as typed (the server reads and checks them, seed 001 §5). */
export type HorometroFormValues = {
  id_equipo: number | null;
  fecha: string;
  id_tipo_turno: number | null;
  h_inicio: string;
  h_fin: string;
  falla_operacional: string;
  falla_neta: string;
  falla_tajo: string;
  obs_operacional: string;
  obs_neta: string;
  obs_tajo: string;
  /** Issue 20: the machine's meter was replaced in this shift (a reading below the machine's
   * current meter is then accepted). Present only once set, or when the stored log has it. */
  cambio_horometro?: boolean;
};

const text = (x: unknown) => (x === null || x === undefined ? '' : String(x));
/** A stored failure of 0 shows as an empty box (placeholder 0), not as '0'. */
const hours = (x: unknown) => (x === null || x === undefined || Number(x) === 0 ? '' : String(x));

/** The values of POST /horometros/form's item. */
export function horometroFormValues(item: Record<string, unknown>): HorometroFormValues {
  return {
    id_equipo: item.id_equipo === null || item.id_equipo === undefined ? null : Number(item.id_equipo),
    fecha: text(item.fecha ?? item.fecha_creacion),
    id_tipo_turno: item.id_tipo_turno === null || item.id_tipo_turno === undefined ? null : Number(item.id_tipo_turno),
    h_inicio: text(item.h_inicio),
    h_fin: text(item.h_fin),
    falla_operacional: hours(item.falla_operacional),
    falla_neta: hours(item.falla_neta),
    falla_tajo: hours(item.falla_tajo),
    obs_operacional: text(item.obs_operacional),
    obs_neta: text(item.obs_neta),
    obs_tajo: text(item.obs_tajo),
    ...(item.cambio_horometro === true ? { cambio_horometro: true } : {}),
  };
}

function meter(value: string): number | null {
  const t = value.trim();
  return /^-?\d{1,7}$/.test(t) ? Math.abs(Number(t)) : null;
}

function failure(value: string): number | null {
  const t = value.trim().replace(',', '.');
  if (t === '') return 0;
  return t.length <= 4 && /^\d+(\.\d)?$/.test(t) ? Number(t) : null;
}

/** The live preview of the time model while typing, with the server's own function (so the
 * preview and the list agree); null until the shift and both readings read as valid. */
export function horometroPreview(values: HorometroFormValues): TimeModel | null {
  const turno = TIPOS_TURNO.find((t) => t.id === values.id_tipo_turno);
  const h_inicio = meter(values.h_inicio);
  const h_fin = meter(values.h_fin);
  const fallas = [failure(values.falla_operacional), failure(values.falla_neta), failure(values.falla_tajo)];
  if (!turno || h_inicio === null || h_fin === null || fallas.some((f) => f === null)) return null;
  const [falla_operacional, falla_neta, falla_tajo] = fallas as number[];
  return timeModel({ horasTurno: turno.horas, h_inicio, h_fin, falla_operacional, falla_neta, falla_tajo });
}

/** The body of POST /horometros/create: an edit carries the version the form was loaded at (409
 * when someone changed the log meanwhile); `confirmar` accepts a meter that does not continue. */
export function horometroPayload(id: number, values: HorometroFormValues, options: { confirmar?: boolean; version?: number | null } = {}): Record<string, unknown> {
  return { id, ...values, ...(options.confirmar ? { confirmar_horometro: 1 } : {}), ...(id > 0 && options.version ? { version: options.version } : {}) };
}
