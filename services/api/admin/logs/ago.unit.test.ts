import { describe, expect, it } from 'vitest';
import { ago } from './ago';

const now = new Date('2026-11-22T15:00:00Z');
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('ago', () => {
  it('says a moment for under a minute, and for a clock slightly ahead', () => {
    expect(ago(before(0), now)).toBe('hace un momento');
    expect(ago(before(59), now)).toBe('hace un momento');
    expect(ago(before(-30), now)).toBe('hace un momento');
  });

  it('counts minutes and hours, singular and plural', () => {
    expect(ago(before(60), now)).toBe('hace 1 minuto');
    expect(ago(before(5 * 60 + 59), now)).toBe('hace 5 minutos');
    expect(ago(before(59 * 60 + 59), now)).toBe('hace 59 minutos');
    expect(ago(before(3600), now)).toBe('hace 1 hora');
    expect(ago(before(2 * 3600 + 120), now)).toBe('hace 2 horas');
    expect(ago(before(23 * 3600 + 3599), now)).toBe('hace 23 horas');
  });

  it('says ayer from 24 to 47 hours, then days', () => {
    expect(ago(before(24 * 3600), now)).toBe('ayer');
    expect(ago(before(47 * 3600 + 3599), now)).toBe('ayer');
    expect(ago(before(48 * 3600), now)).toBe('hace 2 días');
    expect(ago(before(3 * 86400 + 5), now)).toBe('hace 3 días');
    expect(ago(before(29 * 86400), now)).toBe('hace 29 días');
  });

  it('months of 30 days, then years', () => {
    expect(ago(before(30 * 86400), now)).toBe('hace 1 mes');
    expect(ago(before(95 * 86400), now)).toBe('hace 3 meses');
    expect(ago(before(364 * 86400), now)).toBe('hace 12 meses');
    expect(ago(before(365 * 86400), now)).toBe('hace 1 año');
    expect(ago(before(3 * 365 * 86400), now)).toBe('hace 3 años');
  });

  it('an invalid date gives an empty text', () => {
    expect(ago(new Date('not a date'), now)).toBe('');
  });
});
