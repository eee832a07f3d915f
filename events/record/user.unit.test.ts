import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec';
import { NOT_FOUND, PROTECTED, type RecordEvent } from './record';
import { userDecider } from './user';

const given = deciderSpec(userDecider);
const created: RecordEvent = { type: 'RecordCreated', data: { id: 3, fields: { name: 'Ana', estado: 1 } } };

describe('user decider', () => {
  it('a password change is recorded with who set it, and appends even when nothing else changed', () => {
    given([created]).when({ type: 'ChangePassword', id: 3, by: 'self' }).then([{ type: 'PasswordChanged', data: { id: 3, by: 'self' } }]);
    const changed = given([created]).when({ type: 'ChangePassword', id: 3, by: 'admin' }).events();
    given([created, ...changed]).when({ type: 'ChangePassword', id: 3, by: 'recovery' }).thenTypes(['PasswordChanged']);
    expect(given([created, ...changed]).state).toEqual(given([created]).state);
  });

  it('a missing or removed user has no password to change', () => {
    given([]).when({ type: 'ChangePassword', id: 3, by: 'admin' }).thenRefused(NOT_FOUND, 404);
    given([created, { type: 'RecordRemoved', data: { id: 3 } }]).when({ type: 'ChangePassword', id: 3, by: 'admin' }).thenRefused(NOT_FOUND, 404);
  });

  it('keeps the record rules for everything else', () => {
    given([created]).when({ type: 'UpdateRecord', id: 3, fields: { name: 'Ana María' } }).thenTypes(['RecordUpdated']);
    const guarded: RecordEvent = { type: 'RecordCreated', data: { id: 1, fields: { name: 'root', estado: 1, protected: 1 } } };
    given([guarded]).when({ type: 'DisableRecord', id: 1 }).thenRefused(PROTECTED, 422);
  });
});
