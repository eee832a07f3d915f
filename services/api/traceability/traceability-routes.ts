import type { Sql } from 'postgres';
import * as v from 'valibot';
import { durationText, intervalOf, MINUTES_PER_DAY, MINUTES_PER_MONTH, minutesBetween } from '../../../shared/lead-time';
import { ApiError, FORBIDDEN } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import { periodEntries, positiveId, text } from '../platform/fields';
import { can, type Principal } from '../platform/principal';
import { defineRoute, fileReply, type AnyRoute } from '../platform/route';
import { exportInSlot } from '../platform/export/export-slots';
import type { ExportColumn } from '../platform/export/types';
import { userSites } from '../platform/site-scope';
import { idList as sharedIdList } from '../platform/id-list';
import { formatDate } from '../../../shared/time';
import { globalReply, MILESTONES, orderLookupReply, orderReply, traceabilityReply, type GlobalReply } from '@shared/contracts/traceability';

// Traceability through the 18 milestones (seed 002 §7 "Profitability and traceability", issue 18):
// the filters' options, the statistics per milestone over the filtered orders (one aggregate query
// over rm_trazabilidad, projections/traceability) and one order's timeline (one row read).

export const GLOBAL_MODULE = '/trazabilidad_global';
export const ORDER_MODULE = '/trazabilidad_ot';
export const MSG_OT_NOT_FOUND = 'No se encontró la orden de trabajo';
const MAX_IDS = 5000;

/** Either traceability screen opens these calls (the routes are signed-in ones: the right is
 * either module's, which one access kind cannot state). */
function reader(principal: Principal): Principal {
  if (!can(principal, GLOBAL_MODULE, 'see') && !can(principal, ORDER_MODULE, 'see')) throw new ApiError(403, FORBIDDEN);
  return principal;
}

const idList = (max = MAX_IDS) => sharedIdList(max);
const flagValue = () => v.pipe(v.union([v.number(), v.string(), v.boolean()]), v.transform((x) => (x === true || x === 1 || x === '1' || x === 'true' ? 1 : 0)));
const flag = () => v.optional(flagValue(), 0);

const filterEntries = {
  ...periodEntries,
  id_obras: v.optional(idList()),
  grupos_funcionales: v.optional(idList()),
  estado_ot_cerrado: flag(),
  estado_ot_abierto: flag(),
};
/** getInfoLTAll's filters (and its export's). The seed's call sends the chosen orders alone
 * (`{ ots }`, seed 002 §7): when neither state flag is sent, those orders count open and closed;
 * a flag sent keeps the §5 rule (neither → none). */
const statsEntries = {
  ...filterEntries,
  estado_ot_cerrado: v.optional(flagValue()),
  estado_ot_abierto: v.optional(flagValue()),
  ots: v.optional(idList()),
};

function statesOf<F extends { estado_ot_cerrado?: number; estado_ot_abierto?: number; ots?: number[] }>(f: F): F & { estado_ot_cerrado: number; estado_ot_abierto: number } {
  const both = f.estado_ot_cerrado === undefined && f.estado_ot_abierto === undefined && (f.ots?.length ?? 0) > 0 ? 1 : 0;
  return { ...f, estado_ot_cerrado: f.estado_ot_cerrado ?? both, estado_ot_abierto: f.estado_ot_abierto ?? both };
}

type Filters = { date_from?: string; date_to?: string; id_obras?: number[]; grupos_funcionales?: number[]; estado_ot_cerrado: number; estado_ot_abierto: number; ots?: number[]; search?: string };

/** The WHERE of the report: the state rule of seed 002 §5 (neither → none, both → all, Cerradas →
 * 3, Abiertas → 1; cancelled orders never), the opening-date range only when both ends are set,
 * the sites (and only the caller's), the groups (any of the order's). */
