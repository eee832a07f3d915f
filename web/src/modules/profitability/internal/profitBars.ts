import type { ProfitChart, ProfitRow } from '@shared/profitability';

/** Seed 002 §9, "filter row height share by chart: 1 = 20, 2 = 50, 3 = 50, 4 = 100": the height
 * of one item's row in the chart, in px (charts 2 and 3: the rows of the slice's breakdown). */
export const ROW_HEIGHT: Record<ProfitChart, number> = { 1: 20, 2: 50, 3: 50, 4: 100 };

/** Seed 002 §9: the donut's radii and the chart's height. */
export const DONUT = { inner: 80, outer: 120, height: 400 } as const;

export type BarValue = { key: string; label: string; value: number; fill: string };
export type BarRow = { clave: string; nombre: string; values: BarValue[] };
type Colors = { positivo: string; negativo: string; series: string[] };

/** Green when the profitability is positive (zero included), red when negative (seed 002 §9). */
export const profitFill = (value: number, colors: Colors) => (value < 0 ? colors.negativo : colors.positivo);

/** The bars of charts 1 and 4 (seed 002 §2). Chart 1, per machine: one bar, its profitability.
 * Chart 4, per hour by subgroup: cost, billed amount and profitability per worked hour (a subgroup
 * without hours has no figure: 0). Profitability bars are green or red by their sign. */
export function profitBarRows(rows: ProfitRow[], chart: 1 | 4, colors: Colors): BarRow[] {
  return rows.map((r) => {
    if (chart === 1) return { clave: r.clave, nombre: r.nombre, values: [{ key: 'rentabilidad_total', label: 'Rentabilidad', value: r.rentabilidad_total, fill: profitFill(r.rentabilidad_total, colors) }] };
    const rent = r.costo_rentabilidad_hora ?? 0;
    return {
      clave: r.clave,
      nombre: r.nombre,
      values: [
        { key: 'costo_total_hora', label: 'Costo total por hora', value: r.costo_total_hora ?? 0, fill: colors.series[0] },
        { key: 'costo_montofac_hora', label: 'Facturado por hora', value: r.costo_montofac_hora ?? 0, fill: colors.series[1] },
        { key: 'costo_rentabilidad_hora', label: 'Rentabilidad por hora', value: rent, fill: profitFill(rent, colors) },
      ],
    };
  });
}

/** The x domain of horizontal bars: always including zero, so negative bars grow leftwards. */
export function barDomain(rows: BarRow[]): [number, number] {
  const values = rows.flatMap((r) => r.values.map((v) => v.value));
  return [Math.min(0, ...values), Math.max(0, ...values)];
}
