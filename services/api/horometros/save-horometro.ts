import { businessToday, formatDate } from '@shared/time';
import { createRecord, updateRecord } from '../../../events/record/commands';
import type { EventMetadata } from '../../../events/types';
import { ApiError, VALIDATION_FAILED } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';
import { userSites } from '../platform/site-scope';
import { assertLogVisible, loadHorometroItem, loadHorometroRow } from './load-horometro';
import { HOROMETRO_MSG } from './horometro-messages';
import { neighbourLogs } from './neighbour-logs';
import { readHorometro, type HorometroRaw, type HorometroValues } from './read-horometro';
import { registrationRights, windowRefusal } from './registration-window';
import { TIPOS_TURNO } from './tipos-turno';

export type SaveHorometroInput = HorometroRaw & { id: number; confirmar_horometro?: 0 | 1; version?: number };

const turnoName = (id: number) => TIPOS_TURNO.find((t) => t.id === id)?.nombre ?? '';

type Equipo = { id: number; codigo: string; id_obra: number; estado: number; horometro: number };

/** The machine of a new log: it exists, is active and is on one of the caller's sites. */
async function equipoForNewLog(deps: ApiDeps, principal: Principal, idEquipo: number): Promise<Equipo> {
  const [equipo] = await deps.sql<Equipo[]>`SELECT id, codigo, id_obra, estado, horometro FROM rm_equipos WHERE id = ${idEquipo}`;
  if (!equipo) throw new ApiError(422, VALIDATION_FAILED, { id_equipo: HOROMETRO_MSG.equipoNotFound });
  if (equipo.estado !== 1) throw new ApiError(422, VALIDATION_FAILED, { id_equipo: HOROMETRO_MSG.equipoInactive });
  const sites = await userSites(deps, principal);
  if (sites !== 'all' && !sites.includes(equipo.id_obra)) throw new ApiError(422, VALIDATION_FAILED, { id_equipo: HOROMETRO_MSG.equipoSite });
  return equipo;
}

/** Docs/modules/hour-meters.md: the meter should continue from the machine's previous log and
 * into its next one (or, with no logs, from the machine's registered reading). A break is a
 * warning the user confirms (`confirmar_horometro = 1`), since meters get replaced. */
async function continuityWarning(deps: ApiDeps, values: HorometroValues, idEquipo: number, selfId: number): Promise<ApiError | null> {
  const { previous, next } = await neighbourLogs(deps.sql, { idEquipo, fecha: values.fecha, idTipoTurno: values.id_tipo_turno, excludeId: selfId });
  const warn = (field: 'h_inicio' | 'h_fin', text: string) =>
    new ApiError(422, `${text}.`, { [field]: text }, { requiere_confirmacion: true });
  if (previous && values.h_inicio < previous.h_fin) {
    return warn('h_inicio', `El horómetro inicial (${values.h_inicio}) es menor que el final del registro anterior (${previous.h_fin}, ${formatDate(previous.fecha)} ${turnoName(previous.id_tipo_turno)})`);
  }
  if (next && values.h_fin > next.h_inicio) {
    return warn('h_fin', `El horómetro final (${values.h_fin}) es mayor que el inicial del registro siguiente (${next.h_inicio}, ${formatDate(next.fecha)} ${turnoName(next.id_tipo_turno)})`);
  }
  if (!previous && !next) {
    const [equipo] = await deps.sql<{ horometro: number }[]>`SELECT horometro FROM rm_equipos WHERE id = ${idEquipo}`;
    if (equipo && values.h_inicio < equipo.horometro) {
      return warn('h_inicio', `El horómetro inicial (${values.h_inicio}) es menor que la lectura registrada del equipo (${equipo.horometro})`);
    }
  }
  return null;
}

function isSlotTaken(error: unknown): boolean {
  const e = error as { code?: string; constraint_name?: string };
  return e?.code === '23505' && e.constraint_name === 'rm_horometros_equipo_fecha_turno';
}

/**
 * Creates (id 0) or changes an hour-meter log (seed 001 §5, §6, §7; docs/modules/hour-meters.md):
 * the profile flag, the log's fields, the machine (required on create, fixed afterwards), the
 * registration window for the new and, on edit, the stored shift, one log per machine, date and
 * shift (409), the meter's continuity (a confirmed warning), then one record event.
 */
export async function saveHorometro(
  deps: ApiDeps,
  options: { input: SaveHorometroInput; principal: Principal; metadata: Partial<EventMetadata> },
): Promise<Record<string, unknown>> {
  const { input, principal } = options;
  const rights = await registrationRights(deps, principal);
  const isNew = input.id === 0;
  const current = isNew ? null : await assertLogVisible(deps, principal, await loadHorometroRow(deps.sql, input.id));
  const now = deps.now();

  const read = readHorometro(input, { today: businessToday(now), requireEquipo: isNew });
  if (!read.ok) throw new ApiError(422, VALIDATION_FAILED, read.errors);
  const values = read.values;
  if (current && values.id_equipo !== null && values.id_equipo !== current.id_equipo) {
    throw new ApiError(422, VALIDATION_FAILED, { id_equipo: HOROMETRO_MSG.equipoFixed });
  }

  if (current) {
    const stored = windowRefusal(rights, current.fecha, current.id_tipo_turno, now);
    if (stored) throw new ApiError(403, stored);
  }
  const late = windowRefusal(rights, values.fecha, values.id_tipo_turno, now);
  if (late) throw new ApiError(422, late, { fecha: late });

  const equipo = current ? null : await equipoForNewLog(deps, principal, values.id_equipo!);
  const idEquipo = current ? current.id_equipo : equipo!.id;
  const selfId = current?.id ?? 0;

  const [taken] = await deps.sql`SELECT 1 FROM rm_horometros
    WHERE id_equipo = ${idEquipo} AND fecha = ${values.fecha}::date AND id_tipo_turno = ${values.id_tipo_turno} AND id <> ${selfId}`;
  if (taken) throw new ApiError(409, HOROMETRO_MSG.duplicate, { id_tipo_turno: HOROMETRO_MSG.duplicate });

  if (input.confirmar_horometro !== 1) {
    const warning = await continuityWarning(deps, values, idEquipo, selfId);
    if (warning) throw warning;
  }

  const { id_equipo: _fixed, ...changes } = values;
  let savedId = selfId;
  try {
    if (current) {
      await updateRecord(deps.store, 'horometro', current.id, changes, { metadata: options.metadata, expectedVersion: input.version });
    } else {
      const created = await createRecord(deps.store, 'horometro', { ...changes, id_equipo: idEquipo, id_obra: equipo!.id_obra, estado: 1 }, { metadata: options.metadata });
      savedId = created.id;
    }
  } catch (error) {
    if (isSlotTaken(error)) throw new ApiError(409, HOROMETRO_MSG.duplicate, { id_tipo_turno: HOROMETRO_MSG.duplicate });
    throw error;
  }
  return { item: await loadHorometroItem(deps.sql, savedId), is_new: isNew, msg: HOROMETRO_MSG.saved };
}
