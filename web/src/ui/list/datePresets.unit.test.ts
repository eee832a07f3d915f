import { describe, expect, it } from 'vitest';
import { businessToday } from '@shared/time';
import { DATE_PRESETS, datePreset } from './datePresets';

/** Wednesday 18 November 2026 (the business day: businessToday). */
const WEDNESDAY = '2026-11-18';
/** Thursday 15 January 2026: previous month and year are in 2025. */
const JANUARY = '2026-01-15';

describe('datePreset', () => {
  /** Each preset in order, with its range on Wednesday 2026-11-18 and on Thursday 2026-01-15. */
  const RANGES = [
    ['Hoy', ['2026-11-18', '2026-11-18'], ['2026-01-15', '2026-01-15']],
    ['Ayer', ['2026-11-17', '2026-11-17'], ['2026-01-14', '2026-01-14']],
    ['Últimos 7 días', ['2026-11-12', '2026-11-18'], ['2026-01-09', '2026-01-15']],
    ['Últimos 30 días', ['2026-10-20', '2026-11-18'], ['2025-12-17', '2026-01-15']],
    ['Últimos 6 meses', ['2026-05-18', '2026-11-18'], ['2025-07-15', '2026-01-15']],
    ['Esta semana', ['2026-11-16', '2026-11-22'], ['2026-01-12', '2026-01-18']],
    ['Semana pasada', ['2026-11-09', '2026-11-15'], ['2026-01-05', '2026-01-11']],
    ['Este mes', ['2026-11-01', '2026-11-30'], ['2026-01-01', '2026-01-31']],
    ['Mes pasado', ['2026-10-01', '2026-10-31'], ['2025-12-01', '2025-12-31']],
    ['Este año', ['2026-01-01', '2026-12-31'], ['2026-01-01', '2026-12-31']],
    ['Año pasado', ['2025-01-01', '2025-12-31'], ['2025-01-01', '2025-12-31']],
  ] as const;

  it('offers the eleven presets in order', () => {
    expect(DATE_PRESETS).toEqual(RANGES.map(([name]) => name));
    expect(DATE_PRESETS).toHaveLength(11);
  });

  it.each(RANGES.flatMap(([name, november, january]) => [[name, WEDNESDAY, ...november], [name, JANUARY, ...january]] as const))('%s on %s is %s – %s', (name, day, from, to) => {
    expect(datePreset(name, day)).toEqual({ from, to });
  });

  it('starts weeks on Monday: on a Sunday "Esta semana" ends that day', () => {
    const sunday = '2026-11-22';
    expect(datePreset('Esta semana', sunday)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(datePreset('Semana pasada', sunday)).toEqual({ from: '2026-11-09', to: '2026-11-15' });
  });

  it('starts weeks on Monday: on a Monday "Esta semana" begins that day', () => {
    const monday = '2026-11-16';
    expect(datePreset('Esta semana', monday)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(datePreset('Ayer', monday)).toEqual({ from: '2026-11-15', to: '2026-11-15' });
  });

  it('crosses month and year boundaries for "Ayer" and "Semana pasada"', () => {
    const newYear = '2026-01-01'; // Thursday
    expect(datePreset('Ayer', newYear)).toEqual({ from: '2025-12-31', to: '2025-12-31' });
    expect(datePreset('Semana pasada', newYear)).toEqual({ from: '2025-12-22', to: '2025-12-28' });
    expect(datePreset('Esta semana', newYear)).toEqual({ from: '2025-12-29', to: '2026-01-04' });
  });

  it('clamps "Últimos 6 meses" to the end of a shorter month', () => {
    expect(datePreset('Últimos 6 meses', '2026-08-31')).toEqual({ from: '2026-02-28', to: '2026-08-31' });
    expect(datePreset('Últimos 6 meses', '2028-08-31')).toEqual({ from: '2028-02-29', to: '2028-08-31' });
  });

  it('ends "Mes pasado" on the last day of February', () => {
    expect(datePreset('Mes pasado', '2028-03-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it("'Hoy' is the business day in Lima: at 03:00 UTC the 19th, it is still the 18th there", () => {
    const previous = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo'; // a browser far east of Lima, already on the 19th
    try {
      expect(datePreset('Hoy', businessToday(new Date('2026-11-19T03:00:00Z')))).toEqual({ from: '2026-11-18', to: '2026-11-18' });
    } finally {
      if (previous === undefined) delete process.env.TZ;
      else process.env.TZ = previous;
    }
  });
});
