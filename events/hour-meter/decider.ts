import { MSG_NOT_FOUND, MSG_VALIDATION } from '@shared/messages';
import { unreachable, type Decider } from '../decider';
import { CommandRejected } from '../errors';
import { aggregate, type CommandContext, type DecisionStamp } from '../execute';
import { recordDecider, type Fields, type RecordEvent, type RecordState } from '../record/record';
import type { Event } from '../types';
import { formatDate } from '@shared/time';
import { TIPOS_TURNO, windowRefusal, type RegistrationRights } from '@shared/hour-meter-window';

/** The Spanish messages of the hour-meter rules (docs/modules/hour-meters.md). */
export const HOROMETRO_RULE_MSG = {
  duplicate: 'Ya existe un registro de horómetro para este equipo, fecha y turno',
  equipoFixed: 'No se puede cambiar el equipo de un registro existente',
  equipoNotFound: 'No se encontró el equipo',
  equipoInactive: 'El equipo está inactivo',
  equipoSite: 'No tiene acceso a la obra de este equipo',
  /** Issue 20: the newest log may not take the machine's meter back, unless the meter was replaced. */
  meterBelowCurrent: (hFin: number, current: number) =>
    `El horómetro final (${hFin}) es menor que el horómetro actual del equipo (${current}). Si se cambió el horómetro, marque «Cambio de horómetro»`,
} as const;

/** A log's values as the API read them (read-horometro.ts), without the machine. */
export type HorometroEntry = {
  fecha: string;
  id_tipo_turno: number;
  h_inicio: number;
  h_fin: number;
  falla_operacional: number;
  falla_neta: number;
  falla_tajo: number;
  obs_operacional: string;
  obs_neta: string;
  obs_tajo: string;
  /** Issue 20: the machine's meter was replaced in this shift; earlier readings no longer bound
   * the machine's current meter. Absent on logs stored before it (read as false). */
  cambio_horometro?: boolean;
};

/** The window facts of the acting user and the time of the command (the decider reads no clock). */
export type Window = { rights: Pick<RegistrationRights, 'allowedHours' | 'exempt'>; now: Date };

/** The log stream (`horometro-{id}`) keeps the generic record events, so every stored log folds and
 * projects as before; the rules are this decider's. */
export type HorometroEvent = Exclude<RecordEvent, { type: 'PasswordChanged' }>;

export type HorometroCommand =
  /** `sites`: the sites the acting user works at ('all': every site); the machine must be on one. */
  | { type: 'RegisterHorometro'; id: number; entry: HorometroEntry; equipo: { id: number; id_obra: number; estado: number } | null; sites: readonly number[] | 'all'; window: Window }
  /** `id_equipo`: the machine the form sent (null: none); it must be the log's own. */
  | { type: 'ChangeHorometro'; id: number; entry: HorometroEntry; id_equipo: number | null; window: Window }
  | { type: 'RemoveHorometro' | 'EnableHorometro' | 'DisableHorometro'; id: number; window: Window };

export type HorometroState = RecordState;

/** Where a log sits: its machine, date and shift (the one-log-per-slot rule's key). */
export type Slot = { id_equipo: number; fecha: string; id_tipo_turno: number };

export function slotOf(state: HorometroState): Slot | null {
  if (state.status === 'absent' || state.status === 'removed') return null;
  const f = state.fields;
  return { id_equipo: Number(f.id_equipo), fecha: String(f.fecha).slice(0, 10), id_tipo_turno: Number(f.id_tipo_turno) };
}

function assertInWindow(window: Window, fecha: string, idTipoTurno: number, stored: boolean) {
  const late = windowRefusal(window.rights, fecha, idTipoTurno, window.now);
  // A stored log past its window is closed (403); a new date past it is the form's error (422).
  if (late) throw stored ? new CommandRejected(late, {}, 403) : new CommandRejected(late, { fecha: late }, 422);
}

function live(state: HorometroState): asserts state is Extract<HorometroState, { status: 'active' | 'inactive' }> {
  if (state.status === 'absent' || state.status === 'removed') throw new CommandRejected(MSG_NOT_FOUND, {}, 404);
}

/**
 * Hour-meter logs (seed 001 §5-§7, docs/modules/hour-meters.md): the registration window (a new
 * date within it, and a stored log only while its own shift's window is open), the machine fixed
 * after creation and required to exist, be active and be on one of the acting user's sites. One log per machine, date and shift is the
 * slot stream's rule (`horometroSlotDecider`), decided in the same command.
 */
