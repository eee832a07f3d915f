import { roundUp } from './report-format';

// The profitability report's figures (seed 002 §2 "Profitability report screen", §3
// "Profitability report columns", §9; issue 19), written once: the server builds the rows of a
// chart with them, and the screen re-derives every tab from one reply without a new request.
// Formulas and a worked example: docs/modules/reports.md ("Rentabilidad"). Pure: the web imports
// this file as it is.

/** The four charts (seed 002: `dashboard`, the Gráfica options): 1 per machine, 2 general by
 * subgroup, 3 by site, 4 per hour by subgroup. */
export const PROFIT_CHARTS = [
  { id: 1, nombre: 'Rentabilidad por equipo' },
  { id: 2, nombre: 'Rentabilidad general por subgrupo' },
  { id: 3, nombre: 'Rentabilidad por obra' },
  { id: 4, nombre: 'Rentabilidad por hora por subgrupo' },
] as const;
export type ProfitChart = 1 | 2 | 3 | 4;

/** The four view tabs (seed 002 §2). */
export const PROFIT_TABS = [
  { id: 1, nombre: 'Resultado Unitario' },
  { id: 2, nombre: 'Resultado General' },
  { id: 3, nombre: 'Resultado por hora' },
  { id: 4, nombre: 'Resultado general por hora' },
] as const;
export type ProfitTab = 1 | 2 | 3 | 4;

/** The sums behind one row of a chart (one machine, subgroup or site over the chosen months). */
export type ProfitBase = {
  clave: string;
  nombre: string;
  /** Parts issued to the machines' MP, MC and MCD orders (seed: id_gf_1..3). */
  id_gf_1: number;
  id_gf_2: number;
  id_gf_3: number;
  seguro: number;
  amortizacion: number;
  gastos_generales: number;
  monto_facturado: number;
  /** Worked hours from the hour-meter logs. */
  horas_calculadas: number;
  cantidad_equipos: number;
};

export const MONEY_KEYS = ['id_gf_1', 'id_gf_2', 'id_gf_3', 'seguro', 'amortizacion', 'gastos_generales', 'costo', 'monto_facturado', 'rentabilidad_total'] as const;
export const HOUR_KEYS = [
  'costo_mp_hora', 'costo_mc_hora', 'costo_mcd_hora', 'costo_seguro_hora', 'costo_amortizacion_hora', 'costo_generales_hora', 'costo_total_hora',
  'costo_montofac_hora', 'costo_rentabilidad_hora',
] as const;

/** A row with every column of the seed (null: a division by zero, shown as 0.00 / 0.00%). */
export type ProfitRow = ProfitBase & {
  costo: number;
  rentabilidad_total: number;
  porcentaje_rentabilidad: number | null;
} & Record<(typeof HOUR_KEYS)[number], number | null>;

const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
const per = (x: number, h: number) => (h > 0 ? r4(x / h) : null);

/** Every column of one row from its sums:
 * costo = id_gf_1 + id_gf_2 + id_gf_3 + seguro + amortizacion + gastos_generales;
 * rentabilidad_total = monto_facturado − costo; porcentaje = rentabilidad ÷ facturado × 100;
 * per hour = each amount ÷ horas_calculadas. */
export function profitRow(b: ProfitBase): ProfitRow {
  const costo = r4(b.id_gf_1 + b.id_gf_2 + b.id_gf_3 + b.seguro + b.amortizacion + b.gastos_generales);
  const rentabilidad_total = r4(b.monto_facturado - costo);
  const h = b.horas_calculadas;
  return {
    ...b,
    costo,
    rentabilidad_total,
    porcentaje_rentabilidad: b.monto_facturado !== 0 ? r4((rentabilidad_total / b.monto_facturado) * 100) : null,
    costo_mp_hora: per(b.id_gf_1, h),
    costo_mc_hora: per(b.id_gf_2, h),
    costo_mcd_hora: per(b.id_gf_3, h),
    costo_seguro_hora: per(b.seguro, h),
    costo_amortizacion_hora: per(b.amortizacion, h),
    costo_generales_hora: per(b.gastos_generales, h),
    costo_total_hora: per(costo, h),
    costo_montofac_hora: per(b.monto_facturado, h),
    costo_rentabilidad_hora: per(rentabilidad_total, h),
  };
}

const BASE_SUMS = ['id_gf_1', 'id_gf_2', 'id_gf_3', 'seguro', 'amortizacion', 'gastos_generales', 'monto_facturado', 'horas_calculadas', 'cantidad_equipos'] as const;

/** The sums of several rows (a group, or the TOTAL). */
export function sumBase(rows: ProfitBase[], clave: string, nombre: string): ProfitBase {
  const out: ProfitBase = { clave, nombre, id_gf_1: 0, id_gf_2: 0, id_gf_3: 0, seguro: 0, amortizacion: 0, gastos_generales: 0, monto_facturado: 0, horas_calculadas: 0, cantidad_equipos: 0 };
  for (const r of rows) for (const k of BASE_SUMS) out[k] = r4(out[k] + r[k]);
  return out;
}

