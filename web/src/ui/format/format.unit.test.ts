import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from './formatDate';
import { formatDateTime } from './formatDateTime';
import { formatFileSize } from './formatFileSize';
import { formatHours } from './formatHours';
import { formatMoney } from './formatMoney';
import { formatNumber } from './formatNumber';

// Lima (UTC-5, no daylight saving) is where a date-only string read as UTC shows the day before.
const previousTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Lima';
});
afterAll(() => {
  process.env.TZ = previousTz;
});

describe('formatMoney', () => {
  it('writes the coin, a space, thousands commas and two decimals', () => {
    expect(formatMoney(1234.5)).toBe('S/ 1,234.50');
    expect(formatMoney(0)).toBe('S/ 0.00');
    expect(formatMoney(1234567.891)).toBe('S/ 1,234,567.89');
    expect(formatMoney(1.005)).toBe('S/ 1.01');
  });
  it('accepts numeric strings and another coin', () => {
    expect(formatMoney('1234.5')).toBe('S/ 1,234.50');
    expect(formatMoney(' 99 ')).toBe('S/ 99.00');
    expect(formatMoney(1500, 'US$')).toBe('US$ 1,500.00');
  });
  it('keeps the sign after the coin and never writes minus zero', () => {
    expect(formatMoney(-20)).toBe('S/ -20.00');
    expect(formatMoney(-0.001)).toBe('S/ 0.00');
  });
  it('gives an empty string for null, blank and non-numeric values', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });
});

describe('formatNumber', () => {
  it('uses two decimals by default and the decimals asked for', () => {
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber(1234.5678, 3)).toBe('1,234.568');
    expect(formatNumber(1234.5, 0)).toBe('1,235');
    expect(formatNumber('42', 1)).toBe('42.0');
  });
  it('gives an empty string for null and non-numeric values', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber('1,234')).toBe('');
  });
});

describe('formatDate', () => {
  it('does not shift a yyyy-MM-dd date by the time zone', () => {
    expect(formatDate('2024-03-05')).toBe('05/03/2024');
    expect(formatDate('2024-01-01')).toBe('01/01/2024');
  });
  it('reads Date objects, ISO strings and PostgreSQL text in local time', () => {
    expect(formatDate(new Date(2024, 11, 31, 23, 59))).toBe('31/12/2024');
    expect(formatDate('2024-03-05T10:00:00')).toBe('05/03/2024');
    expect(formatDate('2024-03-05T02:00:00Z')).toBe('04/03/2024');
    expect(formatDate('2024-03-05 02:00:00+00')).toBe('04/03/2024');
    expect(formatDate('2024-03-05 02:00:00.123456+0000')).toBe('04/03/2024');
    expect(formatDate('2024-03-05 23:30:00')).toBe('05/03/2024');
  });
  it('gives an empty string for invalid and empty values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('no es fecha')).toBe('');
    expect(formatDate('2024-02-31')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('uses a 12-hour clock with AM and PM', () => {
    expect(formatDateTime(new Date(2024, 2, 5, 14, 7))).toBe('05/03/2024 02:07 PM');
    expect(formatDateTime(new Date(2024, 2, 5, 9, 30))).toBe('05/03/2024 09:30 AM');
  });
  it('writes midnight as 12 AM and noon as 12 PM', () => {
    expect(formatDateTime(new Date(2024, 2, 5, 0, 0))).toBe('05/03/2024 12:00 AM');
    expect(formatDateTime(new Date(2024, 2, 5, 12, 5))).toBe('05/03/2024 12:05 PM');
  });
  it('converts UTC strings to local time and keeps date-only strings on their day', () => {
    expect(formatDateTime('2024-03-05T20:15:00.000Z')).toBe('05/03/2024 03:15 PM');
    expect(formatDateTime('2024-03-05')).toBe('05/03/2024 12:00 AM');
  });
  it('gives an empty string for invalid values', () => {
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('x')).toBe('');
  });
});

describe('formatHours', () => {
  it('writes hours and minutes', () => {
    expect(formatHours(3, 25)).toBe('3 h 25 m');
    expect(formatHours(3)).toBe('3 h 0 m');
    expect(formatHours(0, 45)).toBe('0 h 45 m');
  });
  it('converts decimal hours to hours and minutes', () => {
    expect(formatHours(3.4166)).toBe('3 h 25 m');
    expect(formatHours(1.5)).toBe('1 h 30 m');
    expect(formatHours('2.25')).toBe('2 h 15 m');
  });
  it('carries minutes of 60 or more into hours, rounding to whole minutes', () => {
    expect(formatHours(1, 90)).toBe('2 h 30 m');
    expect(formatHours(1.9999)).toBe('2 h 0 m');
  });
  it('keeps one minus for a negative total and gives empty for no value', () => {
    expect(formatHours(-1.5)).toBe('-1 h 30 m');
    expect(formatHours(null)).toBe('');
    expect(formatHours('')).toBe('');
  });
});

describe('formatFileSize', () => {
  it('uses base 1024 and one decimal from KB up', () => {
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1024)).toBe('1.0 KB');
    expect(formatFileSize(12 * 1024 * 1024)).toBe('12.0 MB');
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe('3.3 GB');
  });
  it('writes whole bytes under 1 KB', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(512)).toBe('512 B');
  });
  it('moves to the next unit instead of writing 1024.0', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1.0 MB');
  });
  it('gives an empty string for null, negative and non-numeric values', () => {
    expect(formatFileSize(null)).toBe('');
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize('abc')).toBe('');
  });
});
