import { describe, expect, it } from 'vitest';
import { createsCycle } from './creates-cycle';

// 1 ─┬─ 2 ── 4
//    └─ 3
const tree = new Map<number, number | null>([
  [1, null],
  [2, 1],
  [3, 1],
  [4, 2],
]);

describe('createsCycle', () => {
  it('refuses the element itself and its descendants as parent', () => {
    expect(createsCycle(1, 1, tree)).toBe(true);
    expect(createsCycle(1, 2, tree)).toBe(true);
    expect(createsCycle(1, 4, tree)).toBe(true);
    expect(createsCycle(2, 4, tree)).toBe(true);
  });
  it('allows any other element, no parent, or a new element', () => {
    expect(createsCycle(2, 3, tree)).toBe(false);
    expect(createsCycle(4, 1, tree)).toBe(false);
    expect(createsCycle(3, null, tree)).toBe(false);
    expect(createsCycle(0, 4, tree)).toBe(false);
  });
  it('stops on a loop already in the data', () => {
    const broken = new Map<number, number | null>([
      [5, 6],
      [6, 5],
    ]);
    expect(createsCycle(7, 5, broken)).toBe(false);
  });
});
