import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { profitabilitySearch } from '../../modules/profitability/profitabilitySearch';
import { traceabilitySearch } from '../../modules/traceability/traceabilitySearch';
import { optionalIds } from './listSearch';

const parse = (raw: unknown) => v.parse(optionalIds, raw);

describe('optionalIds', () => {
  it('reads an array, a comma list or a lone number, as written by the router or typed in the URL', () => {
    expect(parse([1, 2, 3])).toEqual([1, 2, 3]);
    expect(parse(['4', 5])).toEqual([4, 5]);
    expect(parse('1,2,3')).toEqual([1, 2, 3]);
    expect(parse('7')).toEqual([7]);
    expect(parse(7)).toEqual([7]);
  });

  it('keeps the order and drops repeats', () => {
    expect(parse('3,1,3,2,1')).toEqual([3, 1, 2]);
    expect(parse([2, '2', 2])).toEqual([2]);
  });

  it('drops what is not a record id, and an empty list leaves the URL', () => {
    expect(parse('1,x,0,-2,1.5,,4')).toEqual([1, 4]);
    expect(parse([0, -1, 'a', 2.5, 9])).toEqual([9]);
    expect(parse('abc')).toBeUndefined();
    expect(parse('')).toBeUndefined();
    expect(parse([])).toBeUndefined();
    expect(parse(0)).toBeUndefined();
    expect(parse(undefined)).toBeUndefined();
  });

  it('never fails the route on a value of another shape', () => {
    for (const raw of [null, true, { a: 1 }, [[1]], [null]]) expect(parse(raw)).toBeUndefined();
  });

  it('is what the traceability and profitability screens keep their chosen ids with', () => {
    expect(v.parse(traceabilitySearch, { obras: '2,1', gf_off: [3, 'x'] })).toMatchObject({ obras: [2, 1], gf_off: [3] });
    expect(v.parse(profitabilitySearch, { obras: [5], subgrupos: '6,6', equipos: 'no', marcas: 8, modelos: [] })).toMatchObject({
      obras: [5],
      subgrupos: [6],
      equipos: undefined,
      marcas: [8],
      modelos: undefined,
    });
  });
});
