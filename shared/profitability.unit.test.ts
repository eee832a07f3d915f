import { describe, expect, it } from 'vitest';
import { breakdown, chartRows, donutItems, firstColumn, profitRow, tabColumns, tabRows, totalRow, type ProfitMachine } from './profitability';

// The profitability figures and the tabs' derivation (issue 19), on the fixture of
// services/api/profitability/profitability.int.test.ts: two machines, January-March 2023.
const m1: ProfitMachine = {
  id_equipo: 1, codigo_equipo: 'PR-H-001', id_subgrupo: 7, subgrupo: 'Excavadora', id_obra: 3, nombre_obra: 'Obra A',
  id_gf_1: 300, id_gf_2: 400, id_gf_3: 0, seguro: 900, amortizacion: 3000, gastos_generales: 4500, monto_facturado: 7800, horas_calculadas: 39,
};
const m2: ProfitMachine = { ...m1, id_equipo: 2, codigo_equipo: 'PR-M-002', id_gf_1: 0, id_gf_2: 0, id_gf_3: 150, seguro: 1800, amortizacion: 2250, monto_facturado: 27000, horas_calculadas: 18 };

describe('profitRow', () => {
  it('costo, rentabilidad, percentage and per-hour figures', () => {
    const r = profitRow({ ...m1, clave: 'e1', nombre: 'PR-H-001', cantidad_equipos: 1 });
    expect(r).toMatchObject({ costo: 9100, rentabilidad_total: -1300, porcentaje_rentabilidad: -16.6667, costo_total_hora: 233.3333, costo_montofac_hora: 200, costo_mp_hora: 7.6923 });
  });

  it('no hours or nothing billed: null figures (the screen shows 0.00 / 0.00%)', () => {
    const r = profitRow({ ...m1, clave: 'x', nombre: 'x', cantidad_equipos: 1, horas_calculadas: 0, monto_facturado: 0 });
    expect(r.porcentaje_rentabilidad).toBeNull();
    expect(r.costo_total_hora).toBeNull();
    expect(r.rentabilidad_total).toBe(-9100);
  });
});

describe('charts and tabs', () => {
  it('chart 1 one row per machine; charts 2-4 group by subgroup or site and count machines', () => {
    expect(chartRows([m2, m1], 1).map((r) => r.nombre)).toEqual(['PR-H-001', 'PR-M-002']);
    const [s] = chartRows([m1, m2], 2);
    expect(s).toMatchObject({ nombre: 'Excavadora', cantidad_equipos: 2, costo: 17800, monto_facturado: 34800, rentabilidad_total: 17000, porcentaje_rentabilidad: 48.8506, costo_total_hora: 312.2807 });
    expect(chartRows([m1, m2], 3)[0].nombre).toBe('Obra A');
    // One machine at two sites in the period counts once.
    expect(chartRows([m1, { ...m1, id_obra: 4, nombre_obra: 'Obra B' }], 2)[0].cantidad_equipos).toBe(1);
  });

  it('the tabs: unit (÷ machines), general, per hour, general per hour; columns by chart', () => {
    const rows = chartRows([m1, m2], 2);
    expect(tabRows(rows, 2, 1)[0]).toMatchObject({ cantidad_equipos: 2, costo: 8900, seguro: 1350, porcentaje_rentabilidad: 48.8506 });
    expect(tabRows(rows, 2, 2)[0]).toMatchObject({ costo: 17800, seguro: 2700 });
    expect(Object.keys(tabRows(rows, 2, 3)[0])).toEqual(['clave', 'nombre', ...tabColumns(2, 3)]);
    expect(tabRows(rows, 2, 4)[0]).toMatchObject({ horas_calculadas: 57, costo: 17800, costo_total_hora: 312.2807 });
    expect(tabColumns(1, 1)).not.toContain('cantidad_equipos');
    expect(tabColumns(3, 1)[0]).toBe('cantidad_equipos');
    expect([1, 2, 3, 4].map((c) => firstColumn(c as 1 | 2 | 3 | 4))).toEqual(['codigo_equipo', 'subgrupo', 'nombre_obra', 'subgrupo']);
  });

  it('TOTAL: figures of the sums, rounded up to 2 decimals', () => {
    const rows = chartRows([m1, m2], 1);
    expect(totalRow(rows, 1, 2)).toMatchObject({ nombre: 'TOTAL', costo: 17800, porcentaje_rentabilidad: 48.86 });
    expect(totalRow(rows, 1, 3)).toMatchObject({ costo_total_hora: 312.29, costo_mp_hora: 5.27, costo_rentabilidad_hora: 298.25 });
    const odd = chartRows([{ ...m1, seguro: 900.001 }], 1);
    expect(totalRow(odd, 1, 2).seguro).toBe(900.01);
  });

  it('donut: positive profitability only; the slice drill-down', () => {
    const rows = chartRows([m1, m2], 1);
    expect(donutItems(rows).map((r) => r.nombre)).toEqual(['PR-M-002']);
    expect(breakdown(rows[0]).barras.map((b) => b.valor)).toEqual([300, 400, 0, 900, 3000, 4500]);
  });
});