/** One machine over the chosen months, as GET /reportes_rentabilidad's `datas` carry it. */
export type ProfitMachine = Omit<ProfitBase, 'clave' | 'nombre' | 'cantidad_equipos'> & {
  id_equipo: number;
  codigo_equipo: string;
  id_subgrupo: number | null;
  subgrupo: string;
  id_obra: number;
  nombre_obra: string;
};

/** A chart's rows from the machines (one row per machine × site): chart 1 per machine, 2 and 4 per
 * subgroup, 3 per site. cantidad_equipos counts distinct machines. Sorted by the first column. */
export function chartRows(machines: ProfitMachine[], chart: ProfitChart): ProfitRow[] {
  const keyOf = (m: ProfitMachine): [string, string] =>
    chart === 1 ? [`e${m.id_equipo}`, m.codigo_equipo] : chart === 3 ? [`o${m.id_obra}`, m.nombre_obra] : [`s${m.id_subgrupo ?? 0}`, m.subgrupo];
  const groups = new Map<string, { nombre: string; rows: ProfitMachine[] }>();
  for (const m of machines) {
    const [k, nombre] = keyOf(m);
    const g = groups.get(k) ?? { nombre, rows: [] };
    g.rows.push(m);
    groups.set(k, g);
  }
  return [...groups.entries()]
    .map(([clave, g]) => {
      const base = sumBase(g.rows.map((m) => ({ ...m, clave, nombre: g.nombre, cantidad_equipos: 0 })), clave, g.nombre);
      base.cantidad_equipos = new Set(g.rows.map((m) => m.id_equipo)).size;
      return profitRow(base);
    })
    .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es') || a.clave.localeCompare(b.clave));
}

/** The columns a tab shows after the first one (codigo_equipo, subgrupo or nombre_obra):
 * tabs 1 and 2 the amounts (charts 2 and 3 add cantidad_equipos on tab 1); tab 3 the per-hour
 * costs; tab 4 the per-hour costs with the hours and the general amounts behind them. */
export function tabColumns(chart: ProfitChart, tab: ProfitTab): string[] {
  const money = ['id_gf_1', 'id_gf_2', 'id_gf_3', 'seguro', 'amortizacion', 'gastos_generales', 'costo', 'monto_facturado', 'rentabilidad_total', 'porcentaje_rentabilidad'];
  if (tab === 1) return (chart === 2 || chart === 3) ? ['cantidad_equipos', ...money] : money;
  if (tab === 2) return money;
  if (tab === 3) return [...HOUR_KEYS];
  return ['horas_calculadas', 'costo', 'monto_facturado', 'rentabilidad_total', ...HOUR_KEYS];
}

export type TabRow = { clave: string; nombre: string } & Record<string, number | null | string>;

/** A tab's table from a chart's rows, re-derived without a new request:
 * - 1 Resultado Unitario: amounts ÷ cantidad_equipos (the average machine of the row);
 * - 2 Resultado General: the amounts as summed;
 * - 3 Resultado por hora: amounts ÷ worked hours;
 * - 4 Resultado general por hora: the per-hour figures beside the hours and general amounts.
 * porcentaje_rentabilidad is the same on every tab. */
export function tabRows(rows: ProfitRow[], chart: ProfitChart, tab: ProfitTab): TabRow[] {
  const cols = tabColumns(chart, tab);
  return rows.map((r) => {
    const out: TabRow = { clave: r.clave, nombre: r.nombre };
    for (const c of cols) {
      const value = (r as unknown as Record<string, number | null>)[c];
      const unit = tab === 1 && c !== 'cantidad_equipos' && c !== 'porcentaje_rentabilidad' && r.cantidad_equipos > 0;
      out[c] = value === null ? null : unit ? r4(value / r.cantidad_equipos) : value;
    }
    return out;
  });
}

/** The TOTAL row of a tab: the sums of the rows' bases, with the tab's derivation applied to the
 * sums (so per-hour totals are Σ amount ÷ Σ hours and the percentage is Σ profitability ÷ Σ billed,
 * never a sum of ratios), each figure rounded up to 2 decimals (seed 002 §9). */
export function totalRow(rows: ProfitRow[], chart: ProfitChart, tab: ProfitTab): TabRow {
  const total = profitRow(sumBase(rows, 'total', 'TOTAL'));
  const [row] = tabRows([total], chart, tab);
  for (const [k, v] of Object.entries(row)) if (typeof v === 'number') row[k] = roundUp(v);
  return row;
}

/** The donut of charts 2 and 3 shows only items with positive profitability (seed 002 §2). */
export function donutItems(rows: ProfitRow[]): ProfitRow[] {
  return rows.filter((r) => r.rentabilidad_total > 0);
}