export const horometroDecider: Decider<HorometroState, HorometroCommand, HorometroEvent> = {
  initialState: recordDecider.initialState,

  decide(command, state) {
    switch (command.type) {
      case 'RegisterHorometro': {
        if (state.status !== 'absent') throw new CommandRejected('El registro ya existe', {}, 409);
        assertInWindow(command.window, command.entry.fecha, command.entry.id_tipo_turno, false);
        const { equipo } = command;
        if (!equipo) throw new CommandRejected(MSG_VALIDATION, { id_equipo: HOROMETRO_RULE_MSG.equipoNotFound }, 422);
        if (equipo.estado !== 1) throw new CommandRejected(MSG_VALIDATION, { id_equipo: HOROMETRO_RULE_MSG.equipoInactive }, 422);
        if (command.sites !== 'all' && !command.sites.includes(equipo.id_obra)) throw new CommandRejected(MSG_VALIDATION, { id_equipo: HOROMETRO_RULE_MSG.equipoSite }, 422);
        const fields: Fields = { ...command.entry, id_equipo: equipo.id, id_obra: equipo.id_obra, estado: 1 };
        return [{ type: 'RecordCreated', data: { id: command.id, fields } }];
      }
      case 'ChangeHorometro': {
        live(state);
        if (command.id_equipo !== null && command.id_equipo !== Number(state.fields.id_equipo)) {
          throw new CommandRejected(MSG_VALIDATION, { id_equipo: HOROMETRO_RULE_MSG.equipoFixed }, 422);
        }
        const stored = slotOf(state)!;
        assertInWindow(command.window, stored.fecha, stored.id_tipo_turno, true);
        assertInWindow(command.window, command.entry.fecha, command.entry.id_tipo_turno, false);
        return recordDecider.decide({ type: 'UpdateRecord', id: command.id, fields: command.entry }, state) as HorometroEvent[];
      }
      case 'RemoveHorometro':
      case 'EnableHorometro':
      case 'DisableHorometro': {
        live(state);
        const stored = slotOf(state)!;
        assertInWindow(command.window, stored.fecha, stored.id_tipo_turno, true);
        const type = command.type === 'RemoveHorometro' ? 'RemoveRecord' : command.type === 'EnableHorometro' ? 'EnableRecord' : 'DisableRecord';
        return recordDecider.decide({ type, id: command.id }, state) as HorometroEvent[];
      }
      default:
        return unreachable(command, 'command');
    }
  },

  evolve: (state, event) => recordDecider.evolve(state, event),
};

export const horometroAggregate = aggregate('horometro', horometroDecider);

/** What a log's machine reads before the log's shift (projections/equipment-meter), the log
 * itself left out: `fuente` 'equipo' when it is only the equipment form's registered reading. */
export type MeterBefore = { horometro: number; fuente: string } | null;

/**
 * Issue 20: the machine's meter only goes forward. The newest log of a machine (`hasNext`: an
 * active log after its shift) may not end below the machine's current meter as its logs and work
 * orders read it, unless it is flagged as a meter replacement. A current meter that is only the
 * registered reading of the equipment form is no refusal (the API warns about it instead): that
 * figure is typed by hand and is often stale.
 */
export function refuseMeterRegression(facts: { hFin: number; cambio: boolean; hasNext: boolean; meter: MeterBefore }): void {
  const { hFin, cambio, hasNext, meter } = facts;
  if (cambio || hasNext || !meter || meter.fuente === 'equipo' || hFin >= meter.horometro) return;
  throw new CommandRejected(MSG_VALIDATION, { h_fin: HOROMETRO_RULE_MSG.meterBelowCurrent(hFin, meter.horometro) }, 422);
}

/** A log whose values the API could not read (read-horometro.ts: `errors`, field → message, every
 * problem at once) is refused (422) before any rule reads it. */
export function refuseUnreadableLog(errors: Readonly<Record<string, string>>): never {
  throw new CommandRejected(MSG_VALIDATION, { ...errors }, 422);
}

/** An active log of the machine next to a log's shift, as the continuity rule reads it. */
export type NeighbourReading = { fecha: string; id_tipo_turno: number; h_inicio: number; h_fin: number };

/** The facts of the meter's continuity, the log itself left out: the machine's active logs just
 * before and just after the log's shift and, when there is neither, the machine's registered
 * reading (null: no such machine). */
export type ContinuityFacts = { previous: NeighbourReading | null; next: NeighbourReading | null; registered: number | null };

const turnoName = (id: number) => TIPOS_TURNO.find((t) => t.id === id)?.nombre ?? '';

/** Docs/modules/hour-meters.md: the meter should continue from the machine's previous log and
 * into its next one (or, with no logs, from the machine's registered reading). A break is a
 * warning the user confirms (`confirmar_horometro = 1`; the refusal carries
 * `requiere_confirmacion`), since meters get replaced. */
