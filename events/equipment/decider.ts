import type { Decider } from '../decider';
import { CommandRejected } from '../errors';
import { MSG_VALIDATION } from '@shared/messages';
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

export const NO_COST = 'Registre primero el costo de adquisición del equipo';
export const NO_PLAN = 'El equipo no tiene un plan de amortización';

/** Seed 001 §3 'Equipment amortization': removing, enabling or disabling a machine's plan needs a
 * plan (months > 0) to act on (422). */
export function refusePlanChange(f: { amortizacion: number }): void {
  if (f.amortizacion <= 0) throw new CommandRejected(NO_PLAN, {}, 422);
}

/** What saving a machine's plan is checked against: the months asked for, why the first month
 * given is no month (null: it is one) and the machine's acquisition cost. */
export type PlanFacts = { amortizacion: number; inicioIssue: string | null; costo_adquisicion: number };

/** Seed 001 §3: a plan of some months needs a valid first month and an acquisition cost to spread
 * (422, on the field); 0 months removes the plan and needs neither. */
export function refusePlan(f: PlanFacts): void {
  if (f.amortizacion <= 0) return;
  if (f.inicioIssue !== null) throw new CommandRejected(MSG_VALIDATION, { amortizacion_inicio: f.inicioIssue }, 422);
  if (f.costo_adquisicion <= 0) throw new CommandRejected(MSG_VALIDATION, { amortizacion: NO_COST }, 422);
}