async function where(sql: Sql, deps: ApiDeps, principal: Principal, f: Filters) {
  const states = [f.estado_ot_abierto ? 1 : null, f.estado_ot_cerrado ? 3 : null].filter((x): x is number => x !== null);
  const parts = [states.length ? sql`t.estado_ot IN ${sql(states)}` : sql`FALSE`];
  if (f.date_from && f.date_to) parts.push(sql`t.apertura BETWEEN ${f.date_from}::date AND ${f.date_to}::date`);
  if (f.id_obras?.length) parts.push(sql`t.id_obra IN ${sql(f.id_obras)}`);
  if (f.grupos_funcionales?.length) parts.push(sql`t.gf && ${f.grupos_funcionales}::bigint[]`);
  if (f.ots?.length) parts.push(sql`t.id_orden_trabajo IN ${sql(f.ots)}`);
  if (f.search) parts.push(sql`lower(t.codigo) LIKE ${`%${f.search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
  const sites = await userSites(deps, principal);
  if (sites !== 'all') parts.push(sites.length ? sql`t.id_obra IN ${sql(sites)}` : sql`FALSE`);
  // Wrapped: a fragment is thenable, awaiting it would run it.
  return { w: parts.reduce((a, b) => sql`${a} AND ${b}`) };
}

const hours = (minutes: number | null) => (minutes === null ? 0 : Math.round((Number(minutes) / 60) * 100) / 100);
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The statistics per milestone over the filtered orders (POST /trazabilidad/getInfoLTAll and its
 * export): one aggregate over the filtered orders' reached milestones. */
async function globalStats(deps: ApiDeps, p: Principal, input: Filters): Promise<GlobalReply> {
  const { w } = await where(deps.sql, deps, p, input);
  // The reached milestones' durations grouped by milestone, from the narrow rows
  // (rm_trazabilidad_hitos). Every order's first milestone is its opening, so the orders matching
  // the filters are the rows of milestone 1: no second scan of rm_trazabilidad's wide rows.
  const stats = await deps.sql<{ k: number; n: number; min: number; avg: number; max: number; p50: number; p90: number }[]>`
    SELECT t.k::int, count(*)::int AS n, min(t.minutos)::float8 AS min, avg(t.minutos)::float8 AS avg, max(t.minutos)::float8 AS max,
           (percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY t.minutos))[1]::float8 AS p50,
           (percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY t.minutos))[2]::float8 AS p90
      FROM rm_trazabilidad_hitos t WHERE ${w} GROUP BY t.k`;
  const conteo = stats.find((s) => s.k === 1)?.n ?? 0;
  const byK = new Map(stats.map((s) => [s.k, s]));
  const items = MILESTONES.map((m) => {
    const s = byK.get(m.n);
    return {
      id: m.id, n: m.n, nombre: m.nombre, conteo: s?.n ?? 0,
      data: { min: hours(s?.min ?? null), promedio: hours(s?.avg ?? null), max: hours(s?.max ?? null), mediana: hours(s?.p50 ?? null), p90: hours(s?.p90 ?? null) },
    };
  });
  const worst = items.filter((i) => i.conteo > 0 && i.data.promedio > 0).sort((a, b) => b.data.promedio - a.data.promedio)[0];
  return { items, conteo, cuello: worst?.id ?? null };
}

/** The export's columns: one row per milestone, hours with 2 decimals. */
export const STATS_EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'hito', label: 'Hito' },
  { key: 'conteo', label: 'OT', kind: 'integer' },
  { key: 'min', label: 'Mínimo (h)', kind: 'decimal' },
  { key: 'promedio', label: 'Promedio (h)', kind: 'decimal' },
  { key: 'max', label: 'Máximo (h)', kind: 'decimal' },
  { key: 'mediana', label: 'Mediana (h)', kind: 'decimal' },
  { key: 'p90', label: 'P90 (h)', kind: 'decimal' },
];

/** The export's title: the report and its filters (range, sites, state, groups), named when few. */
async function exportTitle(deps: ApiDeps, p: Principal, f: Filters): Promise<string> {
  const names = async (table: 'rm_obras' | 'rm_grupos_funcionales', ids: number[] | undefined, all: string, one: string, many: string) => {
    if (!ids?.length) return all;
    if (ids.length > 3) return `${ids.length} ${many}`;
    const rows = await deps.sql<{ nombre: string }[]>`SELECT nombre FROM ${deps.sql(table)} WHERE id IN ${deps.sql(ids)} ORDER BY nombre`;
    return `${ids.length === 1 ? one : many}: ${rows.map((r) => r.nombre).join(', ')}`;
  };
  const sites = await userSites(deps, p);
  const parts = [
    f.date_from && f.date_to ? `${formatDate(f.date_from)} – ${formatDate(f.date_to)}` : 'todas las fechas',
    await names('rm_obras', f.id_obras, sites === 'all' ? 'todas las obras' : 'sus obras', 'obra', 'obras'),
    f.estado_ot_abierto && f.estado_ot_cerrado ? 'abiertas y cerradas' : f.estado_ot_abierto ? 'abiertas' : f.estado_ot_cerrado ? 'cerradas' : 'ningún estado',
    await names('rm_grupos_funcionales', f.grupos_funcionales, 'todos los grupos funcionales', 'grupo funcional', 'grupos funcionales'),
  ];
  if (f.ots?.length) parts.push(`${f.ots.length} OT elegidas`);
  return `Trazabilidad global: ${parts.join(' · ')}`;
}

