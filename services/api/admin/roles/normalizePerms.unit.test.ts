import { describe, expect, it } from 'vitest';
import { normalizePerms } from './normalizePerms';

// A menu of two groups: 1 (children 11, 12) and 2 (child 21), plus 3, a top-level module alone.
const modules = [
  { id: 1, id_parent: null },
  { id: 11, id_parent: 1 },
  { id: 12, id_parent: 1 },
  { id: 2, id_parent: null },
  { id: 21, id_parent: 2 },
  { id: 3, id_parent: null },
];

describe('normalizePerms', () => {
  it('edit implies see', () => {
    expect(normalizePerms([{ id_module: 3, see: 0, edit: 1 }], modules)).toEqual([{ id_module: 3, see: 1, edit: 1 }]);
    expect(normalizePerms([{ id_module: 3, edit: true }], modules)).toEqual([{ id_module: 3, see: 1, edit: 1 }]);
  });

  it("a child's see turns its parent's see on, and only that parent's", () => {
    expect(normalizePerms([{ id_module: 11, see: 1, edit: 0 }], modules)).toEqual([
      { id_module: 1, see: 1, edit: 0 },
      { id_module: 11, see: 1, edit: 0 },
    ]);
  });

  it("a child's edit turns its parent's see on (the parent's edit stays as it was)", () => {
    expect(normalizePerms([{ id_module: 21, edit: 1 }], modules)).toEqual([
      { id_module: 2, see: 1, edit: 0 },
      { id_module: 21, see: 1, edit: 1 },
    ]);
    expect(normalizePerms([{ id_module: 2, see: 1, edit: 1 }, { id_module: 21, see: 1 }], modules)).toEqual([
      { id_module: 2, see: 1, edit: 1 },
      { id_module: 21, see: 1, edit: 0 },
    ]);
  });

  it('a parent switched off switches its children off, whatever the list says for them', () => {
    const perms = [
      { id_module: 1, see: 0, edit: 0 },
      { id_module: 11, see: 1, edit: 1 },
      { id_module: 12, see: 1, edit: 0 },
      { id_module: 21, see: 1, edit: 0 },
    ];
    expect(normalizePerms(perms, modules)).toEqual([
      { id_module: 2, see: 1, edit: 0 },
      { id_module: 21, see: 1, edit: 0 },
    ]);
  });

  it('a parent switched on leaves its unlisted children as they are (the client ticks them)', () => {
    expect(normalizePerms([{ id_module: 1, see: 1 }], modules)).toEqual([{ id_module: 1, see: 1, edit: 0 }]);
  });

  it('drops modules without rights, keeps unknown ids for validation, sorts by id, last repeat wins', () => {
    const perms = [
      { id_module: 999, see: 1 },
      { id_module: 3, see: 1, edit: 1 },
      { id_module: 12, see: 0, edit: 0 },
      { id_module: 3, see: 1, edit: 0 },
      { id_module: 11, see: null, edit: false },
    ];
    expect(normalizePerms(perms, modules)).toEqual([
      { id_module: 3, see: 1, edit: 0 },
      { id_module: 999, see: 1, edit: 0 },
    ]);
    expect(normalizePerms([], modules)).toEqual([]);
  });

  it('is idempotent and never loops on a stored cycle', () => {
    const once = normalizePerms([{ id_module: 11, edit: 1 }, { id_module: 21, see: 1 }], modules);
    expect(normalizePerms(once, modules)).toEqual(once);
    const cyclic = [{ id: 5, id_parent: 6 }, { id: 6, id_parent: 5 }, { id: 7, id_parent: 7 }];
    expect(normalizePerms([{ id_module: 5, see: 1 }, { id_module: 7, edit: 1 }], cyclic)).toEqual([
      { id_module: 5, see: 1, edit: 0 },
      { id_module: 6, see: 1, edit: 0 },
      { id_module: 7, see: 1, edit: 1 },
    ]);
  });
});
