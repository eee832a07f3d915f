import * as v from 'valibot';
import { day, optText, rowId } from './platform';

// The replies of the KPI calls (seed 002 §3 "KPI report response", "General KPI response", §7
// "Materials and KPIs"; issue 19), shared with the web (web/src/modules/kpis/). Figures are the
// ones of shared/kpi-formulas.ts (null: no figure, a division by zero); hours and amounts with 2
// decimals, amounts in soles.

const fig = () => v.nullable(v.number());
const num = () => v.number();

/** The period the figures cover: whole months, from the first day of date_from's month to the
 * last of date_to's. */
export const kpiPeriod = v.object({ date_from: day(), date_to: day() });

/** The figures of one row (KpiFigures) and the sums behind them (KpiInputs). */
export const kpiFigureFields = {
  horas_trabajadas: num(), horas_standby: num(), horas_reparacion: num(), disponibilidad: fig(), utilizacion: fig(), ots: num(), fallas: num(),
  mtbf: fig(), mttr: fig(), disponibilidad_mecanica: fig(), costo_mantenimiento: num(), costo_hora: fig(), costo_mp_hora: fig(), costo_mc_hora: fig(),
  costo_mcd_hora: fig(), razon_preventivo_correctivo: fig(), porcentaje_preventivo: fig(),
};
export const kpiInputFields = {
  registros: num(), horas_programadas: num(), ots_mp: num(), ots_mc: num(), ots_mcd: num(), reparaciones: num(), horas_reparacion_ot: num(),
  repuestos: num(), costo_mp: num(), costo_mc: num(), costo_mcd: num(),
};

/** GET /kpis_equipos: one row per machine with figures in the period (filters site and
 * functional group = maintenance type). */
export const kpiEquipoRow = v.object({
  id_equipo: rowId(), codigo_equipo: v.string(), descripcion: optText(), familia: optText(), ...kpiFigureFields, ...kpiInputFields,
});
/** Issue 19: what the figures leave out for lack of a currency rate (missing-rate-notes.ts). */
const notas = v.array(v.string());
export const kpisEquiposReply = v.object({ items: v.array(kpiEquipoRow), total: v.object({ ...kpiFigureFields, ...kpiInputFields }), periodo: kpiPeriod, notas });

/** GET /kpis_generales: blocks of figures (seed 002: items with nombre, valor and nested items). */
export const kpiGeneralItem = v.object({
  clave: v.string(), nombre: v.string(), valor: v.nullable(v.number()), formato: v.picklist(['numero', 'horas', 'porcentaje', 'monto', 'razon']), formula: v.string(),
});
export const kpiGeneralBlock = v.object({
  clave: v.string(), nombre: v.string(), valor: v.nullable(v.number()), formato: v.picklist(['numero', 'horas', 'porcentaje', 'monto', 'razon']), items: v.array(kpiGeneralItem),
});
export const kpisGeneralesReply = v.object({ items: v.array(kpiGeneralBlock), periodo: kpiPeriod, id_obra: v.nullable(rowId()), notas });

/** GET /kpis_reporte: the rows of one of the five report kinds, the chart (at most the first 10
 * sites, three series) and the options of its filters. */
export const kpiReportRow = v.object({
  clave: v.string(), nombre: v.string(), id_obra: v.nullable(rowId()), nombre_obra: optText(), id_equipo: v.nullable(rowId()), id_equipo_grupo: v.nullable(rowId()),
  id_gf: v.nullable(v.picklist([1, 2, 3])), cantidad: num(), cantidad_mp: num(), cantidad_mc: num(), cantidad_mcd: num(), costo_mp: num(), costo_mc: num(),
  costo_mcd: num(), costo_total: num(), horas_trabajadas: num(), costo_mp_hora: fig(), costo_mc_hora: fig(), costo_mcd_hora: fig(), costo_hora: fig(),
});
export const kpiChartRow = v.object({ id_obra: rowId(), nombre_obra: v.string(), costo_mp_hora: num(), costo_mc_hora: num(), costo_mcd_hora: num() });
export const kpiQuantityRow = v.object({ id_obra: rowId(), nombre_obra: v.string(), ots_mp: num(), ots_mc: num(), ots_mcd: num() });
const option = v.object({ id: rowId(), nombre: v.string() });
export const kpisReporteReply = v.object({
  items: v.array(kpiReportRow),
  calculo: v.array(kpiChartRow),
  cantidades: v.array(kpiQuantityRow),
  obras: v.array(option),
  equipos: v.array(option),
  grupoFuncional: v.array(v.object({ id: v.picklist([1, 2, 3]), nombre: v.string(), sigla: v.string() })),
  grupoFuncionalElementos: v.array(option),
  grupoFuncionalElementosDesc: v.array(option),
  operadores: v.array(option),
  mecanicos: v.array(option),
  supervisores: v.array(option),
  reportes: v.array(v.object({ id: v.picklist([1, 2, 3, 4, 5]), nombre: v.string() })),
  id_reporte: v.picklist([1, 2, 3, 4, 5]),
  periodo: kpiPeriod,
  notas,
});

export type KpiEquipoRow = v.InferOutput<typeof kpiEquipoRow>;
export type KpisEquiposReply = v.InferOutput<typeof kpisEquiposReply>;
export type KpisGeneralesReply = v.InferOutput<typeof kpisGeneralesReply>;
export type KpiGeneralBlock = v.InferOutput<typeof kpiGeneralBlock>;
export type KpiReportRow = v.InferOutput<typeof kpiReportRow>;
export type KpiChartRow = v.InferOutput<typeof kpiChartRow>;
export type KpisReporteReply = v.InferOutput<typeof kpisReporteReply>;

/** Seed 002 §9: the five KPI report kinds. */
export const KPI_REPORTS = [
  { id: 1, nombre: 'Costos y cantidad de mantenimiento' },
  { id: 2, nombre: 'Costos por familia global de maquinaria' },
  { id: 3, nombre: 'Costos por familia por obra' },
  { id: 4, nombre: 'Costos por equipo' },
  { id: 5, nombre: 'Costos por grupo funcional' },
] as const;

/** Seed 002 §9: the chart shows at most the first 10 sites. */
export const KPI_CHART_SITES = 10;