export function refuseMeterBreak(reading: Pick<HorometroEntry, 'h_inicio' | 'h_fin'>, facts: ContinuityFacts): void {
  const { previous, next, registered } = facts;
  const warn = (field: 'h_inicio' | 'h_fin', text: string) => new CommandRejected(`${text}.`, { [field]: text }, 422, { requiere_confirmacion: true });
  if (previous && reading.h_inicio < previous.h_fin) {
    throw warn('h_inicio', `El horómetro inicial (${reading.h_inicio}) es menor que el final del registro anterior (${previous.h_fin}, ${formatDate(previous.fecha)} ${turnoName(previous.id_tipo_turno)})`);
  }
  if (next && reading.h_fin > next.h_inicio) {
    throw warn('h_fin', `El horómetro final (${reading.h_fin}) es mayor que el inicial del registro siguiente (${next.h_inicio}, ${formatDate(next.fecha)} ${turnoName(next.id_tipo_turno)})`);
  }
  if (!previous && !next && registered !== null && reading.h_inicio < registered) {
    throw warn('h_inicio', `El horómetro inicial (${reading.h_inicio}) es menor que la lectura registrada del equipo (${registered})`);
  }
}

// ---------------------------------------------------------------------------------------------
// The slot: one log per machine, date and shift.

export type HorometroSlotEvent =
  | Event<'HorometroSlotClaimed', Slot & { id_horometro: number }>
  | Event<'HorometroSlotReleased', Slot & { id_horometro: number }>;

export type HorometroSlotCommand =
  | { type: 'ClaimSlot'; slot: Slot; id_horometro: number }
  | { type: 'ReleaseSlot'; slot: Slot; id_horometro: number };

/** The log holding the slot, or null when it is free. */
export type HorometroSlotState = { holder: number | null };

/** The slot stream's id: `horometro_slot-{equipo}_{yyyymmdd}_{turno}` (no '-' after the type, so
 * the stream type reads as `horometro_slot`). */
export function slotKey(slot: Slot): string {
  return `${slot.id_equipo}_${slot.fecha.replaceAll('-', '')}_${slot.id_tipo_turno}`;
}

export const SLOT_STREAM_TYPE = 'horometro_slot';

/**
 * One stream per slot: a log claims its slot when it is created or moved there and releases it
 * when it is removed or moved away. The claim appends at the version the command read (a new
 * stream: `no_stream`), so of two saves racing for one free slot only one append succeeds; the
 * other's conflict is answered as the duplicate (docs/modules/hour-meters.md).
 */
export const horometroSlotDecider: Decider<HorometroSlotState, HorometroSlotCommand, HorometroSlotEvent> = {
  initialState: () => ({ holder: null }),

  decide(command, state) {
    const data = { ...command.slot, id_horometro: command.id_horometro };
    switch (command.type) {
      case 'ClaimSlot':
        if (state.holder === command.id_horometro) return [];
        if (state.holder !== null) throw new CommandRejected(HOROMETRO_RULE_MSG.duplicate, { id_tipo_turno: HOROMETRO_RULE_MSG.duplicate }, 409);
        return [{ type: 'HorometroSlotClaimed', data }];
      case 'ReleaseSlot':
        return state.holder === command.id_horometro ? [{ type: 'HorometroSlotReleased', data }] : [];
      default:
        return unreachable(command, 'command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'HorometroSlotClaimed':
        return { holder: event.data.id_horometro };
      case 'HorometroSlotReleased':
        return state.holder === event.data.id_horometro ? { holder: null } : state;
      default:
        return unreachable(event, 'event');
    }
  },
};

export const horometroSlotAggregate = aggregate(SLOT_STREAM_TYPE, horometroSlotDecider);

/** A save that lost the race for a free slot (its claim's append met another log's): the duplicate,
 * answered as the form's error on the shift (422), like the rule the claim decides. */
export function slotRaceLost(): CommandRejected {
  return new CommandRejected(HOROMETRO_RULE_MSG.duplicate, { id_tipo_turno: HOROMETRO_RULE_MSG.duplicate }, 422);
}

/** A new log's slot claim, decided in the bulk load's command beside the log's creation. */
export function claimSlotOf(id: number, fields: Fields): (c: CommandContext, at?: DecisionStamp) => HorometroSlotEvent[] {
  const slot: Slot = { id_equipo: Number(fields.id_equipo), fecha: String(fields.fecha).slice(0, 10), id_tipo_turno: Number(fields.id_tipo_turno) };
  return (c, at) => c.start(horometroSlotAggregate, slotKey(slot)).decide({ type: 'ClaimSlot', slot, id_horometro: id }, at);
}
