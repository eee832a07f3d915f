import type { Decider } from '../decider';
import { recordDecider, type RecordCommand, type RecordEvent, type RecordState } from '../record/record';
import type { Event } from '../types';

/** A machine moved from one site to another (seed 001 §2, equipment-movement history). Written
 * beside the `RecordUpdated` that changes `id_obra` (which keeps the register's row current), in
 * the same command, with the other fields of that save left to the RecordUpdated. */
export type EquipoTrasladado = Event<'EquipoTrasladado', { id: number; id_obra_origen: number; id_obra_destino: number }>;

export type EquipmentEvent = RecordEvent | EquipoTrasladado;

/**
 * A machine's stream (`equipo-{id}`): the generic record's rules (equipment is master data edited
 * through the generic CRUD), plus the transfer as an event of its own when a change moves the
 * machine to another site, so readers (the movements screen) need not decode field diffs.
 */
export const equipmentDecider: Decider<RecordState, RecordCommand, EquipmentEvent> = {
  initialState: recordDecider.initialState,

  decide(command, state) {
    const events: EquipmentEvent[] = recordDecider.decide(command, state);
    for (const e of [...events]) {
      const site = e.type === 'RecordUpdated' ? e.data.changes.id_obra : undefined;
      if (e.type === 'RecordUpdated' && site && site.from != null && site.to != null) {
        events.push({ type: 'EquipoTrasladado', data: { id: e.data.id, id_obra_origen: Number(site.from), id_obra_destino: Number(site.to) } });
      }
    }
    return events;
  },

  evolve: (state, event) => (event.type === 'EquipoTrasladado' ? state : recordDecider.evolve(state, event)),
};
