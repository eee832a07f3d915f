import { describe, expect, it } from 'vitest';
import { togglePermission, type PermissionRow } from './togglePermission';

const row = (id: number, id_parent: number | null, see: 0 | 1 = 0, edit: 0 | 1 = 0): PermissionRow => ({ id, name: `m${id}`, id_parent, see, edit });

/** Two groups: 1 (children 11, 12) and 2 (child 21). */
const blank = (): PermissionRow[] => [row(1, null), row(11, 1), row(12, 1), row(2, null), row(21, 2)];

const rights = (rows: PermissionRow[]) => Object.fromEntries(rows.map((r) => [r.id, `${r.see}${r.edit}`]));

describe('togglePermission (the profile form permission table, seed 000 §5)', () => {
  it("a child's see turns its parent's see on, and nothing else", () => {
    expect(rights(togglePermission(blank(), 11, 'see', true))).toEqual({ 1: '10', 11: '10', 12: '00', 2: '00', 21: '00' });
  });

  it("a child's edit turns the child's see, and the parent's see and edit, on", () => {
    expect(rights(togglePermission(blank(), 12, 'edit', true))).toEqual({ 1: '11', 11: '00', 12: '11', 2: '00', 21: '00' });
  });

  it('a parent switched on applies to all its children', () => {
    expect(rights(togglePermission(blank(), 1, 'see', true))).toEqual({ 1: '10', 11: '10', 12: '10', 2: '00', 21: '00' });
    expect(rights(togglePermission(blank(), 1, 'edit', true))).toEqual({ 1: '11', 11: '11', 12: '11', 2: '00', 21: '00' });
  });

  it('a parent switched off applies to all its children; see off also takes edit off', () => {
    const full = [row(1, null, 1, 1), row(11, 1, 1, 1), row(12, 1, 1, 0), row(2, null, 1, 1), row(21, 2, 1, 1)];
    expect(rights(togglePermission(full, 1, 'edit', false))).toEqual({ 1: '10', 11: '10', 12: '10', 2: '11', 21: '11' });
    expect(rights(togglePermission(full, 1, 'see', false))).toEqual({ 1: '00', 11: '00', 12: '00', 2: '11', 21: '11' });
  });

  it('edit implies see on the row itself; see off clears edit; edit off keeps see', () => {
    const start = [row(1, null, 1, 1), row(11, 1, 1, 1)];
    expect(rights(togglePermission(start, 11, 'see', false))).toEqual({ 1: '11', 11: '00' });
    expect(rights(togglePermission(start, 11, 'edit', false))).toEqual({ 1: '11', 11: '10' });
  });

  it("switching a child off leaves the parent as it is (other children keep their rights)", () => {
    const start = [row(1, null, 1, 0), row(11, 1, 1, 0), row(12, 1, 1, 0)];
    expect(rights(togglePermission(start, 11, 'see', false))).toEqual({ 1: '10', 11: '00', 12: '10' });
  });

  it("'all' applies the column to every row, with edit implying see", () => {
    expect(rights(togglePermission(blank(), 'all', 'edit', true))).toEqual({ 1: '11', 11: '11', 12: '11', 2: '11', 21: '11' });
    const mixed = [row(1, null, 1, 1), row(11, 1, 1, 0), row(2, null, 0, 0)];
    expect(rights(togglePermission(mixed, 'all', 'see', false))).toEqual({ 1: '00', 11: '00', 2: '00' });
    expect(rights(togglePermission(mixed, 'all', 'edit', false))).toEqual({ 1: '10', 11: '10', 2: '00' });
  });

  it('is pure: the input is not changed and untouched rows keep their identity', () => {
    const start = blank();
    const copy = structuredClone(start);
    const next = togglePermission(start, 11, 'edit', true);
    expect(start).toEqual(copy);
    expect(next).not.toBe(start);
    expect(next[3]).toBe(start[3]); // group 2
    expect(next[4]).toBe(start[4]); // its child
    expect(next[1]).not.toBe(start[1]);
  });

  it('an unknown id changes nothing; order and other fields are kept', () => {
    const start = [{ ...row(1, null), is_home: 0 as const }, { ...row(11, 1), is_home: 1 as const }];
    expect(togglePermission(start, 99, 'see', true)).toEqual(start);
    const next = togglePermission(start, 11, 'see', true);
    expect(next.map((r) => r.id)).toEqual([1, 11]);
    expect(next[1]).toEqual({ id: 11, name: 'm11', id_parent: 1, see: 1, edit: 0, is_home: 1 });
  });

  it('climbs and descends more than one level, without looping on a bad parent link', () => {
    const deep = [row(1, null), row(11, 1), row(111, 11)];
    expect(rights(togglePermission(deep, 111, 'see', true))).toEqual({ 1: '10', 11: '10', 111: '10' });
    expect(rights(togglePermission(deep, 1, 'edit', true))).toEqual({ 1: '11', 11: '11', 111: '11' });
    const loop = [row(5, 6), row(6, 5)];
    expect(rights(togglePermission(loop, 5, 'see', true))).toEqual({ 5: '10', 6: '10' });
  });

  it('a locked row (master data outside the admin profile) is never switched on: not by itself, its group or Todos; it may be switched off', () => {
    const locked = (r: PermissionRow): PermissionRow => ({ ...r, locked: true });
    const start = [row(1, null), row(11, 1), locked(row(12, 1)), locked(row(2, null)), locked(row(21, 2))];
    expect(rights(togglePermission(start, 12, 'see', true))).toEqual({ 1: '00', 11: '00', 12: '00', 2: '00', 21: '00' });
    expect(rights(togglePermission(start, 21, 'edit', true))).toEqual({ 1: '00', 11: '00', 12: '00', 2: '00', 21: '00' });
    expect(rights(togglePermission(start, 1, 'edit', true))).toEqual({ 1: '11', 11: '11', 12: '00', 2: '00', 21: '00' });
    expect(rights(togglePermission(start, 'all', 'see', true))).toEqual({ 1: '10', 11: '10', 12: '00', 2: '00', 21: '00' });
    const given = [row(1, null, 1, 1), row(11, 1, 1, 1), locked(row(12, 1, 1, 1))];
    expect(rights(togglePermission(given, 12, 'edit', false))).toEqual({ 1: '11', 11: '11', 12: '10' });
    expect(rights(togglePermission(given, 1, 'see', false))).toEqual({ 1: '00', 11: '00', 12: '00' });
  });
});
