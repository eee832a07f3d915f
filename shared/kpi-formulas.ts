// The KPI formulas of issue 19 (SEED-002-ANALYSIS §1.6 D, adopted; docs/modules/reports.md has
// each with a worked example). One pure module: the server computes the report rows with it and
// the screens show KPI_FORMULAS as the column tooltips. Inputs are sums over the period of the
// projection's month rows (projections/kpis, rm_kpi_equipo_mes); ratios are taken of the sums,
// never averaged. A division by zero is no figure (null), never 0 or infinity.

/** The sums a figure is computed from (hours in hours, amounts in soles). */
export type KpiInputs = {
  /** Hour-meter logs counted. */
  registros: number;
  /** H: the shifts' scheduled hours. */
  horas_programadas: number;
  /** W: worked hours (the meter). */
  horas_trabajadas: number;
  /** S: stand-by hours (H − W − R, never below 0, per log). */
  horas_standby: number;
  /** R: repair hours (falla_neta). */
  horas_reparacion: number;
  /** Orders opened in the period by maintenance type (cancelled ones left out). */
  ots_mp: number;
  ots_mc: number;
  ots_mcd: number;
  /** Corrective orders with both a stop and a restart, and the sum of their stop → restart hours. */
  reparaciones: number;
  horas_reparacion_ot: number;
  /** Parts issued: lines and their cost by the order's maintenance type. */
  repuestos: number;
  costo_mp: number;
  costo_mc: number;
  costo_mcd: number;
};

export const KPI_INPUT_KEYS = [
  'registros', 'horas_programadas', 'horas_trabajadas', 'horas_standby', 'horas_reparacion', 'ots_mp', 'ots_mc', 'ots_mcd', 'reparaciones',
  'horas_reparacion_ot', 'repuestos', 'costo_mp', 'costo_mc', 'costo_mcd',
] as const satisfies readonly (keyof KpiInputs)[];

export const EMPTY_INPUTS: KpiInputs = Object.freeze(Object.fromEntries(KPI_INPUT_KEYS.map((k) => [k, 0])) as KpiInputs);

/** The figures of one row of the KPI screens. */
export type KpiFigures = {
  horas_trabajadas: number;
  horas_standby: number;
  horas_reparacion: number;
  /** W / (W + R) × 100. */
  disponibilidad: number | null;
  /** W / (W + S) × 100. */
  utilizacion: number | null;
  ots: number;
  /** Corrective orders (MC + MCD): the failures. */
  fallas: number;
  /** W ÷ failures, hours. */
  mtbf: number | null;
  /** Σ stop → restart hours of corrective orders ÷ their number, hours. */
  mttr: number | null;
  /** MTBF / (MTBF + MTTR) × 100. */
  disponibilidad_mecanica: number | null;
  /** Parts cost, soles. */
  costo_mantenimiento: number;
  /** costo_mantenimiento ÷ W. */
  costo_hora: number | null;
  costo_mp_hora: number | null;
  costo_mc_hora: number | null;
  costo_mcd_hora: number | null;
  /** MP orders ÷ corrective orders. */
  razon_preventivo_correctivo: number | null;
  /** MP orders ÷ all orders × 100. */
  porcentaje_preventivo: number | null;
};

/** Half away from zero to `d` decimals, float noise dropped first. */
export function round(value: number, d = 2): number {
  const f = 10 ** d;
  const r = Math.round(Math.abs(value) * f + 1e-9) / f;
  return value < 0 ? -r : r;
}

const ratio = (a: number, b: number, times = 1): number | null => (b > 0 ? round((a / b) * times) : null);

/** Adds month rows (numbers or numeric text) into one set of inputs. */
export function sumInputs(rows: readonly Partial<Record<keyof KpiInputs, unknown>>[]): KpiInputs {
  const out = { ...EMPTY_INPUTS };
  for (const r of rows) for (const k of KPI_INPUT_KEYS) out[k] += Number(r[k] ?? 0) || 0;
  for (const k of KPI_INPUT_KEYS) out[k] = round(out[k], 4);
  return out;
}

