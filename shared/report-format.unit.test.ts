import { describe, expect, it } from 'vitest';
import { formatAmountUp, formatAxis, formatHours, formatPercent, roundUp } from './report-format';

describe('report display rules (seed 002 §9, issue 19)', () => {
  it('amounts are rounded up to two decimals: 1,234.561 → S/ 1,234.57; an exact amount stays', () => {
    expect(formatAmountUp(1234.561, 'S/')).toBe('S/ 1,234.57');
    expect(formatAmountUp(1234.57, 'S/')).toBe('S/ 1,234.57');
    expect(formatAmountUp('1234.5', 'S/')).toBe('S/ 1,234.50');
    expect(formatAmountUp(-20.001, 'S/')).toBe('S/ -20.01');
    expect(formatAmountUp(null, 'S/')).toBe('');
    expect(roundUp(0.1 + 0.2)).toBe(0.3);
  });

  it('axis labels shorten at K and M with one decimal: 1,500 → 1.5K, 2,345,678 → 2.3M', () => {
    expect(formatAxis(1500)).toBe('1.5K');
    expect(formatAxis(2_345_678)).toBe('2.3M');
    expect(formatAxis(1000)).toBe('1.0K');
    expect(formatAxis(950)).toBe('950');
    expect(formatAxis(0)).toBe('0');
    expect(formatAxis(-1500)).toBe('-1.5K');
  });

  it('a missing percentage shows 0.00%; others two decimals', () => {
    expect(formatPercent(null)).toBe('0.00%');
    expect(formatPercent(undefined)).toBe('0.00%');
    expect(formatPercent(Number.NaN)).toBe('0.00%');
    expect(formatPercent(87.5)).toBe('87.50%');
    expect(formatPercent(1234.5)).toBe('1,234.50%');
  });

  it('a percentage may name its missing text and a spaced sign (horómetros: 85.70 %, —)', () => {
    const style = { missing: '—', spaced: true };
    expect(formatPercent(85.7, style)).toBe('85.70 %');
    expect(formatPercent(null, style)).toBe('—');
    expect(formatPercent(undefined, style)).toBe('—');
    expect(formatPercent(0, style)).toBe('0.00 %');
  });

  it('hours show two decimals and h; missing is a dash', () => {
    expect(formatHours(1234.5)).toBe('1,234.50 h');
    expect(formatHours(null)).toBe('—');
  });
});
