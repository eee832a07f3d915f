import { describe, expect, it } from 'vitest';
import { DEFAULT_COIN, currentDisplayCoin, formatMoney, formatNumber, fromCents, setDisplayCoin, sumCents, toCents, toNumber } from './money';

describe('cents', () => {
  it('adds amounts exactly, to the cent, where floating point would not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumCents(['0.10', '0.20'])).toBe('0.30');
    expect(sumCents(['0.10', '0.20', '333.33', '333.33', '333.34'])).toBe('1000.30');
    expect(sumCents(Array.from({ length: 120 }, () => '0.01'))).toBe('1.20');
    expect(sumCents(Array.from({ length: 1000 }, () => '0.07'))).toBe('70.00');
    expect(sumCents(['999999999999.99', '0.01'])).toBe('1000000000000.00');
    expect(sumCents(['-3.10', '3.10', null, '', 'abc'])).toBe('0.00');
    expect(sumCents([])).toBe('0.00');
  });

  it('round-trips every amount of two decimals', () => {
    for (const text of ['0.00', '0.01', '0.99', '1.00', '185000.50', '-3.10', '999999999999.99']) expect(fromCents(toCents(text))).toBe(text);
  });

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

describe('toNumber (the numeric parse rule)', () => {
  it('reads finite numbers, bigints and plain decimal text', () => {
    expect(toNumber(1234.5)).toBe(1234.5);
    expect(toNumber(12n)).toBe(12);
    expect(toNumber(' 1234.50 ')).toBe(1234.5);
    expect(toNumber('-0.001')).toBe(-0.001);
    expect(toNumber('1e3')).toBe(1000);
    expect(toNumber('.5')).toBe(0.5);
  });

  it('refuses everything else with null', () => {
    for (const bad of [null, undefined, '', '  ', '1,234', 'abc', '0x10', 'Infinity', Number.NaN, Number.POSITIVE_INFINITY, true, {}]) {
      expect(toNumber(bad), String(bad)).toBeNull();
    }
  });
});

describe('formatNumber and formatMoney', () => {
  it('writes the coin, a space, thousands commas and two decimals', () => {
    expect(DEFAULT_COIN).toBe('S/');
    expect(formatMoney(1234.5)).toBe('S/ 1,234.50');
    expect(formatMoney(0)).toBe('S/ 0.00');
    expect(formatMoney(1234567.891)).toBe('S/ 1,234,567.89');
    expect(formatMoney(1.005)).toBe('S/ 1.01');
  });

  it('accepts numeric text (rounded as written, every digit kept) and another coin', () => {
    expect(formatMoney('1234.5')).toBe('S/ 1,234.50');
    expect(formatMoney(' 99 ')).toBe('S/ 99.00');
    expect(formatMoney('1.005')).toBe('S/ 1.01');
    expect(formatMoney('123456789012345678.125')).toBe('S/ 123,456,789,012,345,678.13');
    expect(formatMoney(1500, 'US$')).toBe('US$ 1,500.00');
    expect(formatMoney(1500, '')).toBe('1,500.00');
  });

  it('keeps the sign after the coin and never writes minus zero', () => {
    expect(formatMoney(-20)).toBe('S/ -20.00');
    expect(formatMoney(-0.001)).toBe('S/ 0.00');
  });

  it('gives an empty string for null, blank and non-numeric values', () => {
    for (const bad of [null, undefined, '', 'abc', Number.NaN, '1,234']) expect(formatMoney(bad), String(bad)).toBe('');
  });

  it('uses the decimals asked for', () => {
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber(1234.5678, 3)).toBe('1,234.568');
    expect(formatNumber(1234.5, 0)).toBe('1,235');
    expect(formatNumber('42', 1)).toBe('42.0');
    expect(formatNumber(12n)).toBe('12.00');
  });
});

describe('the coin setting (issue 13 §19)', () => {
  it('is what formatMoney prints by default once the web sets it; blank goes back to S/', () => {
    try {
      setDisplayCoin('US$');
      expect(formatMoney(1234.5)).toBe('US$ 1,234.50');
      expect(formatMoney(1234.5, 'S/')).toBe('S/ 1,234.50');
      setDisplayCoin('  ');
      expect(currentDisplayCoin()).toBe(DEFAULT_COIN);
      expect(formatMoney(-20)).toBe('S/ -20.00');
    } finally {
      setDisplayCoin(null);
    }
  });
});