/** Every figure of docs/modules/reports.md from the period's sums. */
export function kpiFigures(i: KpiInputs): KpiFigures {
  const W = i.horas_trabajadas;
  const fallas = i.ots_mc + i.ots_mcd;
  const mtbf = fallas > 0 ? W / fallas : null;
  const mttr = i.reparaciones > 0 ? i.horas_reparacion_ot / i.reparaciones : null;
  const costo = i.costo_mp + i.costo_mc + i.costo_mcd;
  const ots = i.ots_mp + fallas;
  return {
    horas_trabajadas: round(W),
    horas_standby: round(i.horas_standby),
    horas_reparacion: round(i.horas_reparacion),
    disponibilidad: ratio(W, W + i.horas_reparacion, 100),
    utilizacion: ratio(W, W + i.horas_standby, 100),
    ots,
    fallas,
    mtbf: mtbf === null ? null : round(mtbf),
    mttr: mttr === null ? null : round(mttr),
    disponibilidad_mecanica: mtbf !== null && mttr !== null && mtbf + mttr > 0 ? round((mtbf / (mtbf + mttr)) * 100) : null,
    costo_mantenimiento: round(costo),
    costo_hora: ratio(costo, W),
    costo_mp_hora: ratio(i.costo_mp, W),
    costo_mc_hora: ratio(i.costo_mc, W),
    costo_mcd_hora: ratio(i.costo_mcd, W),
    razon_preventivo_correctivo: ratio(i.ots_mp, fallas),
    porcentaje_preventivo: ratio(i.ots_mp, ots, 100),
  };
}

/** Each figure's name and formula, once: the column tooltips of the KPI screens and the export's
 * notes read these (docs/modules/reports.md says the same with worked examples). */
export const KPI_FORMULAS: Record<keyof KpiFigures, { label: string; formula: string }> = {
  horas_trabajadas: { label: 'Horas trabajadas', formula: 'W: suma de (horómetro final − inicial) de los registros del periodo' },
  horas_standby: { label: 'Horas en espera', formula: 'S: suma por registro de máx(H − W − R, 0), con H las horas del turno' },
  horas_reparacion: { label: 'Horas en reparación', formula: 'R: suma de la falla neta de los registros del periodo' },
  disponibilidad: { label: 'Disponibilidad', formula: 'W ÷ (W + R) × 100, con las sumas del periodo' },
  utilizacion: { label: 'Utilización', formula: 'W ÷ (W + S) × 100, con las sumas del periodo' },
  ots: { label: 'OTs', formula: 'Órdenes abiertas en el periodo (MP + MC + MCD), sin las canceladas' },
  fallas: { label: 'Fallas', formula: 'Órdenes correctivas (MC + MCD) abiertas en el periodo, sin las canceladas' },
  mtbf: { label: 'MTBF (h)', formula: 'Tiempo medio entre fallas: W ÷ fallas' },
  mttr: { label: 'MTTR (h)', formula: 'Tiempo medio de reparación: suma de (puesta en marcha − parada) de las órdenes correctivas con ambas fechas ÷ su número' },
  disponibilidad_mecanica: { label: 'Disponibilidad mecánica', formula: 'MTBF ÷ (MTBF + MTTR) × 100' },
  costo_mantenimiento: { label: 'Costo de mantenimiento', formula: 'Repuestos entregados a las órdenes del equipo en el periodo, al costo promedio del kárdex' },
  costo_hora: { label: 'Costo por hora', formula: 'Costo de mantenimiento ÷ W' },
  costo_mp_hora: { label: 'Costo MP por hora', formula: 'Costo de repuestos de órdenes MP ÷ W' },
  costo_mc_hora: { label: 'Costo MC por hora', formula: 'Costo de repuestos de órdenes MC ÷ W' },
  costo_mcd_hora: { label: 'Costo MCD por hora', formula: 'Costo de repuestos de órdenes MCD ÷ W' },
  razon_preventivo_correctivo: { label: 'Preventivo : correctivo', formula: 'Órdenes MP ÷ órdenes correctivas (MC + MCD)' },
  porcentaje_preventivo: { label: '% preventivo', formula: 'Órdenes MP ÷ todas las órdenes × 100' },
};
