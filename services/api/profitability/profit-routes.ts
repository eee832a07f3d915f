import { missingRateNotes } from '../kpis/missing-rate-notes';
import * as v from 'valibot';
import { MONTH_NAMES } from '../../../shared/time';
import {
  PROFIT_CHARTS, PROFIT_COLORS, PROFIT_COLUMNS, PROFIT_VISIBLE_ROWS, chartRows, firstColumn, tabColumns, type ProfitChart,
} from '../../../shared/profitability';
import type { ApiDeps } from '../platform/deps';
import { periodEntries, withRules } from '../platform/fields';
import { idList } from '../platform/id-list';
import type { Principal } from '../platform/principal';
import { defineRoute, moduleAccess, type AnyRoute } from '../platform/route';
import { userSites } from '../platform/site-scope';
import { profitChartReply, profitParamsReply, profitSearchReply, type ProfitChartReply, type ProfitSearchReply } from '@shared/contracts/profitability';
import { loadProfitMachines, type ProfitFilters } from '../../app/profitability/profit-query';
import { periodOf, periodRule } from '../kpis/kpi-query';

// Seed 002 §7 "Profitability" (issue 19): GET /reportes_rentabilidad/parametros,
// GET|POST /reportes_rentabilidad and POST /reportes_rentabilidad/amortizacion. Every figure is
// recomputed from the filters; the rows a client sends (data, general, equiposMaster…) are
// accepted for the seed's shape and ignored. Formulas: shared/profitability.ts.

export const REPORTE_RENTABILIDAD = '/reporte_rentabilidad';
export const MSG_MESES = 'Mes no válido (AAAA-MM)';

/** The filters of a report: the machines' and the period's (date_from, date_to: whole months, the
 * last 12 by default). */
type ReportFilters = ProfitFilters & { date_from?: string; date_to?: string };

/** The machine × site rows of a report: its period (periodOf; the input's periodRule has refused a
 * range that ends before it starts) and the rows under the caller's sites. */
async function reportMachines(deps: ApiDeps, principal: Principal, f: ReportFilters) {
  const periodo = periodOf(f, deps.now());
  return { machines: await loadProfitMachines(deps, principal, periodo, f), periodo };
}

const meses = () =>
  v.pipe(
    v.union([v.array(v.union([v.string(), v.number()])), v.string()], MSG_MESES),
    v.transform((x: string | (string | number)[]) => (Array.isArray(x) ? x.map(String) : x.split(',').map((s) => s.trim()).filter(Boolean))),
    v.check((xs: string[]) => xs.every((m) => /^\d{4}-(0[1-9]|1[0-2])$/.test(m)), MSG_MESES),
    v.maxLength(240, 'Hasta 240 meses'),
  );

const filterEntries = {
  ...periodEntries,
  id_obra: v.optional(idList(1000)),
  id_subgrupos: v.optional(idList(1000)),
  id_equipos: v.optional(idList(5000)),
  id_marcas: v.optional(idList(1000)),
  id_modelos: v.optional(idList(5000)),
  id_meses: v.optional(meses()),
};
const searchInput = withRules(v.object(filterEntries), periodRule);
const chartInput = withRules(v.object({
  ...filterEntries,
  id_selected: v.pipe(v.union([v.number(), v.string()], 'Seleccione una gráfica'), v.transform(Number), v.picklist([1, 2, 3, 4], 'Seleccione una gráfica')),
  // The seed's client-aggregated rows: accepted, never read (the server recomputes).
  data: v.optional(v.unknown()),
  general: v.optional(v.unknown()),
  equiposMaster: v.optional(v.unknown()),
  idsEquipos: v.optional(idList(5000)),
}), periodRule);

