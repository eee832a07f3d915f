import { describe, expect, it } from 'vitest';
import { durationText, hours2, intervalOf, leadStats, minutesBetween } from './lead-time';

// Seed 002 §9 and SEED-002-ANALYSIS WP4 item 1, with the instants given (no clock read).
describe('lead-time arithmetic', () => {
  it('08:00 → 10:30 is 2 h 30 min; 22:45:30 rounds up to 22 h 46 min; never negative', () => {
    expect(minutesBetween('2026-11-02T08:00:00Z', '2026-11-02T10:30:00Z')).toBe(150);
    expect(durationText(150)).toBe('2 h 30 min');
    expect(minutesBetween('2026-11-02T00:00:00Z', '2026-11-02T22:45:30Z')).toBe(22 * 60 + 46);
    expect(durationText(minutesBetween('2026-11-02T00:00:00Z', '2026-11-02T22:45:30Z'))).toBe('22 h 46 min');
    expect(minutesBetween('2026-11-02T10:00:00Z', '2026-11-02T08:00:00Z')).toBe(0);
    expect(minutesBetween('2026-11-02T10:00:00Z', '2026-11-02T10:00:00.001Z')).toBe(1);
    expect(durationText(0)).toBe('0 min');
  });

  it('1,000 h is 1 mes 11 días 16 h; 400 days are 1 año 1 mes 10 días (1 month = 30 days, 1 year = 12 months)', () => {
    expect(durationText(1000 * 60)).toBe('1 mes 11 días 16 h');
    expect(durationText(400 * 24 * 60)).toBe('1 año 1 mes 10 días');
    expect(intervalOf(400 * 24 * 60 + 61)).toEqual({ anios: 1, meses: 1, dias: 10, horas: 1, minutos: 1, segundos: 0 });
    expect(durationText(2 * 360 * 24 * 60 + 2 * 30 * 24 * 60 + 2 * 24 * 60)).toBe('2 años 2 meses 2 días');
  });

  it('three OTs of 2.5, 4 and 6 h: min 2.50, promedio 4.17, max 6.00, median 4.00', () => {
    expect(leadStats([2.5, 4, 6])).toEqual({ min: 2.5, promedio: 4.17, max: 6, mediana: 4, p90: 5.6 });
    expect(leadStats([])).toBeNull();
    expect(hours2(150)).toBe(2.5);
  });
});
