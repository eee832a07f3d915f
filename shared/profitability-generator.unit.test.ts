import { describe, expect, it } from 'vitest';
import { generatorItems, monthsPeriod, moveInTree, segmentFilter } from './profitability-generator';

describe('profitability generator rules (seed 002 §5, §9)', () => {
  const tree = generatorItems().map((s) => ({ id: s.id, children: s.children.map((c) => ({ id: c.id })) }));
  const ids = (t: typeof tree) => t.map((s) => `${s.id}:${s.children.map((c) => c.id).join('')}`);

  it('a section moves among the sections; a result within its own section', () => {
    expect(ids(moveInTree(tree, { parent: null, id: 0 }, { parent: null, id: 2 }))).toEqual(['1:1234', '2:1234', '0:1234', '3:1234']);
    expect(ids(moveInTree(tree, { parent: 1, id: 4 }, { parent: 1, id: 1 }))).toEqual(['0:1234', '1:4123', '2:1234', '3:1234']);
  });

  it('depth 1 within the same parent: a drop under another parent, or a result onto a section, changes nothing', () => {
    expect(moveInTree(tree, { parent: 0, id: 1 }, { parent: 2, id: 3 })).toBe(tree);
    expect(moveInTree(tree, { parent: 0, id: 1 }, { parent: null, id: 1 })).toBe(tree);
    expect(moveInTree(tree, { parent: null, id: 1 }, { parent: 1, id: 2 })).toBe(tree);
  });

  it('each segment keeps only its own filters', () => {
    const all = { id_obra: [1], id_subgrupos: [2], id_equipos: [3], id_marcas: [4], id_modelos: [5] };
    expect(segmentFilter(0, all)).toEqual(all);
    expect(segmentFilter(1, all)).toEqual({ id_obra: [1], id_subgrupos: [2] });
    expect(segmentFilter(2, all)).toEqual({ id_obra: [1], id_subgrupos: [2] });
    expect(segmentFilter(3, all)).toEqual({ id_subgrupos: [2] });
    expect(segmentFilter(3, null)).toEqual({});
  });

  it('the months give the period from the first day of the first to the last day of the last', () => {
    expect(monthsPeriod(['2024-02', '2023-11'])).toEqual({ date_from: '2023-11-01', date_to: '2024-02-29' });
  });
});