const monthName = (ym: string) => `${MONTH_NAMES[Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;

/** GET /reportes_rentabilidad/parametros: the options of the filters under the caller's sites. */
export async function parametros(deps: ApiDeps, principal: Principal) {
  const { sql } = deps;
  const sites = await userSites(deps, principal);
  const scoped = (col: string) => (sites === 'all' ? sql`TRUE` : sites.length ? sql`${sql.unsafe(col)} IN ${sql(sites)}` : sql`FALSE`);
  const [equipos, marcas, modelos, descripcion, obras, mesesRows] = await Promise.all([
    sql<{ id: number; nombre: string }[]>`SELECT id::int, codigo AS nombre FROM rm_equipos WHERE ${scoped('id_obra')} ORDER BY codigo, id`,
    sql<{ id: number; nombre: string }[]>`SELECT id::int, nombre FROM rm_marcas WHERE estado = 1 ORDER BY nombre, id`,
    sql<{ id: number; nombre: string; id_marca: number }[]>`SELECT id::int, nombre, id_marca::int FROM rm_modelos WHERE estado = 1 ORDER BY nombre, id`,
    sql<{ id: number; nombre: string }[]>`SELECT id::int, nombre FROM rm_equipo_subgrupos WHERE estado = 1 ORDER BY nombre, id`,
    sql<{ id: number; nombre: string }[]>`SELECT id::int, nombre FROM rm_obras WHERE estado = 1 AND ${scoped('id')} ORDER BY nombre, id`,
    sql<{ mes: string }[]>`SELECT DISTINCT to_char(mes, 'YYYY-MM') AS mes FROM rm_kpi_equipo_mes WHERE ${scoped('id_obra')} ORDER BY 1 DESC`,
  ]);
  return {
    equipos: [...equipos], marcas: [...marcas], modelos: [...modelos], descripcion: [...descripcion], obras: [...obras],
    dashboard: PROFIT_CHARTS.map((c) => ({ ...c })),
    meses: mesesRows.map((m) => ({ id: m.mes, nombre: monthName(m.mes) })),
  };
}

/** GET|POST /reportes_rentabilidad: the rows behind the four charts. */
export async function search(deps: ApiDeps, principal: Principal, f: ReportFilters): Promise<ProfitSearchReply> {
  const { machines: datas, periodo } = await reportMachines(deps, principal, f);
  const total_equipos = new Set(datas.map((m) => m.id_equipo)).size;
  const general = datas.flatMap((m) =>
    ([1, 2, 3] as const).map((id_gf) => ({
      id_subgrupo: m.id_subgrupo, subgrupo: m.subgrupo, id_gf, total_ps: m[`id_gf_${id_gf}`], id_equipo: m.id_equipo, equipo_amortizacion: m.equipo_amortizacion,
      tipo_tarifa: m.tipo_tarifa, horas: m.horas, tarifa: m.tarifa, id_obra: m.id_obra, codigo_equipo: m.codigo_equipo, nombre_obra: m.nombre_obra,
      total_monto_facturado: m.monto_facturado, total_equipos, horas_calculadas: m.horas_calculadas,
    })),
  );
  const equipos = [...new Map(datas.map((m) => [m.id_equipo, { id: m.id_equipo, codigo: m.codigo_equipo }])).values()];
  return { general, datas, equipos, periodo, notas: await missingRateNotes(deps, principal, { periodo, obras: f.id_obra, equipos: f.id_equipos }) };
}

/** POST /reportes_rentabilidad/amortizacion: one chart's rows with every column, the columns and
 * the chart's options; the screen's tabs re-derive from `items` (shared/profitability.ts tabRows). */
export async function chart(deps: ApiDeps, principal: Principal, input: ReportFilters & { id_selected: number }): Promise<ProfitChartReply> {
  const id = input.id_selected as ProfitChart;
  const { machines, periodo } = await reportMachines(deps, principal, input);
  const items = chartRows(machines, id);
  const columns = [firstColumn(id), ...new Set([1, 2, 3, 4].flatMap((t) => tabColumns(id, t as 1 | 2 | 3 | 4)))];
  return {
    formato: { moneda: 'S/', decimales: 2, primera_columna: firstColumn(id), id_selected: id, tipo: id === 2 || id === 3 ? 'dona' : 'barras' },
    opciones: {
      titulo: PROFIT_CHARTS.find((c) => c.id === id)?.nombre ?? '',
      colores: PROFIT_COLORS,
      filas_visibles: id === 1 || !input.id_equipos?.length ? PROFIT_VISIBLE_ROWS : null,
    },
    filas: columns.map((key) => ({ key, label: PROFIT_COLUMNS[key]?.label ?? key, formula: PROFIT_COLUMNS[key]?.formula ?? null })),
    items,
    periodo,
    notas: await missingRateNotes(deps, principal, { periodo, obras: input.id_obra, equipos: input.id_equipos }),
  };
}

export function profitRoutes(): AnyRoute[] {
  const access = moduleAccess(REPORTE_RENTABILIDAD, 'see');
  const searchSummary = 'Datos de las gráficas de rentabilidad por filtros (id_obra, id_subgrupos, id_equipos, id_marcas, id_modelos, id_meses AAAA-MM, date_from, date_to; meses completos, por defecto los últimos 12): general (equipo × obra × grupo funcional), datas (por equipo y obra: costos MP/MC/MCD, seguro, amortización, gastos generales, monto facturado, horas) y equipos';
  return [
    defineRoute({
      method: 'GET',
      path: '/reportes_rentabilidad/parametros',
      access,
      summary: 'Opciones de los filtros del reporte de rentabilidad: equipos, marcas, modelos, descripcion (subgrupos), obras, dashboard (las cuatro gráficas) y meses con datos',
      output: profitParamsReply,
      handler: ({ deps, principal }) => parametros(deps, principal),
    }),
    defineRoute({
      method: 'GET',
      path: '/reportes_rentabilidad',
      access,
      summary: searchSummary,
      input: searchInput,
      output: profitSearchReply,
      handler: ({ input, deps, principal }) => search(deps, principal, input),
    }),
    defineRoute({
      method: 'POST',
      path: '/reportes_rentabilidad',
      access,
      summary: `${searchSummary} (los mismos filtros en el cuerpo)`,
      input: searchInput,
      output: profitSearchReply,
      handler: ({ input, deps, principal }) => search(deps, principal, input),
    }),
    defineRoute({
      method: 'POST',
      path: '/reportes_rentabilidad/amortizacion',
      access,
      summary: 'Filas de una gráfica de rentabilidad (id_selected: 1 por equipo, 2 general por subgrupo, 3 por obra, 4 por hora por subgrupo) con todas las columnas, recalculadas en el servidor con los filtros (data, general y equiposMaster del cliente se ignoran): formato, opciones (colores), filas (columnas con su fórmula) e items',
      input: chartInput,
      output: profitChartReply,
      handler: ({ input, deps, principal }) => chart(deps, principal, input),
    }),
  ];
}
