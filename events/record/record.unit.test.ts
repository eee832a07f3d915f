import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec';
import { recordDecider, type RecordEvent } from './record';

const given = deciderSpec(recordDecider);

const created: RecordEvent = { type: 'RecordCreated', data: { id: 4, fields: { nombre: 'KG', decimales: 2, estado: 1 } } };

describe('record decider', () => {
  it('creates a record once', () => {
    given([]).when({ type: 'CreateRecord', id: 4, fields: { nombre: 'KG' } }).then([
      { type: 'RecordCreated', data: { id: 4, fields: { nombre: 'KG' } } },
    ]);
    given([created]).when({ type: 'CreateRecord', id: 4, fields: {} }).thenRefused('El registro ya existe', 409);
  });

  it('records only the fields that changed, with before and after', () => {
    given([created]).when({ type: 'UpdateRecord', id: 4, fields: { nombre: 'Kg', decimales: 2 } }).then([
      { type: 'RecordUpdated', data: { id: 4, changes: { nombre: { from: 'KG', to: 'Kg' } } } },
    ]);
    given([created]).when({ type: 'UpdateRecord', id: 4, fields: { nombre: 'KG' } }).then([]);
  });

  it('enables and disables only when the state changes', () => {
    given([created]).when({ type: 'EnableRecord', id: 4 }).then([]);
    given([created]).when({ type: 'DisableRecord', id: 4 }).then([{ type: 'RecordDisabled', data: { id: 4 } }]);
    given([created, { type: 'RecordDisabled', data: { id: 4 } }])
      .when({ type: 'EnableRecord', id: 4 })
      .then([{ type: 'RecordEnabled', data: { id: 4 } }]);
  });

  it('refuses every change to a missing or removed record', () => {
    given([]).when({ type: 'UpdateRecord', id: 1, fields: { nombre: 'x' } }).thenRefused('No se encontró el registro', 404);
    const removed: RecordEvent = { type: 'RecordRemoved', data: { id: 4 } };
    given([created, removed]).when({ type: 'RemoveRecord', id: 4 }).thenRefused('No se encontró el registro', 404);
    given([created, removed]).when({ type: 'EnableRecord', id: 4 }).thenRefused('No se encontró el registro', 404);
  });

  it('protects protected rows from rename, disable and remove', () => {
    const prot: RecordEvent = { type: 'RecordCreated', data: { id: 16, fields: { name: 'admin', protected: 1 } } };
    const msg = 'Este registro está protegido y no se puede modificar';
    given([prot]).when({ type: 'UpdateRecord', id: 16, fields: { name: 'otro' } }).thenRefused(msg, 422);
    given([prot]).when({ type: 'DisableRecord', id: 16 }).thenRefused(msg);
    given([prot]).when({ type: 'RemoveRecord', id: 16 }).thenRefused(msg);
    given([prot]).when({ type: 'UpdateRecord', id: 16, fields: { menu_collapsed: 1 } }).then([
      { type: 'RecordUpdated', data: { id: 16, changes: { menu_collapsed: { from: null, to: 1 } } } },
    ]);
  });

  it('evolve folds the history into the current fields', () => {
    const { state } = given([
      created,
      { type: 'RecordUpdated', data: { id: 4, changes: { nombre: { from: 'KG', to: 'Kilo' } } } },
      { type: 'RecordDisabled', data: { id: 4 } },
    ]);
    expect(state).toEqual({ status: 'inactive', id: 4, fields: { nombre: 'Kilo', decimales: 2, estado: 0 } });
  });
});
