import { CommandRejected, ConcurrencyError } from '../../../events/errors';
import type { EventMetadata } from '../../../events/types';
import { ApiError, VALIDATION_FAILED } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';
import { registrationRights } from './registration-window';
import { saveHorometro, type SaveHorometroInput } from './save-hour-meter';

/** One machine's readings of the shift, as the grid sends them. */
export type ShiftRowInput = Omit<SaveHorometroInput, 'id' | 'fecha' | 'fecha_creacion' | 'id_tipo_turno' | 'version'> & { id_equipo: number };

/** One row's outcome: saved with the stored log, or refused with the single dialog's message and
 * field errors (and `requiere_confirmacion` for a meter that does not continue). */
export type ShiftRowResult =
  | { id_equipo: number; ok: true; id: number; msg: string }
  | { id_equipo: number; ok: false; msg: string; errors: Record<string, string>; requiere_confirmacion?: boolean };

/** Most machines a site keeps; a batch above this is refused whole. */
export const MAX_SHIFT_ROWS = 300;

/**
 * POST /horometros/registrarTurno (docs/modules/hour-meters.md "Shift readings in bulk"): one
 * shift's readings for many machines, **one command per machine** through the single dialog's
 * save (saveHorometro: the same field rules, registration window, slot and continuity checks), in
 * the order sent. A row that is refused leaves the others as they are (each command is its own
 * transaction): the reply carries every row's outcome and the counts. Only the profile's right to
 * register at all is checked for the whole batch (403), since it is the same for every row.
 */
export async function saveShiftReadings(
  deps: ApiDeps,
  options: { fecha: string; idTipoTurno: number; rows: ShiftRowInput[]; principal: Principal; metadata: Partial<EventMetadata> },
): Promise<{ results: ShiftRowResult[]; guardados: number; fallidos: number; msg: string }> {
  await registrationRights(deps, options.principal);
  const seen = new Set<number>();
  const results: ShiftRowResult[] = [];
  for (const row of options.rows) {
    if (seen.has(row.id_equipo)) {
      results.push({ id_equipo: row.id_equipo, ok: false, msg: VALIDATION_FAILED, errors: { id_equipo: 'El equipo se repite en el turno' } });
      continue;
    }
    seen.add(row.id_equipo);
    const input: SaveHorometroInput = { ...row, id: 0, fecha: options.fecha, id_tipo_turno: options.idTipoTurno };
    try {
      const saved = await saveHorometro(deps, { input, principal: options.principal, metadata: options.metadata });
      const item = saved.item as { id: number };
      results.push({ id_equipo: row.id_equipo, ok: true, id: Number(item.id), msg: String(saved.msg) });
    } catch (error) {
      results.push({ id_equipo: row.id_equipo, ok: false, ...rowRefusal(error) });
    }
  }
  const guardados = results.filter((r) => r.ok).length;
  const fallidos = results.length - guardados;
  const msg = fallidos === 0 ? `Se guardaron ${guardados} registros` : `Se guardaron ${guardados} de ${results.length} registros; revise los ${fallidos} marcados`;
  return { results, guardados, fallidos, msg };
}

/** A row's refusal as the single save would answer it; anything else is not the row's fault and
 * stops the batch (the rows before it stay saved, the reply is a 500). */
function rowRefusal(error: unknown): { msg: string; errors: Record<string, string>; requiere_confirmacion?: boolean } {
  if (error instanceof ApiError || error instanceof CommandRejected) {
    const extra = (error.extra ?? {}) as { requiere_confirmacion?: boolean };
    return { msg: error.message, errors: error.errors ?? {}, ...(extra.requiere_confirmacion ? { requiere_confirmacion: true } : {}) };
  }
  if (error instanceof ConcurrencyError) return { msg: error.message, errors: {} };
  throw error;
}
