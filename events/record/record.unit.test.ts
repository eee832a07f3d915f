import { describe, expect, it } from 'vitest';
import { fold } from '../decider';
import { CommandRejected } from '../errors';
import { recordDecider, type RecordCommand, type RecordEvent, type RecordState } from './record';

/** Given events / When command / Then events (or the refusal). */
function given(...events: RecordEvent[]) {
  const state = fold<RecordState, RecordEvent>(recordDecider, events);
  return {
    when: (command: RecordCommand) => ({
      then: (expected: RecordEvent[]) => expect(recordDecider.decide(command, state)).toEqual(expected),
      thenRejects: (message: string, status?: number) => {
        let error: unknown;
        try {
          recordDecider.decide(command, state);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(CommandRejected);
        expect((error as CommandRejected).message).toBe(message);
        if (status) expect((error as CommandRejected).status).toBe(status);
      },
    }),
  };
}

const created: RecordEvent = { type: 'RecordCreated', data: { id: 4, fields: { nombre: 'KG', decimales: 2, estado: 1 } } };

describe('record decider', () => {
  it('creates a record once', () => {
    given().when({ type: 'CreateRecord', id: 4, fields: { nombre: 'KG' } }).then([
      { type: 'RecordCreated', data: { id: 4, fields: { nombre: 'KG' } } },
    ]);
    given(created).when({ type: 'CreateRecord', id: 4, fields: {} }).thenRejects('El registro ya existe', 409);
  });

  it('records only the fields that changed, with before and after', () => {
    given(created).when({ type: 'UpdateRecord', id: 4, fields: { nombre: 'Kg', decimales: 2 } }).then([
      { type: 'RecordUpdated', data: { id: 4, changes: { nombre: { from: 'KG', to: 'Kg' } } } },
    ]);
    given(created).when({ type: 'UpdateRecord', id: 4, fields: { nombre: 'KG' } }).then([]);
  });

  it('enables and disables only when the state changes', () => {
    given(created).when({ type: 'EnableRecord', id: 4 }).then([]);
    given(created).when({ type: 'DisableRecord', id: 4 }).then([{ type: 'RecordDisabled', data: { id: 4 } }]);
    given(created, { type: 'RecordDisabled', data: { id: 4 } })
      .when({ type: 'EnableRecord', id: 4 })
      .then([{ type: 'RecordEnabled', data: { id: 4 } }]);
  });

  it('refuses every change to a missing or removed record', () => {
    given().when({ type: 'UpdateRecord', id: 1, fields: { nombre: 'x' } }).thenRejects('No se encontró el registro', 404);
    const removed: RecordEvent = { type: 'RecordRemoved', data: { id: 4 } };
    given(created, removed).when({ type: 'RemoveRecord', id: 4 }).thenRejects('No se encontró el registro', 404);
    given(created, removed).when({ type: 'EnableRecord', id: 4 }).thenRejects('No se encontró el registro', 404);
  });

  it('protects protected rows from rename, disable and remove', () => {
    const prot: RecordEvent = { type: 'RecordCreated', data: { id: 16, fields: { name: 'admin', protected: 1 } } };
    const msg = 'Este registro está protegido y no se puede modificar';
    given(prot).when({ type: 'UpdateRecord', id: 16, fields: { name: 'otro' } }).thenRejects(msg, 422);
    given(prot).when({ type: 'DisableRecord', id: 16 }).thenRejects(msg);
    given(prot).when({ type: 'RemoveRecord', id: 16 }).thenRejects(msg);
    given(prot).when({ type: 'UpdateRecord', id: 16, fields: { menu_collapsed: 1 } }).then([
      { type: 'RecordUpdated', data: { id: 16, changes: { menu_collapsed: { from: null, to: 1 } } } },
    ]);
  });

  it('evolve folds the history into the current fields', () => {
    const state = fold<RecordState, RecordEvent>(recordDecider, [
      created,
      { type: 'RecordUpdated', data: { id: 4, changes: { nombre: { from: 'KG', to: 'Kilo' } } } },
      { type: 'RecordDisabled', data: { id: 4 } },
    ]);
    expect(state).toEqual({ status: 'inactive', id: 4, fields: { nombre: 'Kilo', decimales: 2, estado: 0 } });
  });
});
