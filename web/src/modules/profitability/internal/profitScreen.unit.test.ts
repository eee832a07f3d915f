import { describe, expect, it } from 'vitest';
import { PROFIT_COLORS, profitRow, tabRows, totalRow, type ProfitBase } from '@shared/profitability';
import { formatAxis } from '@shared/report-format';
import { chartChange, chartRequest, hasFilter } from './chartFilters';
import { barDomain, DONUT, profitBarRows, ROW_HEIGHT } from './profitBars';

// The profitability screen's pure rules (seed 002 §2, §4, §9; issue 19).

const base = (clave: string, over: Partial<ProfitBase>): ProfitBase => ({
  clave, nombre: clave, id_gf_1: 0, id_gf_2: 0, id_gf_3: 0, seguro: 0, amortizacion: 0, gastos_generales: 0, monto_facturado: 0, horas_calculadas: 0, cantidad_equipos: 1, ...over,
});

describe('the filters of each chart', () => {
  it('Obras for charts 1-3, Descripcion for all four, Equipos, Marcas and Modelos for chart 1 only', () => {
    expect([1, 2, 3, 4].filter((c) => hasFilter(c as 1, 'obras'))).toEqual([1, 2, 3]);
    expect([1, 2, 3, 4].filter((c) => hasFilter(c as 1, 'subgrupos'))).toEqual([1, 2, 3, 4]);
    for (const f of ['equipos', 'marcas', 'modelos'] as const) expect([1, 2, 3, 4].filter((c) => hasFilter(c as 1, f))).toEqual([1]);
  });

  it('the request carries only the chart’s own filters, and dates only in pairs', () => {
    const s = { id_selected: 4 as const, obras: [1], subgrupos: [2], equipos: [3], marcas: [4], modelos: [5], meses: ['2026-01'], date_from: '2026-01-01', tab: 3 as const, buscar: 1 as const, item: 's2' };
    expect(chartRequest(4, s)).toEqual({ id_selected: 4, id_subgrupos: [2], id_meses: ['2026-01'] });
    expect(chartRequest(1, { ...s, date_to: '2026-03-31' })).toEqual({
      id_selected: 1, date_from: '2026-01-01', date_to: '2026-03-31', id_obra: [1], id_subgrupos: [2], id_equipos: [3], id_marcas: [4], id_modelos: [5], id_meses: ['2026-01'],
    });
  });

  it('changing the chart clears every selection and the results (seed 002 §4); the range stays', () => {
    const s = { id_selected: 1 as const, obras: [1], subgrupos: [2], meses: ['2026-01'], date_from: '2026-01-01', date_to: '2026-03-31', tab: 2 as const, buscar: 1 as const, item: 'o1' };
    expect(chartChange(s, 3)).toEqual({ id_selected: 3, date_from: '2026-01-01', date_to: '2026-03-31' });
  });
});

describe('the display constants (seed 002 §9)', () => {
  it('row heights 20, 50, 50, 100; donut radii 80 and 120, height 400; K and M on the axes', () => {
    expect(ROW_HEIGHT).toEqual({ 1: 20, 2: 50, 3: 50, 4: 100 });
    expect(DONUT).toEqual({ inner: 80, outer: 120, height: 400 });
    expect(formatAxis(1_500)).toBe('1.5K');
    expect(formatAxis(2_345_678)).toBe('2.3M');
  });

  it('chart 1: one bar per machine, green when profitable, red when not; chart 4: three per-hour bars', () => {
    const rows = [profitRow(base('e1', { monto_facturado: 1000, seguro: 400, horas_calculadas: 10 })), profitRow(base('e2', { monto_facturado: 100, seguro: 400 }))];
    const one = profitBarRows(rows, 1, PROFIT_COLORS);
    expect(one.map((r) => r.values.map((v) => [v.key, v.value, v.fill]))).toEqual([[['rentabilidad_total', 600, PROFIT_COLORS.positivo]], [['rentabilidad_total', -300, PROFIT_COLORS.negativo]]]);
    const four = profitBarRows(rows, 4, PROFIT_COLORS);
    expect(four[0].values.map((v) => [v.key, v.value])).toEqual([['costo_total_hora', 40], ['costo_montofac_hora', 100], ['costo_rentabilidad_hora', 60]]);
    // No hours: no per-hour figure, drawn as 0.
    expect(four[1].values.map((v) => v.value)).toEqual([0, 0, 0]);
    expect(barDomain(one)).toEqual([-300, 600]);
  });

  it('the tabs come from the one reply: the unit tab halves a two-machine row, the TOTAL rounds up', () => {
    const rows = [profitRow(base('s1', { monto_facturado: 34_800, seguro: 17_800, horas_calculadas: 57, cantidad_equipos: 2 }))];
    expect(tabRows(rows, 2, 1)[0].costo).toBe(8_900);
    expect(tabRows(rows, 2, 2)[0].costo).toBe(17_800);
    expect(totalRow(rows, 2, 3).costo_total_hora).toBe(312.29);
  });
});
