import { describe, expect, it } from 'vitest';
import { changesOf, sameValue } from './diff';

describe('sameValue', () => {
  it('treats null and undefined as no value, and compares the rest as stored JSON', () => {
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue([1, { a: 2 }], [1, { a: 2 }])).toBe(true);
    expect(sameValue(1, '1')).toBe(false);
    expect(sameValue('', null)).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
  });
});

describe('changesOf', () => {
  it('records the changed fields of the list, from → to, a missing value as null', () => {
    const before = { a: 1, b: 'x', c: null as string | null, d: [1] };
    const after = { a: 1, b: 'y', c: 'z', d: [1] };
    expect(changesOf(before, after, ['a', 'b', 'c', 'd'])).toEqual({ b: { from: 'x', to: 'y' }, c: { from: null, to: 'z' } });
    expect(changesOf<Record<string, unknown>, string>({ a: 1 }, { a: 1, b: undefined }, ['a', 'b'])).toEqual({});
    expect(changesOf<Record<string, unknown>, string>({}, { e: 2 }, ['e'])).toEqual({ e: { from: null, to: 2 } });
  });

  it('looks only at the fields it is given', () => {
    expect(changesOf({ a: 1, b: 2 }, { a: 1, b: 3 }, ['a'])).toEqual({});
  });
});
