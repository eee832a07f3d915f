import { describe, expect, it } from 'vitest';
import { MSG_NOT_FOUND, MSG_VALIDATION } from '@shared/messages';
import type { CommandContext } from '../execute';
import { deciderSpec, refusalOf } from '../testing/decider-spec';
import {
  HOROMETRO_RULE_MSG as MSG,
  horometroDecider,
  horometroSlotDecider,
  claimSlotOf,
  refuseMeterBreak,
  refuseMeterRegression,
  slotRaceLost,
  slotKey,
  slotOf,
  type HorometroEntry,
  type HorometroEvent,
  type Window,
} from './decider';

// 10:00 in Lima on 10/03/2026: the day shift of 09/03 (ends 19:00) may be written until 19:00
// today with 24 h; the one of 08/03 no longer.
const now = new Date('2026-03-10T15:00:00Z');
const jefe: Window = { rights: { allowedHours: 24, exempt: false }, now };
const admin: Window = { rights: { allowedHours: 24, exempt: true }, now };
const entry: HorometroEntry = {
  fecha: '2026-03-09', id_tipo_turno: 1, h_inicio: 1000, h_fin: 1008,
  falla_operacional: 0, falla_neta: 0, falla_tajo: 0, obs_operacional: '', obs_neta: '', obs_tajo: '',
};
const equipo = { id: 5, id_obra: 2, estado: 1 };
const created: HorometroEvent = { type: 'RecordCreated', data: { id: 9, fields: { ...entry, id_equipo: 5, id_obra: 2, estado: 1 } } };
const LATE = 'Plazo de registro vencido: los horómetros se registran hasta 24 h después del fin del turno (venció el 09/03/2026 07:00 PM)';

const given = deciderSpec(horometroDecider);

describe('hour-meter decider: register', () => {
  it('a log in its window on an active machine: the record event with the machine and its site', () => {
    given([]).when({ type: 'RegisterHorometro', id: 9, entry, equipo, sites: 'all', window: jefe }).then([created]);
  });

  it('the registration window: a shift past its deadline is refused on the date, except for exempt profiles', () => {
    const old = { ...entry, fecha: '2026-03-08' };
    given([]).when({ type: 'RegisterHorometro', id: 9, entry: old, equipo, sites: 'all', window: jefe }).thenRefused(LATE, 422, { fecha: LATE });
    given([]).when({ type: 'RegisterHorometro', id: 9, entry: old, equipo, sites: 'all', window: admin }).thenTypes(['RecordCreated']);
  });

  it('the machine must exist and be active', () => {
    given([]).when({ type: 'RegisterHorometro', id: 9, entry, equipo: null, sites: 'all', window: jefe }).thenRefused(MSG_VALIDATION, 422, { id_equipo: MSG.equipoNotFound });
    given([]).when({ type: 'RegisterHorometro', id: 9, entry, equipo: { ...equipo, estado: 0 }, sites: 'all', window: jefe })
      .thenRefused(MSG_VALIDATION, 422, { id_equipo: MSG.equipoInactive });
  });

  it('the machine must be on one of the acting user’s sites', () => {
    given([]).when({ type: 'RegisterHorometro', id: 9, entry, equipo, sites: [2, 7], window: jefe }).then([created]);
    given([]).when({ type: 'RegisterHorometro', id: 9, entry, equipo, sites: [7], window: jefe })
      .thenRefused(MSG_VALIDATION, 422, { id_equipo: 'No tiene acceso a la obra de este equipo' });
  });
});

