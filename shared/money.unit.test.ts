import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from './cents';

describe('cents', () => {
  it('reads decimal strings and numbers exactly', () => {
    expect(toCents('185000.00')).toBe(18500000n);
    expect(toCents('185000.5')).toBe(18500050n);
    expect(toCents('0.01')).toBe(1n);
    expect(toCents('12')).toBe(1200n);
    expect(toCents(0.1 + 0.2)).toBe(30n);
    expect(toCents('999999999999.99')).toBe(99999999999999n);
    expect(toCents('-3.10')).toBe(-310n);
    expect(toCents(null)).toBe(0n);
    expect(toCents('abc')).toBe(0n);
  });

  it('writes two decimals', () => {
    expect(fromCents(18500050n)).toBe('185000.50');
    expect(fromCents(1n)).toBe('0.01');
    expect(fromCents(0n)).toBe('0.00');
    expect(fromCents(-310n)).toBe('-3.10');
  });
});
