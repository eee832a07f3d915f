import { describe, expect, it } from 'vitest';
import { sameFormValue } from './sameFormValue';

describe('sameFormValue (the dirty check of useFormState)', () => {
  it("treats '', null and undefined as the same empty value", () => {
    expect(sameFormValue('', null)).toBe(true);
    expect(sameFormValue(undefined, '')).toBe(true);
    expect(sameFormValue({ a: null }, { a: '' })).toBe(true);
    expect(sameFormValue('', 0)).toBe(false);
  });
  it('compares plain objects, arrays and dates by content', () => {
    expect(sameFormValue({ a: 1, b: [1, 2] }, { a: 1, b: [1, 2] })).toBe(true);
    expect(sameFormValue({ a: 1, b: [1, 2] }, { a: 1, b: [2, 1] })).toBe(false);
    expect(sameFormValue(new Date(2024, 0, 1), new Date(2024, 0, 1))).toBe(true);
    expect(sameFormValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
  it('compares files and other instances by identity', () => {
    const file = new File(['x'], 'a.txt');
    expect(sameFormValue(file, file)).toBe(true);
    expect(sameFormValue(file, new File(['x'], 'a.txt'))).toBe(false);
  });
  it('tells numbers from their text', () => {
    expect(sameFormValue(1, '1')).toBe(false);
    expect(sameFormValue(0, -0)).toBe(true);
  });
});
