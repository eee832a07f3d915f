import { describe, expect, it } from 'vitest';
import { MSG_VALIDATION } from '@shared/messages';
import { refuseRemovingUsedProfile, refuseRootOnlyGrant, refuseRootProfileWithoutAccess, ROLE_RULE_MSG } from './role';

describe('profile rules', () => {
  it('the root profile keeps system access; any other profile may go without it', () => {
    expect(() => refuseRootProfileWithoutAccess({ id: 1, system_user: 1 })).not.toThrow();
    expect(() => refuseRootProfileWithoutAccess({ id: 1 })).not.toThrow();
    expect(() => refuseRootProfileWithoutAccess({ id: 5, system_user: 0 })).not.toThrow();
    expect(() => refuseRootProfileWithoutAccess({ id: 1, system_user: 0 }))
      .toThrow(expect.objectContaining({ message: MSG_VALIDATION, status: 422, errors: { system_user: ROLE_RULE_MSG.rootSignsIn } }));
  });

  it('only root grants a right on a root-only module; rights off it, or none on it, pass', () => {
    const hidden = new Set([9]);
    expect(() => refuseRootOnlyGrant([{ id_module: 3, see: 1, edit: 1 }, { id_module: 9, see: 0, edit: 0 }], hidden)).not.toThrow();
    expect(() => refuseRootOnlyGrant([{ id_module: 9, see: 0, edit: 1 }], hidden))
      .toThrow(expect.objectContaining({ message: ROLE_RULE_MSG.rootOnlyModules, status: 422, errors: { perms: ROLE_RULE_MSG.rootOnlyModules } }));
  });

  it('a profile some user has is not removed', () => {
    expect(() => refuseRemovingUsedProfile(false)).not.toThrow();
    expect(() => refuseRemovingUsedProfile(true)).toThrow(expect.objectContaining({ message: ROLE_RULE_MSG.hasUsers, status: 422, errors: {} }));
  });
});