/** A donut slice's drill-down: the cost breakdown bars and the summary (seed 002 §2). */
export function breakdown(r: ProfitRow) {
  return {
    barras: [
      { clave: 'id_gf_1', nombre: 'MP', valor: r.id_gf_1 },
      { clave: 'id_gf_2', nombre: 'MC', valor: r.id_gf_2 },
      { clave: 'id_gf_3', nombre: 'MCD', valor: r.id_gf_3 },
      { clave: 'seguro', nombre: 'Seguro', valor: r.seguro },
      { clave: 'amortizacion', nombre: 'Amortización', valor: r.amortizacion },
      { clave: 'gastos_generales', nombre: 'Gastos generales', valor: r.gastos_generales },
    ],
    costo: r.costo,
    monto_facturado: r.monto_facturado,
    rentabilidad_total: r.rentabilidad_total,
  };
}

/** Each column's label and formula, once: the column tooltips of the screen and the `filas` of
 * POST /reportes_rentabilidad/amortizacion. */
export const PROFIT_COLUMNS: Record<string, { label: string; formula: string | null }> = {
  codigo_equipo: { label: 'Equipo', formula: null },
  subgrupo: { label: 'Subgrupo', formula: null },
  nombre_obra: { label: 'Obra', formula: null },
  cantidad_equipos: { label: 'Cantidad de equipos', formula: 'Equipos distintos con registros en los meses elegidos' },
  horas_calculadas: { label: 'Horas trabajadas', formula: 'Suma de (horómetro final − inicial) de los registros activos de los meses elegidos' },
  id_gf_1: { label: 'Costo MP', formula: 'Repuestos entregados a órdenes de mantenimiento preventivo (MP)' },
  id_gf_2: { label: 'Costo MC', formula: 'Repuestos entregados a órdenes de mantenimiento correctivo (MC)' },
  id_gf_3: { label: 'Costo MCD', formula: 'Repuestos entregados a órdenes de mantenimiento correctivo diferido (MCD)' },
  seguro: { label: 'Seguro', formula: 'Suma de las cuotas mensuales del seguro anual (prorrata por días del año de seguro)' },
  amortizacion: { label: 'Amortización', formula: 'Suma de las cuotas mensuales del plan: costo de adquisición ÷ meses de amortización' },
  gastos_generales: { label: 'Gastos generales', formula: 'Gastos generales mensuales de la obra ÷ equipos de la obra en el mes, por mes' },
  costo: { label: 'Costo', formula: 'MP + MC + MCD + seguro + amortización + gastos generales' },
  monto_facturado: { label: 'Monto facturado', formula: 'Tarifa HORA: tarifa × horas trabajadas; tarifa MES: tarifa × meses' },
  rentabilidad_total: { label: 'Rentabilidad', formula: 'Monto facturado − costo' },
  porcentaje_rentabilidad: { label: '% Rentabilidad', formula: 'Rentabilidad ÷ monto facturado × 100 (0.00% sin facturación)' },
  costo_mp_hora: { label: 'Costo MP por hora', formula: 'Costo MP ÷ horas trabajadas' },
  costo_mc_hora: { label: 'Costo MC por hora', formula: 'Costo MC ÷ horas trabajadas' },
  costo_mcd_hora: { label: 'Costo MCD por hora', formula: 'Costo MCD ÷ horas trabajadas' },
  costo_seguro_hora: { label: 'Seguro por hora', formula: 'Seguro ÷ horas trabajadas' },
  costo_amortizacion_hora: { label: 'Amortización por hora', formula: 'Amortización ÷ horas trabajadas' },
  costo_generales_hora: { label: 'Gastos generales por hora', formula: 'Gastos generales ÷ horas trabajadas' },
  costo_total_hora: { label: 'Costo total por hora', formula: 'Costo ÷ horas trabajadas' },
  costo_montofac_hora: { label: 'Facturado por hora', formula: 'Monto facturado ÷ horas trabajadas' },
  costo_rentabilidad_hora: { label: 'Rentabilidad por hora', formula: 'Rentabilidad ÷ horas trabajadas' },
};

/** The first column of a chart's table (seed 002 §3). */
export const firstColumn = (chart: ProfitChart) => (chart === 1 ? 'codigo_equipo' : chart === 3 ? 'nombre_obra' : 'subgrupo');

/** Seed 002 §9: chart 1, or no machine filter, shows only the first 6 data rows. */
export const PROFIT_VISIBLE_ROWS = 6;
/** Seed 002 §9: positive profitability in green, negative in red. */
export const PROFIT_COLORS = { positivo: '#15803d', negativo: '#b91c1c', series: ['#0369a1', '#b45309', '#7c3aed', '#0f766e', '#be185d', '#4d7c0f'] };
