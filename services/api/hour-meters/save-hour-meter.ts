import { businessToday } from '@shared/time';
import {
  horometroAggregate,
  horometroSlotAggregate,
  refuseMeterBreak,
  refuseMeterRegression,
  refuseUnreadableLog,
  slotKey,
  type ContinuityFacts,
  type MeterBefore,
  slotOf,
  slotRaceLost,
  SLOT_STREAM_TYPE,
  type Slot,
} from '../../../events/hour-meter/decider';
import { ConcurrencyError } from '../../../events/errors';
import { execute, type CommandContext } from '../../../events/execute';
import type { EventMetadata } from '../../../events/types';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';
import { userSites } from '../platform/site-scope';
import { assertLogVisible, loadHorometroItem, loadHorometroRow, type HorometroRow } from './load-hour-meter';
import { HOROMETRO_MSG } from './hour-meter-messages';
import { neighbourLogs } from './neighbour-logs';
import { meterBefore } from '../../../projections/equipment-meter';
import { readHorometro, type HorometroRaw, type HorometroValues } from './read-hour-meter';
import { registrationRights } from './registration-window';

export type SaveHorometroInput = HorometroRaw & { id: number; confirmar_horometro?: 0 | 1; cambio_horometro?: 0 | 1; version?: number };

type Equipo = { id: number; codigo: string; id_obra: number; estado: number; horometro: number };

/** The machine of a new log as the decider needs it (null: no such machine). */
async function equipoOf(deps: ApiDeps, idEquipo: number): Promise<Equipo | null> {
  const [equipo] = await deps.sql<Equipo[]>`SELECT id, codigo, id_obra, estado, horometro FROM rm_equipos WHERE id = ${idEquipo}`;
  return equipo ?? null;
}

const slotFromRow = (row: HorometroRow): Slot => ({ id_equipo: row.id_equipo, fecha: row.fecha, id_tipo_turno: row.id_tipo_turno });

/** The slot streams of a save: the one the log is saved in (claimed: refused when another log
 * holds it) and, when it moves, the one it leaves (released). They are read before a new log's
 * id is allocated (the id counter's row lock would otherwise queue two creates behind each other
 * and hide the race the slot's expected version decides); the returned function decides on them. */
async function slotStreams(c: CommandContext, from: Slot | null, to: Slot): Promise<(idHorometro: number) => void> {
  const leaving = from && slotKey(from) !== slotKey(to) ? await c.load(horometroSlotAggregate, slotKey(from)) : null;
  const target = await c.load(horometroSlotAggregate, slotKey(to));
  return (idHorometro) => {
    leaving?.decide({ type: 'ReleaseSlot', slot: from!, id_horometro: idHorometro });
    target.decide({ type: 'ClaimSlot', slot: to, id_horometro: idHorometro });
  };
}

/** The facts of the continuity warning (refuseMeterBreak), the log itself left out. */
async function continuityFacts(deps: ApiDeps, values: HorometroValues, idEquipo: number, selfId: number): Promise<ContinuityFacts> {
  const { previous, next } = await neighbourLogs(deps.sql, { idEquipo, fecha: values.fecha, idTipoTurno: values.id_tipo_turno, excludeId: selfId });
  if (previous || next) return { previous, next, registered: null };
  const [equipo] = await deps.sql<{ horometro: number }[]>`SELECT horometro FROM rm_equipos WHERE id = ${idEquipo}`;
  return { previous, next, registered: equipo ? equipo.horometro : null };
}

/** The facts of the meter rule (refuseMeterRegression), the log itself left out: whether an
 * active log follows its shift and, when none does, the machine's meter before it. */
async function meterFacts(c: CommandContext, deps: ApiDeps, values: HorometroValues, idEquipo: number, selfId: number): Promise<{ hasNext: boolean; meter: MeterBefore }> {
  const { next } = await neighbourLogs(deps.sql, { idEquipo, fecha: values.fecha, idTipoTurno: values.id_tipo_turno, excludeId: selfId });
  if (next) return { hasNext: true, meter: null };
  return { hasNext: false, meter: await meterBefore(c.tx, { idEquipo, excludeLog: selfId, fecha: values.fecha, idTipoTurno: values.id_tipo_turno }) };
}

/**
 * Creates (id 0) or changes an hour-meter log (seed 001 §5, §6, §7; docs/modules/hour-meters.md)
 * as one command: the profile flag and the log's fields here, then, in one transaction, the
 * hour-meter decider (machine fixed, registration window for the stored and the new shift,
 * machine found, active and on one of the caller's sites), the slot streams (one log per machine, date and
 * shift: 409; a save that loses a race for the slot: 422), the meter's continuity (a confirmed
 * warning), and the log's record event with its slot claim.
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
  if (!read.ok) refuseUnreadableLog(read.errors);
  const { id_equipo: idEquipoSent, ...values } = read.values;
  // The flag is written when set, or when it clears a stored one (older logs never carried it).
  const cambio = input.cambio_horometro === 1;
  const entry = cambio || current?.cambio_horometro ? { ...values, cambio_horometro: cambio } : values;
  const window = { rights, now };

  try {
    const { value: savedId } = await execute(
      deps.store,
      async (c) => {
        const to = (idEquipo: number): Slot => ({ id_equipo: idEquipo, fecha: entry.fecha, id_tipo_turno: entry.id_tipo_turno });
        let log;
        let claim;
        if (current) {
          log = await c.load(horometroAggregate, current.id, { expectedVersion: input.version });
          log.decide({ type: 'ChangeHorometro', id: current.id, entry, id_equipo: idEquipoSent, window });
          claim = await slotStreams(c, slotFromRow(current), to(current.id_equipo));
        } else {
          const equipo = await equipoOf(deps, idEquipoSent!);
          claim = await slotStreams(c, null, to(idEquipoSent!));
          const id = await c.nextId('horometro');
          log = c.start(horometroAggregate, id);
          log.decide({ type: 'RegisterHorometro', id, entry, equipo, sites: await userSites(deps, principal), window });
        }
        claim(Number(log.id));
        // A replaced meter reads no facts: no earlier reading binds it.
        const meter = cambio ? { hasNext: false, meter: null } : await meterFacts(c, deps, read.values, slotOf(log.state)!.id_equipo, current?.id ?? 0);
        refuseMeterRegression({ hFin: read.values.h_fin, cambio, ...meter });
        if (input.confirmar_horometro !== 1 && !cambio) {
          refuseMeterBreak(read.values, await continuityFacts(deps, read.values, slotOf(log.state)!.id_equipo, current?.id ?? 0));
        }
        return Number(log.id);
      },
      { metadata: options.metadata },
    );
    return { item: await loadHorometroItem(deps.sql, savedId), is_new: isNew, msg: HOROMETRO_MSG.saved };
  } catch (error) {
    // Another save claimed the slot between this command's read and its append.
    if (error instanceof ConcurrencyError && error.streamId.startsWith(`${SLOT_STREAM_TYPE}-`)) {
      throw slotRaceLost();
    }
    throw error;
  }
}