export function traceabilityRoutes(): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/trazabilidad',
      access: { kind: 'signed_in' },
      summary: 'Opciones de los filtros de trazabilidad (obras del usuario, grupos funcionales) y, con all_ots, las OT del rango de fechas de apertura',
      input: v.object({ ...periodEntries, all_ots: flag() }),
      output: traceabilityReply,
      async handler({ input, deps, principal }) {
        const p = reader(principal);
        const sites = await userSites(deps, p);
        const obras = await deps.sql<{ id: number; nombre: string }[]>`
          SELECT id::int, nombre FROM rm_obras WHERE estado = 1 AND (${sites === 'all'} OR id = ANY(${sites === 'all' ? [] : sites})) ORDER BY nombre`;
        const gf = await deps.sql<{ id: number; nombre: string }[]>`SELECT id::int, nombre FROM rm_grupos_funcionales WHERE estado = 1 ORDER BY nombre`;
        type Item = { id: number; id_obra: number | null; estado_ot: number; codigo: string; nombre_obra: string | null; gf: number[] };
        let items: Item[] = [];
        if (input.all_ots) {
          const { w } = await where(deps.sql, deps, p, { ...input, estado_ot_abierto: 1, estado_ot_cerrado: 1 });
          items = await deps.sql<Item[]>`
            SELECT t.id_orden_trabajo::int AS id, t.id_obra::int, t.estado_ot::int, t.codigo, o.nombre AS nombre_obra, t.gf::int[] AS gf
              FROM rm_trazabilidad t LEFT JOIN rm_obras o ON o.id = t.id_obra WHERE ${w} ORDER BY t.apertura DESC NULLS LAST, t.id_orden_trabajo DESC LIMIT 1000`;
        }
        return { obras, gf, items };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/trazabilidad/getInfoLTAll',
      access: { kind: 'signed_in' },
      summary: 'Por hito: horas mínimas, promedio, máximas, mediana y percentil 90 (2 decimales) sobre las OT filtradas (ots, fechas de apertura, obras, grupos funcionales, estado; solo ots, sin estado: abiertas y cerradas), el número de OT y el hito con el mayor promedio',
      input: v.object(statsEntries),
      output: globalReply,
      async handler({ input, deps, principal }) {
        return globalStats(deps, reader(principal), statesOf(input));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/trazabilidad/getInfoLTAll/export',
      access: { kind: 'signed_in' },
      summary: 'Exportar la tabla de tiempos por hito de la trazabilidad global (xlsx o pdf) con los filtros de getInfoLTAll: hito, OT, mínimo, promedio, máximo, mediana y P90 en horas; el título nombra los filtros',
      input: v.object({ ...statsEntries, kind: v.picklist(['xlsx', 'pdf'], 'Formato de exportación no válido') }),
      output: fileReply('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'),
      async handler({ input, deps, principal }) {
        const p = reader(principal);
        const filters = statesOf(input);
        return exportInSlot(p.userId, async () => {
          const stats = await globalStats(deps, p, filters);
          const title = await exportTitle(deps, p, filters);
          const rows = stats.items.map((m) => ({
            hito: m.nombre, conteo: m.conteo, min: m.data.min, promedio: m.data.promedio, max: m.data.max, mediana: m.data.mediana, p90: m.data.p90,
          }));
          return { kind: input.kind, title, fileBase: 'trazabilidad-global', columns: STATS_EXPORT_COLUMNS, rows, now: deps.now() };
        });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/trazabilidad/getInfoLT',
      access: { kind: 'signed_in' },
      summary: 'Trazabilidad de una OT: cada hito con su fecha, la del hito anterior alcanzado, la duración en minutos (redondeada hacia arriba) y en texto; la cabecera y el tiempo total',
      input: v.object({ id_ot: positiveId() }),
      output: orderReply,
      async handler({ input, deps, principal }) {
        const p = reader(principal);
        const { w } = await where(deps.sql, deps, p, { estado_ot_abierto: 1, estado_ot_cerrado: 1, ots: [input.id_ot] });
        const [row] = await deps.sql<{
          id: number; codigo: string; id_obra: number | null; nombre_obra: string | null; estado_ot: number; fecha_apertura_ot: string | null; fecha_cierre_ot: string | null;
          tipo_solicitud: string | null; gf: { id: number; nombre: string }[]; fechas: (Date | null)[]; ultimas: (Date | null)[]; veces: number[]; minutos: (number | null)[];
        }[]>`
          SELECT t.id_orden_trabajo::int AS id, t.codigo, t.id_obra::int, o.nombre AS nombre_obra, t.estado_ot::int, t.fecha_apertura_ot, t.fecha_cierre_ot, t.tipo_solicitud,
                 coalesce((SELECT json_agg(json_build_object('id', g.id::int, 'nombre', g.nombre) ORDER BY g.nombre) FROM rm_grupos_funcionales g WHERE g.id = ANY(t.gf)), '[]') AS gf,
                 to_json(t.fechas) AS fechas, to_json(t.ultimas) AS ultimas, to_json(t.veces) AS veces, to_json(t.minutos) AS minutos
            FROM rm_trazabilidad t LEFT JOIN rm_obras o ON o.id = t.id_obra WHERE ${w}`;
        if (!row) throw new ApiError(404, MSG_OT_NOT_FOUND);
        let previous: Date | null = null;
        const item = MILESTONES.map((m, i) => {
          const fecha = row.fechas[i];
          const minutes = row.minutos[i];
          const out = {
            id: m.id, n: m.n, nombre: m.nombre, fecha: iso(fecha), fecha_anterior: fecha ? iso(previous) : null, ultima: iso(row.ultimas[i]), veces: row.veces[i] ?? 0,
            duration: minutes ?? 0, duration_show: minutes === null ? '' : durationText(minutes),
            dias: Math.round(((minutes ?? 0) / MINUTES_PER_DAY) * 100) / 100, meses: Math.round(((minutes ?? 0) / MINUTES_PER_MONTH) * 100) / 100,
          };
          if (fecha) previous = fecha;
          return out;
        });
        const first = row.fechas[0];
        const closed = row.fechas[17];
        const total = first ? minutesBetween(first, closed ?? deps.now()) : 0;
        return {
          item,
          orden_trabajo: {
            id: row.id, codigo: row.codigo, id_obra: row.id_obra, nombre_obra: row.nombre_obra, gf: row.gf, estado_ot: row.estado_ot, estado_nombre: row.estado_ot === 3 ? 'Cerrada' : 'Abierta',
            fecha_apertura_ot: row.fecha_apertura_ot, fecha_cierre_ot: row.estado_ot === 3 ? row.fecha_cierre_ot : null, tipo_solicitud: row.tipo_solicitud, total, total_show: durationText(total),
          },
          apertura_cierre: [
            { fecha: row.fecha_apertura_ot, intervalo: intervalOf(0) },
            { fecha: row.estado_ot === 3 ? row.fecha_cierre_ot : null, intervalo: intervalOf(total) },
          ],
        };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/fil_datas/ordenTrabajoLT',
      access: { kind: 'signed_in' },
      summary: 'OT de la trazabilidad que cumplen los filtros del panel (obras, estado, grupos funcionales, fechas de apertura) y su búsqueda por código; conteo: cuántas cumplen los filtros',
      input: v.object({ ...filterEntries, details: flag(), search: v.optional(text(50)), query: v.optional(text(50)), limit: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer('Límite inválido'), v.minValue(1, 'Límite inválido'), v.maxValue(100, 'Límite inválido')), 50) }),
      output: orderLookupReply,
      async handler({ input, deps, principal }) {
        const p = reader(principal);
        const { w } = await where(deps.sql, deps, p, { ...input, search: undefined });
        const [{ conteo }] = await deps.sql<{ conteo: number }[]>`SELECT count(*)::int AS conteo FROM rm_trazabilidad t WHERE ${w}`;
        const search = (input.search ?? input.query ?? '').trim();
        const ws = search ? (await where(deps.sql, deps, p, { ...input, search })).w : w;
        const items = await deps.sql<{ value: number; label: string; id_obra: number | null; nombre_obra: string | null; estado_ot: number }[]>`
          SELECT t.id_orden_trabajo::int AS value, t.codigo AS label, t.id_obra::int, o.nombre AS nombre_obra, t.estado_ot::int
            FROM rm_trazabilidad t LEFT JOIN rm_obras o ON o.id = t.id_obra WHERE ${ws}
           ORDER BY t.apertura DESC NULLS LAST, t.id_orden_trabajo DESC LIMIT ${input.limit}`;
        return { items, conteo };
      },
    }),
  ];
}
