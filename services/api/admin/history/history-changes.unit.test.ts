import { describe, expect, it } from 'vitest';
import { historyChanges } from './history-changes';

describe('historyChanges', () => {
  it('a created record: every field from null, by field name', () => {
    expect(historyChanges('RecordCreated', { id: 3, fields: { nombre: 'Volvo', estado: 1 } })).toEqual([
      { field: 'estado', from: null, to: 1 },
      { field: 'nombre', from: null, to: 'Volvo' },
    ]);
  });

  it('an update: before → after; enable and disable: estado', () => {
    expect(historyChanges('RecordUpdated', { id: 3, changes: { nombre: { from: 'Volvo', to: 'Volvo CE' } } })).toEqual([
      { field: 'nombre', from: 'Volvo', to: 'Volvo CE' },
    ]);
    expect(historyChanges('RecordDisabled', { id: 3 })).toEqual([{ field: 'estado', from: 1, to: 0 }]);
    expect(historyChanges('RecordEnabled', { id: 3 })).toEqual([{ field: 'estado', from: 0, to: 1 }]);
    expect(historyChanges('RecordRemoved', { id: 3 })).toEqual([]);
  });

  it('never shows tokens, their hashes or passwords', () => {
    const opened = historyChanges('SessionOpened', { id: 'abc', token_hash: 'ff00', id_user: 2, platform: 'web' });
    expect(opened).toEqual([
      { field: 'id_user', from: null, to: 2 },
      { field: 'platform', from: null, to: 'web' },
    ]);
    const updated = historyChanges('RecordUpdated', {
      id: 2,
      changes: { password_hash: { from: 'a', to: 'b' }, reset_token: { from: null, to: 'x' }, phone: { from: '', to: '999' } },
    });
    expect(updated).toEqual([{ field: 'phone', from: '', to: '999' }]);
    expect(historyChanges('PasswordChanged', { id: 2, by: 'admin' })).toEqual([]);
  });
});
