import type { Fragment, Sql } from 'postgres';
import { EMPTY_INPUTS, KPI_INPUT_KEYS, kpiFigures, sumInputs, type KpiInputs } from '../../../shared/kpi-formulas';
import { businessToday } from '../../../shared/time';
import type { ApiDeps } from '../platform/deps';
import type { InputRule } from '../platform/fields';
import type { Principal } from '../platform/principal';
import { userSites } from '../platform/site-scope';

// The KPI reads (issue 19): sums of the projection's month rows (rm_kpi_equipo_mes,
// projections/kpis, read through kpi_equipo_mes_valorado, which adds the parts costs in other
// currencies valued at their month's rate, migration 0078) grouped by what a screen shows, under the caller's sites, then the formulas of
// shared/kpi-formulas.ts. One indexed aggregate per call.

export const MSG_RANGE = 'La fecha final no puede ser anterior a la inicial';

export type KpiFilters = {
  date_from?: string;
  date_to?: string;
  id_obra?: number;
  ids_obras?: number[];
  id_equipo?: number;
  ids_equipos?: number[];
  /** Maintenance types (1 MP, 2 MC, 3 MCD): the seed's functional group of the reports. */
  ids_gf?: number[];
  /** Machinery families (equipo_grupos). */
  ids_grupos?: number[];
};

export type Period = { date_from: string; date_to: string };

/** A period's ends as a report's input gives them (either may be left out). */
type PeriodInput = Pick<KpiFilters, 'date_from' | 'date_to'>;

/** The period of a report's input starts no later than it ends (today when it names no end): a
 * rule of the input schema (platform/fields.ts withRules), whose refusal is also the reply's msg. */
export const periodRule: InputRule<PeriodInput> = {
  field: 'date_to',
  refuses: (f) => f.date_from !== undefined && f.date_from > (f.date_to ?? businessToday(new Date())),
  message: MSG_RANGE,
  headline: true,
};

/** Whole months: date_from's month to date_to's (default: the 12 months up to this one, Lima). */
export function periodOf(f: PeriodInput, now: Date): Period {
  const today = businessToday(now);
  const to = f.date_to ?? today;
  let from = f.date_from;
  if (!from) {
    const y = Number(to.slice(0, 4));
    const m = Number(to.slice(5, 7));
    const start = new Date(Date.UTC(y, m - 12, 1));
    from = start.toISOString().slice(0, 10);
  }
  const [ty, tm] = [Number(to.slice(0, 4)), Number(to.slice(5, 7))];
  const last = new Date(Date.UTC(ty, tm, 0)).toISOString().slice(0, 10);
  return { date_from: `${from.slice(0, 7)}-01`, date_to: last };
}

/** The inputs with only the orders and costs of the chosen maintenance types (hours stay). */
export function onlyTypes(i: KpiInputs, types: number[] | undefined): KpiInputs {
  if (!types?.length) return i;
  const keep = (t: number) => types.includes(t);
  return {
    ...i,
    ots_mp: keep(1) ? i.ots_mp : 0, ots_mc: keep(2) ? i.ots_mc : 0, ots_mcd: keep(3) ? i.ots_mcd : 0,
    costo_mp: keep(1) ? i.costo_mp : 0, costo_mc: keep(2) ? i.costo_mc : 0, costo_mcd: keep(3) ? i.costo_mcd : 0,
    // Repairs are corrective: with neither MC nor MCD chosen there are none to count.
    reparaciones: keep(2) || keep(3) ? i.reparaciones : 0, horas_reparacion_ot: keep(2) || keep(3) ? i.horas_reparacion_ot : 0,
  };
}

const SUMS = KPI_INPUT_KEYS.map((k) => `sum(m.${k})::float8 AS ${k}`).join(', ');

/** The WHERE of every KPI read: the period's months, the sites (and only the caller's), machines,
 * families. */
export async function kpiWhere(sql: Sql, deps: ApiDeps, principal: Principal, f: KpiFilters, p: Period): Promise<{ w: Fragment }> {
  const parts: Fragment[] = [sql`m.mes BETWEEN ${p.date_from}::date AND ${p.date_to}::date`];
  const obras = [...(f.ids_obras ?? []), ...(f.id_obra ? [f.id_obra] : [])];
  if (obras.length) parts.push(sql`m.id_obra IN ${sql(obras)}`);
  const equipos = [...(f.ids_equipos ?? []), ...(f.id_equipo ? [f.id_equipo] : [])];
  if (equipos.length) parts.push(sql`m.id_equipo IN ${sql(equipos)}`);
  if (f.ids_grupos?.length) parts.push(sql`e.id_equipo_grupo IN ${sql(f.ids_grupos)}`);
  const sites = await userSites(deps, principal);
  if (sites !== 'all') parts.push(sites.length ? sql`m.id_obra IN ${sql(sites)}` : sql`FALSE`);
  return { w: parts.reduce((a, b) => sql`${a} AND ${b}`) };
}

export type Dimension = 'equipo' | 'obra' | 'grupo' | 'obra_grupo' | 'total';

type GroupRow = KpiInputs & {
  id_equipo: number | null; codigo_equipo: string | null; descripcion: string | null; id_obra: number | null; nombre_obra: string | null;
  id_equipo_grupo: number | null; familia: string | null;
};

