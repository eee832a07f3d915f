import * as v from 'valibot';
import { REQUEST_STATE_NAMES } from '@shared/purchase-request-codes';
import { KPI_FORMULAS, type KpiFigures, type KpiInputs } from '../../../shared/kpi-formulas';
import type { ApiDeps } from '../platform/deps';
import { exportInSlot } from '../platform/export/export-slots';
import type { ExportColumn } from '../platform/export/types';
import { periodEntries, positiveId, withRules } from '../platform/fields';
import { idList } from '../platform/id-list';
import type { Principal } from '../platform/principal';
import { defineRoute, fileReply, moduleAccess, type AnyRoute } from '../platform/route';
import { userSites } from '../platform/site-scope';
import { KPI_CHART_SITES, KPI_REPORTS, kpisEquiposReply, kpisGeneralesReply, kpisReporteReply, type KpiGeneralBlock, type KpiReportRow, type KpisReporteReply } from '@shared/contracts/kpis';
import { missingRateNotes } from './missing-rate-notes';
import { figuresRow, loadGroups, onlyTypes, periodOf, periodRule, totalOf, type KpiFilters, type Period } from './kpi-query';
import { businessDateSql } from '@shared/time';

// Seed 002 §7 "Materials and KPIs" (issue 19): GET /kpis_equipos, /kpis_generales and
// /kpis_reporte (+ its xlsx export). Formulas: shared/kpi-formulas.ts, docs/modules/reports.md.

export const KPIS_EQUIPOS = '/kpis_equipos';
export const KPIS_GENERALES = '/kpis_generales';
export const KPIS_REPORTE = '/kpis_reporte';

const gf = () => v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.picklist([1, 2, 3], 'Grupo funcional no válido: 1 MP, 2 MC o 3 MCD'));

const equiposInput = withRules(v.object({ ...periodEntries, id_obra: v.optional(positiveId()), id_gf: v.optional(gf()) }), periodRule);
const generalesInput = withRules(v.object({ ...periodEntries, id_obra: v.optional(positiveId()) }), periodRule);
const reporteEntries = {
  ...periodEntries,
  id_reporte: v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.picklist([1, 2, 3, 4, 5], 'Reporte no válido (1 a 5)')), 1),
  // The seed names id_tipo_kpi without its values: 1 costs (default), 2 quantities; echoed by the screen.
  id_tipo_kpi: v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.picklist([1, 2], 'Tipo de KPI no válido (1 costos, 2 cantidades)')), 1),
  id_equipo: v.optional(positiveId()),
  id_obra: v.optional(positiveId()),
  ids_obras: v.optional(idList(1000)),
  ids_equipos: v.optional(idList(5000)),
  ids_gf: v.optional(idList(3)),
  ids_grupos: v.optional(idList(500)),
};
const reporteInput = withRules(v.object(reporteEntries), periodRule);
type ReporteInput = v.InferOutput<typeof reporteInput>;

/** GET /kpis_equipos: one row per machine with its figures over the period. */
async function kpisEquipos(deps: ApiDeps, principal: Principal, input: v.InferOutput<typeof equiposInput>) {
  const periodo = periodOf(input, deps.now());
  const filters: KpiFilters = { id_obra: input.id_obra, ids_gf: input.id_gf ? [input.id_gf] : undefined };
  const rows = await loadGroups(deps, principal, filters, periodo, 'equipo');
  const items = rows.map((r) => ({ id_equipo: r.id_equipo as number, codigo_equipo: r.codigo_equipo ?? '', descripcion: r.descripcion, familia: r.familia, ...figuresRow(r) }));
  const notas = await missingRateNotes(deps, principal, { periodo, obras: input.id_obra ? [input.id_obra] : undefined });
  return { items, total: figuresRow(totalOf(rows)), periodo, notas };
}

type Formato = KpiGeneralBlock['formato'];
const item = (clave: keyof KpiFigures, valor: number | null, formato: Formato) => ({ clave, nombre: KPI_FORMULAS[clave].label, valor, formato, formula: KPI_FORMULAS[clave].formula });
const plain = (clave: string, nombre: string, valor: number | null, formato: Formato, formula: string) => ({ clave, nombre, valor, formato, formula });

