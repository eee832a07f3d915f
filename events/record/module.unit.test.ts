import { describe, expect, it } from 'vitest';
import { MSG_VALIDATION } from '@shared/messages';
import { refusalOf } from '../testing/decider-spec';
import { MODULE_RULE_MSG, refuseNonRootModuleSave, refuseRemovingParentModule } from './module';

describe('module rules (seed 000 /modules)', () => {
  it('anyone but root: no root-only flag, no root-only parent (422, on each field)', () => {
    expect(refusalOf(() => refuseNonRootModuleSave({ root: 0, parentHidden: false }))).toBeNull();
    expect(refusalOf(() => refuseNonRootModuleSave({ root: undefined, parentHidden: false }))).toBeNull();
    expect(refusalOf(() => refuseNonRootModuleSave({ root: 1, parentHidden: false }))).toEqual([MSG_VALIDATION, 422, { root: MODULE_RULE_MSG.rootOnlyByRoot }]);
    expect(refusalOf(() => refuseNonRootModuleSave({ root: 1, parentHidden: true }))).toEqual([
      MSG_VALIDATION,
      422,
      { root: MODULE_RULE_MSG.rootOnlyByRoot, id_parent: MODULE_RULE_MSG.parentNotFound },
    ]);
  });

  it('a module with submodules is not removed (422)', () => {
    expect(refusalOf(() => refuseRemovingParentModule(false))).toBeNull();
    expect(refusalOf(() => refuseRemovingParentModule(true))).toEqual([MODULE_RULE_MSG.hasChildren, 422, {}]);
  });
});
