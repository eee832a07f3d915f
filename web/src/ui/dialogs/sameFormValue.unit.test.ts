import { describe, expect, it } from 'vitest';
import { sameValue } from './sameValue';

describe('sameValue (the dirty check of useFormState)', () => {
  it("treats '', null and undefined as the same empty value", () => {
    expect(sameValue('', null)).toBe(true);
    expect(sameValue(undefined, '')).toBe(true);
    expect(sameValue({ a: null }, { a: '' })).toBe(true);
    expect(sameValue('', 0)).toBe(false);
  });
  it('compares plain objects, arrays and dates by content', () => {
    expect(sameValue({ a: 1, b: [1, 2] }, { a: 1, b: [1, 2] })).toBe(true);
    expect(sameValue({ a: 1, b: [1, 2] }, { a: 1, b: [2, 1] })).toBe(false);
    expect(sameValue(new Date(2024, 0, 1), new Date(2024, 0, 1))).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
  it('compares files and other instances by identity', () => {
    const file = new File(['x'], 'a.txt');
    expect(sameValue(file, file)).toBe(true);
    expect(sameValue(file, new File(['x'], 'a.txt'))).toBe(false);
  });
  it('tells numbers from their text', () => {
    expect(sameValue(1, '1')).toBe(false);
    expect(sameValue(0, -0)).toBe(true);
  });
});
