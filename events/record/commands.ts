import { handle, type HandleOptions } from '../handle';
import { streamIdOf, type EventStore } from '../store';
import { recordDecider, type Fields } from './record';

/** The record commands users run through the generic CRUD (and the demo loader runs too). */
export async function createRecord(store: EventStore, entity: string, fields: Fields, options: HandleOptions = {}) {
  const id = await store.nextId(entity);
  const result = await handle(store, streamIdOf(entity, id), recordDecider, { type: 'CreateRecord', id, fields }, options);
  return { id, ...result };
}

export async function updateRecord(store: EventStore, entity: string, id: number, fields: Fields, options: HandleOptions = {}) {
  return handle(store, streamIdOf(entity, id), recordDecider, { type: 'UpdateRecord', id, fields }, options);
}

export async function setRecordEnabled(store: EventStore, entity: string, id: number, enabled: boolean, options: HandleOptions = {}) {
  return handle(store, streamIdOf(entity, id), recordDecider, { type: enabled ? 'EnableRecord' : 'DisableRecord', id }, options);
}

export async function removeRecord(store: EventStore, entity: string, id: number, options: HandleOptions = {}) {
  return handle(store, streamIdOf(entity, id), recordDecider, { type: 'RemoveRecord', id }, options);
}