/** GET /kpis_generales: the site's (or every site of the caller's) blocks over the period. */
async function kpisGenerales(deps: ApiDeps, principal: Principal, input: v.InferOutput<typeof generalesInput>) {
  const { sql } = deps;
  const periodo = periodOf(input, deps.now());
  const filters: KpiFilters = { id_obra: input.id_obra };
  const [total] = await loadGroups(deps, principal, filters, periodo, 'total');
  const i: KpiInputs = total ?? totalOf([]);
  const f = figuresRow(i);
  const sites = await userSites(deps, principal);
  const siteCond = (col: string) => {
    const parts = [input.id_obra ? sql`${sql.unsafe(col)} = ${input.id_obra}` : sql`TRUE`];
    if (sites !== 'all') parts.push(sites.length ? sql`${sql.unsafe(col)} IN ${sql(sites)}` : sql`FALSE`);
    return parts.reduce((a, b) => sql`${a} AND ${b}`);
  };
  const [estados] = await sql<{ abiertas: number; cerradas: number; canceladas: number }[]>`
    SELECT count(*) FILTER (WHERE estado = 1)::int AS abiertas, count(*) FILTER (WHERE estado = 3)::int AS cerradas, count(*) FILTER (WHERE estado = 2)::int AS canceladas
      FROM rm_kpi_ordenes WHERE mes BETWEEN ${periodo.date_from}::date AND ${periodo.date_to}::date AND ${siteCond('id_obra')}`;
  const solicitudes = await sql<{ estado: number; n: number }[]>`
    SELECT estado::int, count(*)::int AS n FROM rm_solicitudes_compras
     WHERE ${sql.unsafe(businessDateSql('fecha_creado'))} BETWEEN ${periodo.date_from}::date AND ${periodo.date_to}::date AND ${siteCond('id_obra')}
     GROUP BY estado ORDER BY estado`;
  const blocks: KpiGeneralBlock[] = [
    {
      clave: 'ordenes', nombre: 'Órdenes de trabajo', valor: estados.abiertas + estados.cerradas + estados.canceladas, formato: 'numero', items: [
        plain('abiertas', 'Abiertas', estados.abiertas, 'numero', 'Órdenes abiertas en el periodo que siguen abiertas'),
        plain('cerradas', 'Cerradas', estados.cerradas, 'numero', 'Órdenes abiertas en el periodo y cerradas (cierre total)'),
        plain('canceladas', 'Canceladas', estados.canceladas, 'numero', 'Órdenes abiertas en el periodo y canceladas'),
        plain('ots_mp', 'Preventivas (MP)', i.ots_mp, 'numero', 'Órdenes MP abiertas en el periodo, sin las canceladas'),
        plain('ots_mc', 'Correctivas (MC)', i.ots_mc, 'numero', 'Órdenes MC abiertas en el periodo, sin las canceladas'),
        plain('ots_mcd', 'Correctivas (MCD)', i.ots_mcd, 'numero', 'Órdenes MCD abiertas en el periodo, sin las canceladas'),
      ],
    },
    {
      clave: 'horas', nombre: 'Horas de los equipos', valor: f.horas_trabajadas, formato: 'horas', items: [
        item('horas_trabajadas', f.horas_trabajadas, 'horas'), item('horas_standby', f.horas_standby, 'horas'), item('horas_reparacion', f.horas_reparacion, 'horas'),
        plain('horas_programadas', 'Horas programadas', i.horas_programadas, 'horas', 'H: suma de las horas de turno de los registros del periodo'),
      ],
    },
    {
      clave: 'confiabilidad', nombre: 'Disponibilidad y confiabilidad', valor: f.disponibilidad, formato: 'porcentaje', items: [
        item('disponibilidad', f.disponibilidad, 'porcentaje'), item('utilizacion', f.utilizacion, 'porcentaje'), item('mtbf', f.mtbf, 'horas'),
        item('mttr', f.mttr, 'horas'), item('disponibilidad_mecanica', f.disponibilidad_mecanica, 'porcentaje'),
      ],
    },
    {
      clave: 'costos', nombre: 'Costos de mantenimiento', valor: f.costo_mantenimiento, formato: 'monto', items: [
        item('costo_mantenimiento', f.costo_mantenimiento, 'monto'),
        plain('costo_mp', 'Costo MP', i.costo_mp, 'monto', 'Repuestos entregados a órdenes MP en el periodo'),
        plain('costo_mc', 'Costo MC', i.costo_mc, 'monto', 'Repuestos entregados a órdenes MC en el periodo'),
        plain('costo_mcd', 'Costo MCD', i.costo_mcd, 'monto', 'Repuestos entregados a órdenes MCD en el periodo'),
        item('costo_hora', f.costo_hora, 'monto'), item('costo_mp_hora', f.costo_mp_hora, 'monto'), item('costo_mc_hora', f.costo_mc_hora, 'monto'),
        item('costo_mcd_hora', f.costo_mcd_hora, 'monto'),
      ],
    },
    {
      clave: 'preventivo', nombre: 'Preventivo y correctivo', valor: f.porcentaje_preventivo, formato: 'porcentaje', items: [
        item('porcentaje_preventivo', f.porcentaje_preventivo, 'porcentaje'), item('razon_preventivo_correctivo', f.razon_preventivo_correctivo, 'razon'),
        item('fallas', f.fallas, 'numero'),
      ],
    },
    {
      clave: 'solicitudes', nombre: 'Solicitudes de compra', valor: solicitudes.reduce((a, s) => a + s.n, 0), formato: 'numero',
      items: solicitudes.map((s) => plain(`solicitudes_${s.estado}`, REQUEST_STATE_NAMES[s.estado as keyof typeof REQUEST_STATE_NAMES] ?? `Estado ${s.estado}`, s.n, 'numero', 'Solicitudes creadas en el periodo, por estado')),
    },
  ];
  const notas = await missingRateNotes(deps, principal, { periodo, obras: input.id_obra ? [input.id_obra] : undefined });
  return { items: blocks, periodo, id_obra: input.id_obra ?? null, notas };
}

