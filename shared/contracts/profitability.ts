import * as v from 'valibot';
import { day, optText, rowId } from './platform';

// The replies of the profitability calls (seed 002 §3 "Profitability parameters response",
// "Profitability general row", "Profitability report columns", "Amortization response", "Search
// response", §7 "Profitability"; issue 19). Amounts in soles as numbers with up to 4 decimals (the
// screen rounds: shared/report-format.ts); null: a division by zero (no hours, nothing billed).

const num = () => v.number();
const fig = () => v.nullable(v.number());
const opt = v.object({ id: rowId(), nombre: v.string() });
const periodo = v.object({ date_from: day(), date_to: day() });

/** GET /reportes_rentabilidad/parametros: the options of every filter and the charts. */
export const profitParamsReply = v.object({
  equipos: v.array(opt),
  marcas: v.array(opt),
  modelos: v.array(v.object({ id: rowId(), nombre: v.string(), id_marca: rowId() })),
  descripcion: v.array(opt),
  obras: v.array(opt),
  dashboard: v.array(opt),
  meses: v.array(v.object({ id: v.string(), nombre: v.string() })),
});

/** Seed "Profitability general row": one machine × site × maintenance type (id_gf 1 MP, 2 MC, 3 MCD). */
export const profitGeneralRow = v.object({
  id_subgrupo: v.nullable(rowId()), subgrupo: v.string(), id_gf: v.picklist([1, 2, 3]), total_ps: num(), id_equipo: rowId(), equipo_amortizacion: num(),
  tipo_tarifa: v.string(), horas: num(), tarifa: num(), id_obra: rowId(), codigo_equipo: v.string(), nombre_obra: v.string(), total_monto_facturado: num(),
  total_equipos: num(), horas_calculadas: num(),
});

/** Aggregated per machine × site, with id_gf_1..3 and the fixed costs. */
export const profitMachineRow = v.object({
  id_equipo: rowId(), codigo_equipo: v.string(), id_subgrupo: v.nullable(rowId()), subgrupo: v.string(), id_obra: rowId(), nombre_obra: v.string(),
  tipo_tarifa: v.string(), tarifa: num(), horas: num(), equipo_amortizacion: num(), meses: v.array(v.string()),
  id_gf_1: num(), id_gf_2: num(), id_gf_3: num(), seguro: num(), amortizacion: num(), gastos_generales: num(), monto_facturado: num(), horas_calculadas: num(),
});

export const profitSearchReply = v.object({
  general: v.array(profitGeneralRow),
  datas: v.array(profitMachineRow),
  equipos: v.array(v.object({ id: rowId(), codigo: v.string() })),
  periodo,
  /** Issue 19: costs left out for lack of a currency rate. */
  notas: v.array(v.string()),
});

/** One row of a chart with every column (shared/profitability.ts ProfitRow). */
export const profitRowReply = v.object({
  clave: v.string(), nombre: v.string(), cantidad_equipos: num(), horas_calculadas: num(),
  id_gf_1: num(), id_gf_2: num(), id_gf_3: num(), seguro: num(), amortizacion: num(), gastos_generales: num(), costo: num(), monto_facturado: num(),
  rentabilidad_total: num(), porcentaje_rentabilidad: fig(),
  costo_mp_hora: fig(), costo_mc_hora: fig(), costo_mcd_hora: fig(), costo_seguro_hora: fig(), costo_amortizacion_hora: fig(), costo_generales_hora: fig(),
  costo_total_hora: fig(), costo_montofac_hora: fig(), costo_rentabilidad_hora: fig(),
});

export const profitChartReply = v.object({
  formato: v.object({ moneda: v.string(), decimales: num(), primera_columna: v.string(), id_selected: v.picklist([1, 2, 3, 4]), tipo: v.picklist(['barras', 'dona']) }),
  opciones: v.object({ titulo: v.string(), colores: v.object({ positivo: v.string(), negativo: v.string(), series: v.array(v.string()) }), filas_visibles: v.nullable(num()) }),
  filas: v.array(v.object({ key: v.string(), label: v.string(), formula: optText() })),
  items: v.array(profitRowReply),
  periodo,
  notas: v.array(v.string()),
});

export type ProfitSearchReply = v.InferOutput<typeof profitSearchReply>;
export type ProfitChartReply = v.InferOutput<typeof profitChartReply>;
