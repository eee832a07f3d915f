import { describe, expect, it } from 'vitest';
import { prng } from '../../../demo/prng';
import { fromCents, toCents } from '@shared/money';
import { amortizationPlan, instalmentCents } from './amortizationPlan';

const sum = (values: string[]) => values.reduce((s, x) => s + toCents(x), 0n);

describe('instalmentCents', () => {
  it('spreads the remainder cents over the first months, one each', () => {
    expect([0, 1, 2].map((i) => instalmentCents(100n, 3, i))).toEqual([34n, 33n, 33n]);
    expect([0, 1, 2].map((i) => instalmentCents(1n, 3, i))).toEqual([1n, 0n, 0n]);
    expect(instalmentCents(1000n, 1, 0)).toBe(1000n);
    expect(instalmentCents(1000n, 3, 3)).toBe(0n);
    expect(instalmentCents(1000n, 0, 0)).toBe(0n);
  });
});

describe('amortizationPlan', () => {
  it('adds up exactly to the cost for 1,000 random costs and month counts, including the edges', () => {
    const random = prng(20261122);
    const cases: [string, number][] = [
      ['0.01', 1],
      ['0.01', 120],
      ['0.03', 2],
      ['1.00', 3],
      ['185000.00', 1],
      ['185000.00', 120],
      ['999999999999.99', 600],
      ['100.01', 7],
    ];
    while (cases.length < 1000) {
      const cents = BigInt(Math.floor(random() * 1e10) + 1);
      const months = random() < 0.1 ? (random() < 0.5 ? 1 : 120) : Math.floor(random() * 120) + 1;
      cases.push([fromCents(cents), months]);
    }
    for (const [costo, meses] of cases) {
      const plan = amortizationPlan({ costo, meses, inicio: '2024-03-01', hoy: '2025-01-15' });
      expect(plan.rows).toHaveLength(meses);
      expect(sum(plan.rows.map((r) => r.pendiente))).toBe(toCents(costo));
      expect(plan.rows[meses - 1].mes_restante).toBe('0.00');
      // Instalments never differ by more than one cent.
      const cents = plan.rows.map((r) => toCents(r.pendiente));
      const min = cents.reduce((a, b) => (a < b ? a : b));
      const max = cents.reduce((a, b) => (a > b ? a : b));
      expect(max - min <= 1n).toBe(true);
    }
  });

  it('marks past months Amortizado, the current one En curso and later ones Pendiente', () => {
    const plan = amortizationPlan({ costo: '1200.00', meses: 12, inicio: '2025-01-01', hoy: '2025-04-20' });
    expect(plan.rows.map((r) => r.estado.nombre).slice(0, 5)).toEqual(['Amortizado', 'Amortizado', 'Amortizado', 'En curso', 'Pendiente']);
    expect(plan.rows[0]).toMatchObject({ anio: 2025, mes: 1, nombre: 'Enero', pendiente: '100.00', mes_restante: '1100.00' });
    expect(plan.rows[11]).toMatchObject({ anio: 2025, mes: 12, nombre: 'Diciembre', mes_restante: '0.00' });
    expect(plan).toMatchObject({ saldo_restante: '900.00', meses_pendientes: 9, pendiente_por_mes: '100.00' });
  });

  it('crosses years and gives the first instalment as pending before the plan starts', () => {
    const plan = amortizationPlan({ costo: '1000.00', meses: 3, inicio: '2025-11-01', hoy: '2025-06-02' });
    expect(plan.rows.map((r) => `${r.nombre} ${r.anio}`)).toEqual(['Noviembre 2025', 'Diciembre 2025', 'Enero 2026']);
    expect(plan.rows.map((r) => r.pendiente)).toEqual(['333.34', '333.33', '333.33']);
    expect(plan).toMatchObject({ saldo_restante: '1000.00', meses_pendientes: 3, pendiente_por_mes: '333.34' });
  });

  it('owes nothing once the last month has passed', () => {
    const plan = amortizationPlan({ costo: '500.00', meses: 2, inicio: '2020-01-01', hoy: '2025-06-02' });
    expect(plan).toMatchObject({ saldo_restante: '0.00', meses_pendientes: 0, pendiente_por_mes: '0.00' });
    expect(plan.rows.every((r) => r.estado.nombre === 'Amortizado')).toBe(true);
  });

  it('has no calendar without cost, months or start', () => {
    expect(amortizationPlan({ costo: '0.00', meses: 12, inicio: '2025-01-01', hoy: '2025-06-02' })).toMatchObject({ rows: [], saldo_restante: '0.00' });
    expect(amortizationPlan({ costo: '10.00', meses: 0, inicio: '2025-01-01', hoy: '2025-06-02' })).toMatchObject({ rows: [], saldo_restante: '10.00', pendiente_por_mes: '0.00' });
    expect(amortizationPlan({ costo: '10.00', meses: 3, inicio: null, hoy: '2025-06-02' }).rows).toEqual([]);
  });
});