const TIPOS = [
  { id: 1 as const, sigla: 'MP', costo: 'costo_mp' as const, ots: 'ots_mp' as const },
  { id: 2 as const, sigla: 'MC', costo: 'costo_mc' as const, ots: 'ots_mc' as const },
  { id: 3 as const, sigla: 'MCD', costo: 'costo_mcd' as const, ots: 'ots_mcd' as const },
];

function reportRow(base: Pick<KpiReportRow, 'clave' | 'nombre' | 'id_obra' | 'nombre_obra' | 'id_equipo' | 'id_equipo_grupo' | 'id_gf'>, i: KpiInputs): KpiReportRow {
  const f = figuresRow(i);
  return {
    ...base, cantidad: i.ots_mp + i.ots_mc + i.ots_mcd, cantidad_mp: i.ots_mp, cantidad_mc: i.ots_mc, cantidad_mcd: i.ots_mcd,
    costo_mp: i.costo_mp, costo_mc: i.costo_mc, costo_mcd: i.costo_mcd, costo_total: f.costo_mantenimiento, horas_trabajadas: f.horas_trabajadas,
    costo_mp_hora: f.costo_mp_hora, costo_mc_hora: f.costo_mc_hora, costo_mcd_hora: f.costo_mcd_hora, costo_hora: f.costo_hora,
  };
}

/** The rows of one report kind (seed 002 §9): 1 per site, 2 per family, 3 per site and family, 4 per
 * machine, 5 per maintenance type. */
async function reportRows(deps: ApiDeps, principal: Principal, input: ReporteInput, periodo: Period): Promise<KpiReportRow[]> {
  const filters: KpiFilters = input;
  const none = { id_obra: null, nombre_obra: null, id_equipo: null, id_equipo_grupo: null, id_gf: null };
  switch (input.id_reporte) {
    case 1:
      return (await loadGroups(deps, principal, filters, periodo, 'obra')).map((r) => reportRow({ ...none, clave: `obra-${r.id_obra}`, nombre: r.nombre_obra ?? '', id_obra: r.id_obra, nombre_obra: r.nombre_obra }, r));
    case 2:
      return (await loadGroups(deps, principal, filters, periodo, 'grupo')).map((r) => reportRow({ ...none, clave: `grupo-${r.id_equipo_grupo ?? 0}`, nombre: r.familia ?? 'Sin familia', id_equipo_grupo: r.id_equipo_grupo }, r));
    case 3:
      return (await loadGroups(deps, principal, filters, periodo, 'obra_grupo')).map((r) =>
        reportRow({ ...none, clave: `obra-${r.id_obra}-grupo-${r.id_equipo_grupo ?? 0}`, nombre: r.familia ?? 'Sin familia', id_obra: r.id_obra, nombre_obra: r.nombre_obra, id_equipo_grupo: r.id_equipo_grupo }, r));
    case 4:
      return (await loadGroups(deps, principal, filters, periodo, 'equipo')).map((r) =>
        reportRow({ ...none, clave: `equipo-${r.id_equipo}`, nombre: r.codigo_equipo ?? '', id_equipo: r.id_equipo, id_equipo_grupo: r.id_equipo_grupo }, r));
    case 5: {
      const [t] = await loadGroups(deps, principal, { ...filters, ids_gf: undefined }, periodo, 'total');
      const all = t ?? totalOf([]);
      const types = await deps.sql<{ id: number; sigla: string; nombre: string }[]>`SELECT id::int, sigla, nombre FROM rm_tipos_mantenimiento ORDER BY id`;
      return TIPOS.filter((x) => !input.ids_gf?.length || input.ids_gf.includes(x.id)).map((x) => {
        const name = types.find((r) => r.id === x.id);
        return reportRow({ ...none, clave: `gf-${x.id}`, nombre: name ? `${name.sigla} - ${name.nombre}` : x.sigla, id_gf: x.id }, onlyTypes(all, [x.id]));
      });
    }
  }
}

