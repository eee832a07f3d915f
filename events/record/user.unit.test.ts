import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec';
import { NOT_FOUND, PROTECTED, type RecordEvent } from './record';
import { USER_RULE_MSG, userDecider } from './user';

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

  it('a person named on work orders is disabled, not removed (409); otherwise the removal is recorded', () => {
    const named = 'El registro está en uso en 2 órdenes de trabajo';
    given([created]).when({ type: 'RemoveUser', id: 3, otherActiveRoots: null, namedBy: named }).thenRefused(`${named}. Desactívelo en su lugar.`, 409);
    given([created]).when({ type: 'RemoveUser', id: 3, otherActiveRoots: null, namedBy: null }).then([{ type: 'RecordRemoved', data: { id: 3 } }]);
    given([created]).when({ type: 'DisableUser', id: 3, otherActiveRoots: null }).then([{ type: 'RecordDisabled', data: { id: 3 } }]);
  });

  it('the last active root user is neither disabled nor removed; with another one it is', () => {
    const root: RecordEvent = { type: 'RecordCreated', data: { id: 4, fields: { name: 'Raíz', id_role: 1, estado: 1, protected: 0 } } };
    given([root]).when({ type: 'DisableUser', id: 4, otherActiveRoots: 0 }).thenRefused(USER_RULE_MSG.lastRoot, 422);
    given([root]).when({ type: 'RemoveUser', id: 4, otherActiveRoots: 0, namedBy: null }).thenRefused(USER_RULE_MSG.lastRoot, 422);
    given([root]).when({ type: 'DisableUser', id: 4, otherActiveRoots: 1 }).thenTypes(['RecordDisabled']);
    given([root]).when({ type: 'RemoveUser', id: 4, otherActiveRoots: 1, namedBy: null }).thenTypes(['RecordRemoved']);
    // A disabled root user is no way in: removing it leaves the active ones as they are.
    given([root, { type: 'RecordDisabled', data: { id: 4 } }]).when({ type: 'RemoveUser', id: 4, otherActiveRoots: 0, namedBy: null }).thenTypes(['RecordRemoved']);
  });
});