/** The period's sums per `dim`, with the names a screen shows. */
export async function loadGroups(deps: ApiDeps, principal: Principal, f: KpiFilters, p: Period, dim: Dimension): Promise<GroupRow[]> {
  const { sql } = deps;
  const { w } = await kpiWhere(sql, deps, principal, f, p);
  // Summed per key (ids only) first, the names joined to the groups after: grouping 24,000 month
  // rows by the names' text as well cost twice as much (2,000 machines: 88 → ~40 ms).
  const keys = {
    equipo: sql`m.id_equipo AS k_equipo, NULL::bigint AS k_obra, NULL::bigint AS k_grupo`,
    obra: sql`NULL::bigint AS k_equipo, m.id_obra AS k_obra, NULL::bigint AS k_grupo`,
    grupo: sql`NULL::bigint AS k_equipo, NULL::bigint AS k_obra, e.id_equipo_grupo AS k_grupo`,
    obra_grupo: sql`NULL::bigint AS k_equipo, m.id_obra AS k_obra, e.id_equipo_grupo AS k_grupo`,
    total: sql`NULL::bigint AS k_equipo, NULL::bigint AS k_obra, NULL::bigint AS k_grupo`,
  }[dim];
  const group = { equipo: sql`GROUP BY m.id_equipo`, obra: sql`GROUP BY m.id_obra`, grupo: sql`GROUP BY e.id_equipo_grupo`, obra_grupo: sql`GROUP BY m.id_obra, e.id_equipo_grupo`, total: sql`` }[dim];
  const cols = {
    equipo: sql`a.k_equipo::int AS id_equipo, e.codigo AS codigo_equipo, ep.nombre AS descripcion, NULL::int AS id_obra, NULL::text AS nombre_obra, e.id_equipo_grupo::int AS id_equipo_grupo, g.nombre AS familia`,
    obra: sql`NULL::int AS id_equipo, NULL::text AS codigo_equipo, NULL::text AS descripcion, a.k_obra::int AS id_obra, o.nombre AS nombre_obra, NULL::int AS id_equipo_grupo, NULL::text AS familia`,
    grupo: sql`NULL::int AS id_equipo, NULL::text AS codigo_equipo, NULL::text AS descripcion, NULL::int AS id_obra, NULL::text AS nombre_obra, a.k_grupo::int AS id_equipo_grupo, coalesce(g.nombre, 'Sin familia') AS familia`,
    obra_grupo: sql`NULL::int AS id_equipo, NULL::text AS codigo_equipo, NULL::text AS descripcion, a.k_obra::int AS id_obra, o.nombre AS nombre_obra, a.k_grupo::int AS id_equipo_grupo, coalesce(g.nombre, 'Sin familia') AS familia`,
    total: sql`NULL::int AS id_equipo, NULL::text AS codigo_equipo, NULL::text AS descripcion, NULL::int AS id_obra, NULL::text AS nombre_obra, NULL::int AS id_equipo_grupo, NULL::text AS familia`,
  }[dim];
  const order = {
    equipo: sql`ORDER BY e.codigo, a.k_equipo`,
    obra: sql`ORDER BY o.nombre, a.k_obra`,
    grupo: sql`ORDER BY g.nombre NULLS LAST, a.k_grupo`,
    obra_grupo: sql`ORDER BY o.nombre, a.k_obra, g.nombre NULLS LAST, a.k_grupo`,
    total: sql``,
  }[dim];
  const inputs = KPI_INPUT_KEYS.map((k) => `a.${k}`).join(', ');
  const rows = await sql<GroupRow[]>`
    SELECT ${cols}, ${sql.unsafe(inputs)}
      FROM (
        SELECT ${keys}, ${sql.unsafe(SUMS)}
          FROM kpi_equipo_mes_valorado m
          LEFT JOIN rm_equipos e ON e.id = m.id_equipo
         WHERE ${w} ${group}
      ) a
      LEFT JOIN rm_equipos e ON e.id = a.k_equipo
      LEFT JOIN rm_equipo_grupos g ON g.id = coalesce(a.k_grupo, e.id_equipo_grupo)
      LEFT JOIN rm_equipo_productos ep ON ep.id = e.id_equipo_producto
      LEFT JOIN rm_obras o ON o.id = a.k_obra
     ${order}`;
  return rows.map((r) => ({ ...r, ...onlyTypes(sumInputs([r]), f.ids_gf) }));
}

/** Figures and inputs of one group, as the replies carry them. */
export function figuresRow(i: KpiInputs) {
  const f = kpiFigures(i);
  return {
    ...f,
    registros: i.registros, horas_programadas: i.horas_programadas, ots_mp: i.ots_mp, ots_mc: i.ots_mc, ots_mcd: i.ots_mcd,
    reparaciones: i.reparaciones, horas_reparacion_ot: i.horas_reparacion_ot, repuestos: i.repuestos,
    costo_mp: i.costo_mp, costo_mc: i.costo_mc, costo_mcd: i.costo_mcd,
  };
}

export const totalOf = (rows: KpiInputs[]): KpiInputs => (rows.length ? sumInputs(rows) : { ...EMPTY_INPUTS });