async function kpisReporte(deps: ApiDeps, principal: Principal, input: ReporteInput): Promise<KpisReporteReply> {
  const { sql } = deps;
  const periodo = periodOf(input, deps.now());
  const sites = await userSites(deps, principal);
  const scope = (col: string) => (sites === 'all' ? sql`TRUE` : sites.length ? sql`${sql.unsafe(col)} IN ${sql(sites)}` : sql`FALSE`);
  // The report's rows, the chart's per-site rows, the filters' options and the notes are
  // independent reads: run together (each a query on its own connection).
  const [items, siteItems, obras, equipos, tipos, grupos, people, notas] = await Promise.all([
    reportRows(deps, principal, input, periodo),
    input.id_reporte === 1 ? null : reportRows(deps, principal, { ...input, id_reporte: 1 }, periodo),
    sql<{ id: number; nombre: string }[]>`SELECT id::int, nombre FROM rm_obras WHERE estado = 1 AND ${scope('id')} ORDER BY nombre LIMIT 500`,
    sql<{ id: number; nombre: string }[]>`SELECT id::int, codigo AS nombre FROM rm_equipos WHERE estado = 1 AND ${scope('id_obra')} ORDER BY codigo LIMIT 500`,
    sql<{ id: 1 | 2 | 3; sigla: string; nombre: string }[]>`SELECT id::int, sigla, nombre FROM rm_tipos_mantenimiento WHERE id BETWEEN 1 AND 3 ORDER BY id`,
    sql<{ id: number; nombre: string; sigla: string }[]>`SELECT id::int, nombre, sigla FROM rm_grupos_funcionales WHERE estado = 1 ORDER BY nombre LIMIT 500`,
    sql<{ id: number; nombre: string; id_role: number }[]>`
      SELECT id::int, trim(coalesce(name, '') || ' ' || coalesce(surname, '')) AS nombre, id_role::int FROM rm_users
       WHERE estado = 1 AND id_role IN (11, 14, 15) AND (${sites === 'all'} OR ${scope('id_obra')}) ORDER BY name, surname LIMIT 1500`,
    missingRateNotes(deps, principal, {
      periodo,
      obras: [...(input.ids_obras ?? []), ...(input.id_obra ? [input.id_obra] : [])],
      equipos: [...(input.ids_equipos ?? []), ...(input.id_equipo ? [input.id_equipo] : [])],
    }),
  ]);
  // The chart: the first 10 sites of the per-site rows, three series (seed 002 §9).
  const first = (siteItems ?? items).slice(0, KPI_CHART_SITES);
  const calculo = first.map((r) => ({ id_obra: r.id_obra as number, nombre_obra: r.nombre_obra ?? '', costo_mp_hora: r.costo_mp_hora ?? 0, costo_mc_hora: r.costo_mc_hora ?? 0, costo_mcd_hora: r.costo_mcd_hora ?? 0 }));
  const cantidades = first.map((r) => ({ id_obra: r.id_obra as number, nombre_obra: r.nombre_obra ?? '', ots_mp: r.cantidad_mp, ots_mc: r.cantidad_mc, ots_mcd: r.cantidad_mcd }));
  const role = (r: number) => people.filter((p) => p.id_role === r).map(({ id, nombre }) => ({ id, nombre }));
  return {
    notas,
    items, calculo, cantidades, obras, equipos,
    grupoFuncional: tipos,
    grupoFuncionalElementos: grupos.map(({ id, nombre }) => ({ id, nombre })),
    grupoFuncionalElementosDesc: grupos.map(({ id, nombre, sigla }) => ({ id, nombre: `${sigla} - ${nombre}` })),
    operadores: role(11), mecanicos: role(14), supervisores: role(15),
    reportes: KPI_REPORTS.map((r) => ({ ...r })),
    id_reporte: input.id_reporte,
    periodo,
  };
}

