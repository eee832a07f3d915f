import { describe, expect, it } from 'vitest';
import type { ModuleNode } from './moduleNode';
import { moveModule } from './moveModule';
import { resortItems } from './resortItems';

const node = (id: number, id_parent: number | null, children?: ModuleNode[]): ModuleNode => ({
  id, name: `m${id}`, icon: '', url: id_parent === null ? null : `/m${id}`, root: 0, estado: 1, orden: 0, id_parent, children,
});

const tree = (): ModuleNode[] => [node(1, null, [node(11, 1), node(12, 1), node(13, 1)]), node(2, null, [node(21, 2)]), node(3, null, [])];

const shape = (groups: ModuleNode[]) => groups.map((g) => [g.id, (g.children ?? []).map((c) => c.id)]);

describe('moveModule (drag and drop on /modules, one level deep)', () => {
  it('moves a module to another group at the given place and sets its parent', () => {
    const next = moveModule(tree(), 12, 2, 0);
    expect(shape(next)).toEqual([[1, [11, 13]], [2, [12, 21]], [3, []]]);
    expect(next[1].children![0].id_parent).toBe(2);
  });

  it('appends when the index is past the end, and fills an empty group', () => {
    expect(shape(moveModule(tree(), 11, 2, 99))).toEqual([[1, [12, 13]], [2, [21, 11]], [3, []]]);
    expect(shape(moveModule(tree(), 21, 3, 0))).toEqual([[1, [11, 12, 13]], [2, []], [3, [21]]]);
  });

  it('reorders inside the same group (index counted after leaving)', () => {
    expect(shape(moveModule(tree(), 11, 1, 2))).toEqual([[1, [12, 13, 11]], [2, [21]], [3, []]]);
  });

  it('ignores groups as the moving entry and unknown targets; input untouched', () => {
    const start = tree();
    expect(shape(moveModule(start, 2, 1, 0))).toEqual(shape(start));
    expect(shape(moveModule(start, 11, 99, 0))).toEqual(shape(start));
    moveModule(start, 11, 2, 0);
    expect(shape(start)).toEqual([[1, [11, 12, 13]], [2, [21]], [3, []]]);
    expect(moveModule(start, 11, 2, 0)[2]).toBe(start[2]);
  });
});

describe('resortItems (body of POST /modules/resort)', () => {
  it('lists every group and module with its parent and its position among its siblings', () => {
    expect(resortItems(moveModule(tree(), 13, 2, 0))).toEqual([
      { id: 1, id_parent: null, orden: 0 },
      { id: 11, id_parent: 1, orden: 0 },
      { id: 12, id_parent: 1, orden: 1 },
      { id: 2, id_parent: null, orden: 1 },
      { id: 13, id_parent: 2, orden: 0 },
      { id: 21, id_parent: 2, orden: 1 },
      { id: 3, id_parent: null, orden: 2 },
    ]);
  });
});
