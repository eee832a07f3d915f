import { describe, expect, it } from 'vitest';
import { prng } from '../../demo/prng';
import { fromCents, toCents } from '@shared/money';
import { insuranceSchedule } from './insuranceSchedule';

describe('insuranceSchedule', () => {
  it('spreads a year starting mid-month over 13 months by days, adding up exactly', () => {
    const s = insuranceSchedule({ anual: '3650.00', inicio: '2025-03-15', hoy: '2025-06-10' });
    expect(s).toMatchObject({ desde: '2025-03-15', hasta: '2026-03-15' });
    expect(s.rows).toHaveLength(13);
    expect(s.rows[0]).toMatchObject({ anio: 2025, mes: 3, nombre: 'Marzo', dias: 17, costo: '170.00' });
    expect(s.rows[1]).toMatchObject({ mes: 4, dias: 30, costo: '300.00' });
    expect(s.rows[12]).toMatchObject({ anio: 2026, mes: 3, dias: 14, costo: '140.00' });
    expect(s.rows.reduce((n, r) => n + r.dias, 0)).toBe(365);
    expect(s.rows.reduce((n, r) => n + toCents(r.costo), 0n)).toBe(365000n);
    expect(s.rows.map((r) => r.estado.nombre).slice(0, 5)).toEqual(['Pagado', 'Pagado', 'Pagado', 'En curso', 'Pendiente']);
    expect(s.costo_mes_actual).toBe('300.00');
  });

  it('gives the leftover cents to the largest remainders (ties: the earlier month)', () => {
    const s = insuranceSchedule({ anual: '0.05', inicio: '2025-01-01', hoy: '2025-01-01' });
    expect(s.rows).toHaveLength(12);
    // 5 cents over 365 days: the five 31-day months with the largest remainders, earliest first.
    expect(s.rows.map((r) => r.costo)).toEqual(['0.01', '0.00', '0.01', '0.00', '0.01', '0.00', '0.01', '0.01', '0.00', '0.00', '0.00', '0.00']);
  });

  it('follows the insurance year that holds today, and a leap-day start falls back to the 28th', () => {
    const later = insuranceSchedule({ anual: '1200.00', inicio: '2020-07-01', hoy: '2024-08-05' });
    expect(later).toMatchObject({ desde: '2024-07-01', hasta: '2025-07-01' });
    expect(later.rows[0]).toMatchObject({ anio: 2024, mes: 7 });
    const leap = insuranceSchedule({ anual: '366.00', inicio: '2024-02-29', hoy: '2025-03-01' });
    expect(leap).toMatchObject({ desde: '2025-02-28', hasta: '2026-02-28' });
    const first = insuranceSchedule({ anual: '366.00', inicio: '2024-02-29', hoy: '2024-12-31' });
    expect(first).toMatchObject({ desde: '2024-02-29', hasta: '2025-02-28' });
    expect(first.rows.reduce((n, r) => n + r.dias, 0)).toBe(365);
  });

  it('shows the first year, all pending and no current cost, before the insurance starts', () => {
    const s = insuranceSchedule({ anual: '1200.00', inicio: '2030-01-01', hoy: '2025-06-10' });
    expect(s.desde).toBe('2030-01-01');
    expect(s.rows.every((r) => r.estado.nombre === 'Pendiente')).toBe(true);
    expect(s.costo_mes_actual).toBe('0.00');
  });

  it('has no rows without cost or start date', () => {
    expect(insuranceSchedule({ anual: '0.00', inicio: '2025-01-01', hoy: '2025-06-10' }).rows).toEqual([]);
    expect(insuranceSchedule({ anual: '100.00', inicio: null, hoy: '2025-06-10' }).rows).toEqual([]);
  });

  it('adds up exactly to the annual cost for 1,000 random costs and start days', () => {
    const random = prng(7);
    for (let i = 0; i < 1000; i++) {
      const anual = fromCents(BigInt(Math.floor(random() * 1e9) + 1));
      const start = new Date(Date.UTC(2012, 0, 1) + Math.floor(random() * 4500) * 86_400_000).toISOString().slice(0, 10);
      const s = insuranceSchedule({ anual, inicio: start, hoy: '2026-11-22' });
      expect(s.rows.reduce((n, r) => n + toCents(r.costo), 0n)).toBe(toCents(anual));
      expect(s.rows.reduce((n, r) => n + r.dias, 0)).toBeGreaterThanOrEqual(365);
    }
  });
});
