import { describe, expect, it } from 'vitest';
import { buildModuleTree } from './buildModuleTree';
import { hiddenModuleIds } from './hiddenModuleIds';

const rows = [
  { id: 2, id_parent: null, orden: 1, root: 0 },
  { id: 1, id_parent: null, orden: 0, root: 0 },
  { id: 12, id_parent: 1, orden: 0, root: 0 },
  { id: 11, id_parent: 1, orden: 0, root: 0 },
  { id: 21, id_parent: 2, orden: 0, root: 1 },
  { id: 3, id_parent: null, orden: 2, root: 1 },
  { id: 31, id_parent: 3, orden: 0, root: 0 },
  { id: 40, id_parent: 99, orden: 5, root: 0 },
  { id: 50, id_parent: 51, orden: 0, root: 0 },
  { id: 51, id_parent: 50, orden: 0, root: 0 },
];

const shape = (nodes: { id: number; children: unknown[] }[]): unknown => nodes.map((n) => [n.id, shape(n.children as never)]);

describe('buildModuleTree and hiddenModuleIds', () => {
  it('orders by orden then id, nests children, puts orphans at the top and leaves stored cycles out', () => {
    expect(shape(buildModuleTree(rows))).toEqual([
      [1, [[11, []], [12, []]]],
      [2, [[21, []]]],
      [3, [[31, []]]],
      [40, []],
    ]);
  });

  it('hides root-only modules and what is below them, except from root', () => {
    expect([...hiddenModuleIds(rows, false)].sort()).toEqual([21, 3, 31]);
    expect(hiddenModuleIds(rows, true).size).toBe(0);
    expect(shape(buildModuleTree(rows, hiddenModuleIds(rows, false)))).toEqual([[1, [[11, []], [12, []]]], [2, []], [40, []]]);
  });
});