describe('hour-meter decider: change, remove, enable, disable', () => {
  it('a change records only the changed fields; the machine is fixed', () => {
    given([created]).when({ type: 'ChangeHorometro', id: 9, entry: { ...entry, h_fin: 1010 }, id_equipo: 5, window: jefe })
      .then([{ type: 'RecordUpdated', data: { id: 9, changes: { h_fin: { from: 1008, to: 1010 } } } }]);
    given([created]).when({ type: 'ChangeHorometro', id: 9, entry, id_equipo: null, window: jefe }).then([]);
    given([created]).when({ type: 'ChangeHorometro', id: 9, entry, id_equipo: 6, window: jefe }).thenRefused(MSG_VALIDATION, 422, { id_equipo: MSG.equipoFixed });
  });

  it('a stored log whose window closed is closed (403) to every write but an exempt profile’s', () => {
    const oldLog: HorometroEvent = { type: 'RecordCreated', data: { id: 9, fields: { ...entry, fecha: '2026-03-08', id_equipo: 5, id_obra: 2, estado: 1 } } };
    given([oldLog]).when({ type: 'ChangeHorometro', id: 9, entry, id_equipo: null, window: jefe }).thenRefused(LATE, 403);
    given([oldLog]).when({ type: 'RemoveHorometro', id: 9, window: jefe }).thenRefused(LATE, 403);
    given([oldLog]).when({ type: 'DisableHorometro', id: 9, window: jefe }).thenRefused(LATE, 403);
    given([oldLog]).when({ type: 'RemoveHorometro', id: 9, window: admin }).then([{ type: 'RecordRemoved', data: { id: 9 } }]);
  });

  it('remove, enable and disable follow the record’s state; a removed log is not found', () => {
    given([created]).when({ type: 'DisableHorometro', id: 9, window: jefe }).then([{ type: 'RecordDisabled', data: { id: 9 } }]);
    given([created]).when({ type: 'EnableHorometro', id: 9, window: jefe }).then([]);
    const removed: HorometroEvent = { type: 'RecordRemoved', data: { id: 9 } };
    given([created, removed]).when({ type: 'EnableHorometro', id: 9, window: jefe }).thenRefused(MSG_NOT_FOUND, 404);
    given([]).when({ type: 'ChangeHorometro', id: 9, entry, id_equipo: null, window: jefe }).thenRefused(MSG_NOT_FOUND, 404);
  });

  it('a log stored before the decider (generic record events) folds to the same slot', () => {
    const moved: HorometroEvent = { type: 'RecordUpdated', data: { id: 9, changes: { id_tipo_turno: { from: 1, to: 2 } } } };
    expect(slotOf(given([created, moved]).state)).toEqual({ id_equipo: 5, fecha: '2026-03-09', id_tipo_turno: 2 });
    expect(slotOf(given([created, { type: 'RecordRemoved', data: { id: 9 } }]).state)).toBeNull();
  });
});

describe('slot decider: one log per machine, date and shift', () => {
  const slot = { id_equipo: 5, fecha: '2026-03-09', id_tipo_turno: 1 };
  const slotGiven = deciderSpec(horometroSlotDecider);
  const claimed = { type: 'HorometroSlotClaimed' as const, data: { ...slot, id_horometro: 9 } };
  const released = { type: 'HorometroSlotReleased' as const, data: { ...slot, id_horometro: 9 } };

  it('a free slot is claimed; its holder claims it again without a new event', () => {
    slotGiven([]).when({ type: 'ClaimSlot', slot, id_horometro: 9 }).then([claimed]);
    slotGiven([claimed]).when({ type: 'ClaimSlot', slot, id_horometro: 9 }).then([]);
  });

  it('another log’s claim is the duplicate, on the shift field (409)', () => {
    slotGiven([claimed]).when({ type: 'ClaimSlot', slot, id_horometro: 10 }).thenRefused(MSG.duplicate, 409, { id_tipo_turno: MSG.duplicate });
  });

  it('a released slot is free again; only the holder releases it', () => {
    slotGiven([claimed, released]).when({ type: 'ClaimSlot', slot, id_horometro: 10 }).thenTypes(['HorometroSlotClaimed']);
    slotGiven([claimed]).when({ type: 'ReleaseSlot', slot, id_horometro: 10 }).then([]);
    slotGiven([claimed]).when({ type: 'ReleaseSlot', slot, id_horometro: 9 }).then([released]);
  });

  it('the slot stream id has no dash after its type; bulk loads claim the slot of each new log', () => {
    expect(slotKey(slot)).toBe('5_20260309_1');
    const started: string[] = [];
    const c = { start: (agg: { streamType: string; decider: typeof horometroSlotDecider }, id: string) => {
      started.push(`${agg.streamType}-${id}`);
      return { decide: (command: Parameters<typeof horometroSlotDecider.decide>[0]) => horometroSlotDecider.decide(command, horometroSlotDecider.initialState()) };
    } } as unknown as CommandContext;
    expect(claimSlotOf(9, { ...entry, id_equipo: 5 })(c)).toEqual([claimed]);
    expect(started).toEqual(['horometro_slot-5_20260309_1']);
  });
});

