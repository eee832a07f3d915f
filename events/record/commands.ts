import { execute, executeOn, aggregate, type Aggregate, type ExecuteOptions } from '../execute';
import type { Decider } from '../decider';
import { equipmentDecider, type EquipmentEvent } from '../equipment/decider';
import type { EventStore } from '../store';
import { recordDecider, type Fields, type RecordCommand, type RecordEvent, type RecordState } from './record';

/** Master data and administration rows: one aggregate per entity (`marca`, `user`, `role`…), all
 * with the generic record decider. */
type RecordStreamEvent = RecordEvent | EquipmentEvent;
/** Entities whose record stream adds events of its own to the generic ones. */
const OWN_DECIDERS: Record<string, Decider<RecordState, RecordCommand, RecordStreamEvent>> = { equipo: equipmentDecider };
const records = new Map<string, Aggregate<RecordState, RecordCommand, RecordStreamEvent>>();
export function recordAggregate(entity: string): Aggregate<RecordState, RecordCommand, RecordStreamEvent> {
  return records.get(entity) ?? records.set(entity, aggregate(entity, OWN_DECIDERS[entity] ?? recordDecider)).get(entity)!;
}

export type RecordCommandOptions = ExecuteOptions & {
  /** The version the user's form was loaded at (HTTP 409 when the record moved on). */
  expectedVersion?: number;
};

/** One record command through the pipeline: the version after it, and the events it stored. */
async function run(store: EventStore, entity: string, id: number, command: RecordCommand, options: RecordCommandOptions) {
  const r = await executeOn(store, recordAggregate(entity), id, command, options);
  return { ...r, nextVersion: r.version };
}

/** The record commands users run through the generic CRUD (and the demo loader runs too). The new
 * row's id is allocated inside the command's transaction: a refused create burns none. */
export async function createRecord(store: EventStore, entity: string, fields: Fields, options: RecordCommandOptions = {}) {
  const r = await execute(store, async (c) => {
    const id = await c.nextId(entity);
    c.start(recordAggregate(entity), id).decide({ type: 'CreateRecord', id, fields });
    return id;
  }, options);
  // A replayed command id answers with the id it stored the first time.
  const id = r.value ?? Number((r.events[0]?.data as { id?: number } | undefined)?.id);
  return { ...r, id, nextVersion: r.versions[`${entity}-${id}`] ?? 1 };
}

export async function updateRecord(store: EventStore, entity: string, id: number, fields: Fields, options: RecordCommandOptions = {}) {
  return run(store, entity, id, { type: 'UpdateRecord', id, fields }, options);
}

export async function setRecordEnabled(store: EventStore, entity: string, id: number, enabled: boolean, options: RecordCommandOptions = {}) {
  return run(store, entity, id, { type: enabled ? 'EnableRecord' : 'DisableRecord', id }, options);
}

export async function removeRecord(store: EventStore, entity: string, id: number, options: RecordCommandOptions = {}) {
  return run(store, entity, id, { type: 'RemoveRecord', id }, options);
}