/** The export's columns: the rows of the screen's table, amounts in soles. */
export const REPORT_EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'nombre_obra', label: 'Obra' },
  { key: 'nombre', label: 'Nombre' },
  { key: 'cantidad', label: 'OTs', kind: 'integer' },
  { key: 'cantidad_mp', label: 'OTs MP', kind: 'integer' },
  { key: 'cantidad_mc', label: 'OTs MC', kind: 'integer' },
  { key: 'cantidad_mcd', label: 'OTs MCD', kind: 'integer' },
  { key: 'costo_mp', label: 'Costo MP', kind: 'money' },
  { key: 'costo_mc', label: 'Costo MC', kind: 'money' },
  { key: 'costo_mcd', label: 'Costo MCD', kind: 'money' },
  { key: 'costo_total', label: 'Costo total', kind: 'money' },
  { key: 'horas_trabajadas', label: 'Horas trabajadas', kind: 'decimal' },
  { key: 'costo_mp_hora', label: 'Costo MP por hora', kind: 'money' },
  { key: 'costo_mc_hora', label: 'Costo MC por hora', kind: 'money' },
  { key: 'costo_mcd_hora', label: 'Costo MCD por hora', kind: 'money' },
  { key: 'costo_hora', label: 'Costo por hora', kind: 'money' },
];

export function kpiRoutes(): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: KPIS_EQUIPOS,
      access: moduleAccess(KPIS_EQUIPOS, 'see'),
      summary: 'KPIs por equipo en el periodo (meses completos; por defecto los últimos 12): horas, disponibilidad, utilización, MTBF, MTTR, disponibilidad mecánica, costos por hora y razón preventivo:correctivo; filtros obra y grupo funcional (id_gf: 1 MP, 2 MC, 3 MCD)',
      input: equiposInput,
      output: kpisEquiposReply,
      handler: ({ input, deps, principal }) => kpisEquipos(deps, principal, input),
    }),
    defineRoute({
      method: 'GET',
      path: KPIS_GENERALES,
      access: moduleAccess(KPIS_GENERALES, 'see'),
      summary: 'Bloques de KPIs generales de una obra (o de las obras del usuario) en el periodo: órdenes, horas, disponibilidad y confiabilidad, costos, preventivo y correctivo, solicitudes por estado',
      input: generalesInput,
      output: kpisGeneralesReply,
      handler: ({ input, deps, principal }) => kpisGenerales(deps, principal, input),
    }),
    defineRoute({
      method: 'GET',
      path: KPIS_REPORTE,
      access: moduleAccess(KPIS_REPORTE, 'see'),
      summary: 'Reporte de KPIs (id_reporte 1-5: costos y cantidad por obra, por familia global, por familia por obra, por equipo, por grupo funcional MP/MC/MCD), el gráfico de las primeras 10 obras (calculo: costo_mp_hora, costo_mc_hora, costo_mcd_hora), cantidades y las opciones de los filtros',
      input: reporteInput,
      output: kpisReporteReply,
      handler: ({ input, deps, principal }) => kpisReporte(deps, principal, input),
    }),
    defineRoute({
      method: 'GET',
      path: `${KPIS_REPORTE}/export`,
      access: moduleAccess(KPIS_REPORTE, 'see'),
      summary: 'Exportar en xlsx las filas del reporte de KPIs con los mismos filtros (kind=xlsx)',
      input: withRules(v.object({ ...reporteEntries, kind: v.picklist(['xlsx'], 'Formato de exportación no válido') }), periodRule),
      output: fileReply('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      async handler({ input, deps, principal }) {
        const p = principal;
        return exportInSlot(p.userId, async () => {
          const periodo = periodOf(input, deps.now());
          const rows = await reportRows(deps, p, input, periodo);
          const nombre = KPI_REPORTS.find((r) => r.id === input.id_reporte)?.nombre ?? '';
          return {
            kind: input.kind,
            title: `Reporte de KPIs: ${nombre} · ${periodo.date_from} – ${periodo.date_to}`,
            fileBase: 'reporte-kpis',
            columns: REPORT_EXPORT_COLUMNS,
            rows,
            now: deps.now(),
          };
        });
      },
    }),
  ];
}