describe('the machine’s meter only goes forward (issue 20)', () => {
  const BELOW = 'El horómetro final (990) es menor que el horómetro actual del equipo (1000). Si se cambió el horómetro, marque «Cambio de horómetro»';
  const refused = (facts: Parameters<typeof refuseMeterRegression>[0]) => refusalOf(() => refuseMeterRegression(facts));

  it('the newest log may not end below the meter its logs and work orders read', () => {
    expect(refused({ hFin: 990, cambio: false, hasNext: false, meter: { horometro: 1000, fuente: 'horometro' } })).toEqual([MSG_VALIDATION, 422, { h_fin: BELOW }]);
    expect(refused({ hFin: 1000, cambio: false, hasNext: false, meter: { horometro: 1000, fuente: 'horometro' } })).toBeNull();
  });

  it('a replaced meter, a log with a later one, no meter or only the registered reading: accepted', () => {
    const meter = { horometro: 1000, fuente: 'horometro' };
    expect(refused({ hFin: 990, cambio: true, hasNext: false, meter })).toBeNull();
    expect(refused({ hFin: 990, cambio: false, hasNext: true, meter })).toBeNull();
    expect(refused({ hFin: 990, cambio: false, hasNext: false, meter: null })).toBeNull();
    expect(refused({ hFin: 990, cambio: false, hasNext: false, meter: { horometro: 1000, fuente: 'equipo' } })).toBeNull();
  });

  it('a save that lost the race for a free slot is the duplicate, on the shift (422)', () => {
    const e = slotRaceLost();
    expect([e.message, e.status, e.errors]).toEqual([MSG.duplicate, 422, { id_tipo_turno: MSG.duplicate }]);
  });
});

describe('the meter continues from one log to the next (a warning the user confirms)', () => {
  const log = (fecha: string, h_inicio: number, h_fin: number) => ({ fecha, id_tipo_turno: 1, h_inicio, h_fin });
  const refused = (reading: { h_inicio: number; h_fin: number }, facts: Parameters<typeof refuseMeterBreak>[1]) => {
    try {
      refuseMeterBreak(reading, facts);
      return null;
    } catch (error) {
      return error;
    }
  };

  it('a start below the previous end or an end above the next start is refused with requiere_confirmacion', () => {
    const previous = refused({ h_inicio: 995, h_fin: 1003 }, { previous: log('2026-03-08', 990, 1000), next: null, registered: null });
    expect(previous).toMatchObject({ status: 422, errors: { h_inicio: expect.stringContaining('menor que el final del registro anterior (1000, 08/03/2026') }, extra: { requiere_confirmacion: true } });
    const next = refused({ h_inicio: 1000, h_fin: 1012 }, { previous: null, next: log('2026-03-10', 1010, 1018), registered: null });
    expect(next).toMatchObject({ status: 422, errors: { h_fin: expect.stringContaining('mayor que el inicial del registro siguiente (1010') } });
  });

  it('with no neighbouring log the registered reading binds the start; a continuing meter passes', () => {
    expect(refused({ h_inicio: 990, h_fin: 998 }, { previous: null, next: null, registered: 1000 })).toMatchObject({ errors: { h_inicio: 'El horómetro inicial (990) es menor que la lectura registrada del equipo (1000)' } });
    expect(refused({ h_inicio: 1000, h_fin: 1008 }, { previous: log('2026-03-08', 990, 1000), next: log('2026-03-10', 1008, 1016), registered: null })).toBeNull();
  });
});
