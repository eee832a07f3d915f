import { describe, expect, it } from 'vitest';
import { decimalPlaces, readDecimal } from './catalogue-fields';

describe('readDecimal', () => {
  it('reads numbers and plain decimal text', () => {
    expect(readDecimal(3.7854)).toBe(3.7854);
    expect(readDecimal(' 250 ')).toBe(250);
    expect(readDecimal('0.25')).toBe(0.25);
    expect(readDecimal('3.7854')).toBe(3.7854);
  });
  it('refuses what is not a plain decimal', () => {
    for (const bad of ['', '  ', 'abc', '3,5', '1e3', '-2', '+2', '.5', '5.', NaN, Infinity, null, undefined, {}, [], true]) {
      expect(readDecimal(bad), String(bad)).toBeNull();
    }
  });
});

describe('decimalPlaces', () => {
  it('counts the decimals of the shortest form', () => {
    expect(decimalPlaces(250)).toBe(0);
    expect(decimalPlaces(0.25)).toBe(2);
    expect(decimalPlaces(3.7854)).toBe(4);
    expect(decimalPlaces(1e-7)).toBe(7);
    expect(decimalPlaces(1.5e-7)).toBe(8);
    expect(decimalPlaces(1e21)).toBe(0);
  });
});
