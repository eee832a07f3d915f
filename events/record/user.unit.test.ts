import { describe, expect, it } from 'vitest';
import { deciderSpec, refusalOf } from '../testing/decider-spec';
import { NOT_FOUND, PROTECTED, type RecordEvent } from './record';
import { MSG_VALIDATION } from '@shared/messages';
import { emailAlreadyTaken, refuseSignature, refuseSiteAssignment, refuseUserSave, signatureMissing, siteAlreadyAssigned, USER_RULE_MSG, userDecider, type SiteAssignmentFacts, type UserSaveFacts } from './user';

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

describe('assigning a site to a user (seed 000 §3)', () => {
  const facts: SiteAssignmentFacts = { id_role: 3, id_empresa: 2, empresaActive: true, obra: { id_empresa: 2, estado: 1 }, alreadyAssigned: false };
  const refusal = (f: SiteAssignmentFacts) => refusalOf(() => refuseSiteAssignment(f));

  it('an active site of the active company, not yet the user’s: accepted', () => {
    expect(refusal(facts)).toBeNull();
  });

  it('not for the administrator or root profiles; the company and the site must be active and match; once (422)', () => {
    expect(refusal({ ...facts, id_role: 16 })).toEqual([USER_RULE_MSG.noObrasForAdmin, 422, {}]);
    expect(refusal({ ...facts, id_role: 1 })).toEqual([USER_RULE_MSG.noObrasForRoot, 422, {}]);
    expect(refusal({ ...facts, empresaActive: false })).toEqual([MSG_VALIDATION, 422, { id_empresa: USER_RULE_MSG.empresaMissing }]);
    expect(refusal({ ...facts, obra: null })).toEqual([MSG_VALIDATION, 422, { id_obra: USER_RULE_MSG.obraMissing }]);
    expect(refusal({ ...facts, obra: { id_empresa: 2, estado: 0 } })).toEqual([MSG_VALIDATION, 422, { id_obra: USER_RULE_MSG.obraMissing }]);
    expect(refusal({ ...facts, obra: { id_empresa: 5, estado: 1 } })).toEqual([MSG_VALIDATION, 422, { id_obra: USER_RULE_MSG.obraNotOfEmpresa }]);
    expect(refusal({ ...facts, alreadyAssigned: true })).toEqual([MSG_VALIDATION, 422, { id_obra: USER_RULE_MSG.obraAlreadyAssigned }]);
    const race = siteAlreadyAssigned();
    expect([race.message, race.status, race.errors]).toEqual([MSG_VALIDATION, 422, { id_obra: USER_RULE_MSG.obraAlreadyAssigned }]);
  });
});

describe('saving a user (seed 000 §2)', () => {
  const facts: UserSaveFacts = { errors: {}, fromRole: 1, toRole: 3, otherActiveRoots: 1 };
  const refusal = (f: UserSaveFacts) => refusalOf(() => refuseUserSave(f));

  it('without field errors and with another active root user: accepted', () => {
    expect(refusal(facts)).toBeNull();
    expect(refusal({ ...facts, fromRole: null, otherActiveRoots: null })).toBeNull();
    expect(refusal({ ...facts, toRole: 1, otherActiveRoots: 0 })).toBeNull();
  });

  it('field errors are refused together; the last active root user keeps the root profile (422)', () => {
    expect(refusal({ ...facts, errors: { email: USER_RULE_MSG.emailTaken } })).toEqual([MSG_VALIDATION, 422, { email: USER_RULE_MSG.emailTaken }]);
    expect(refusal({ ...facts, otherActiveRoots: 0 })).toEqual([MSG_VALIDATION, 422, { id_role: USER_RULE_MSG.lastRoot }]);
    expect(refusal({ ...facts, otherActiveRoots: 0, errors: { id_role: 'otro' } })).toEqual([MSG_VALIDATION, 422, { id_role: 'otro' }]);
  });

  it('the same e-mail saved twice at once is the rule’s own refusal', () => {
    expect(refusalOf(() => { throw emailAlreadyTaken(); })).toEqual([MSG_VALIDATION, 422, { email: USER_RULE_MSG.emailTaken }]);
  });
});

describe('a user’s signature (seed 000 §5)', () => {
  it('a JPG of exactly 200 × 120; anything else, or no file, is refused on pic_firma (422)', () => {
    expect(refusalOf(() => refuseSignature({ width: 200, height: 120 }))).toBeNull();
    for (const image of [null, { width: 201, height: 120 }, { width: 200, height: 119 }]) {
      expect(refusalOf(() => refuseSignature(image))).toEqual([USER_RULE_MSG.signatureSize, 422, { pic_firma: USER_RULE_MSG.signatureSize }]);
    }
    expect(refusalOf(() => { throw signatureMissing(); })).toEqual([USER_RULE_MSG.signatureMissing, 422, { pic_firma: USER_RULE_MSG.signatureMissing }]);
  });
});
