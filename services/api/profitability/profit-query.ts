import type { Fragment } from 'postgres';
import { BUSINESS_TZ, businessDateSql } from '@shared/time';
import type { ProfitMachine } from '../../../shared/profitability';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';
import { userSites } from '../platform/site-scope';
import { EQUIPO_SQL } from '../equipos/equipo-sql';
import { periodOf, type Period } from '../kpis/kpi-query';
import { insuranceShares } from './profit-insurance';

// The profitability inputs (issue 19; formulas in shared/profitability.ts and
// docs/modules/reports.md "Rentabilidad"): one row per machine × site × month, keyed like the KPI
// projection's rm_kpi_equipo_mes (whose parts costs and worked hours it reads), with the fixed
// costs and the billed amount worked out from the machine's record and the site's record:
// - seguro: the month's share of the annual insurance for the month's last day (insuranceShares in
//   profit-insurance.ts, the twin of equipo_seguro_mes and of the machine form's schedule);
// - amortizacion: the month's instalment of the machine's plan (equipo_cuota_amortizacion, the
//   twin of the amortization plan), 0 while the plan is disabled;
// - gastos_generales: the site's monthly general expenses (the total of its expense lines) ÷ the
//   machines with a month row at that site in that month;
// - monto_facturado: tarifa × worked hours (HORA) or tarifa per month (MES).
// The tariff, insurance, plan and general expenses are the versions in force at the month's last
// day (the valid-time history of projections/profit-history: one indexed backward probe per row),
// so editing them today leaves closed months as they were; a month older than the record reads
// its first known values. A record the projection has not seen yet (it lags by milliseconds)
// reads its current values.
// A machine with rows at two sites in one month has its insurance, instalment and monthly tariff
// split equally between them. The apportioning counts every machine of the month, whatever the
// filters, so a filter never changes a machine's figures.

export type ProfitFilters = {
  date_from?: string;
  date_to?: string;
  id_obra?: number[];
  id_subgrupos?: number[];
  id_equipos?: number[];
  id_marcas?: number[];
  id_modelos?: number[];
  /** 'YYYY-MM' months within the range. */
  id_meses?: string[];
};

export const MSG_MESES = 'Mes no válido (AAAA-MM)';

/** One machine × site × month with every input. */
export type ProfitMonthRow = ProfitMachine & { mes: string; tipo_tarifa: string; tarifa: number; horas: number; equipo_amortizacion: number };

/** The end of the month row `b.mes` (the first instant of the next month in Lima): a version is in
 * force at the month's last day when it took effect before this instant. */
const MONTH_END = `((b.mes + interval '1 month')::timestamp AT TIME ZONE '${BUSINESS_TZ}')`;
/** The insurance year starts on the arrival date, else the purchase date (EQUIPO_SQL's twin). */
const INSURANCE_START = 'coalesce(#.fecha_llegada, #.fecha_compra)';
/** The plan's first month: the one saved with the plan, else the month of arrival, else of
 * purchase, else of registration (EQUIPO_SQL.amortizationStart over a version's columns). */
const AMORTIZATION_START = 'coalesce(#.amortizacion_inicio, #.fecha_llegada, #.fecha_compra, #.fecha_alta)';
/** The current record's twin of a version's column, for a machine without a version yet. */
const CURRENT: Record<string, string> = {
  amortizacion_inicio: 'am.amortizacion_inicio',
  amortizacion_estado: EQUIPO_SQL.planEstado,
  fecha_alta: businessDateSql('e.date_created'),
};
const column = (table: 'h' | 'e', name: string) => (table === 'e' ? (CURRENT[name] ?? `e.${name}`) : `h.${name}`);
/** A fixed input (a column, or an expression over `#.` columns) from the version in force (`h`),
 * else from the current record. */
function v(expr: string) {
  const of = (table: 'h' | 'e') => (expr.includes('#.') ? expr.replace(/#\.(\w+)/g, (_, name: string) => column(table, name)) : column(table, expr));
  return `(CASE WHEN h.version IS NULL THEN ${of('e')} ELSE ${of('h')} END)`;
}

/** The fixed inputs of a month row (`b`), from the version in force at its last day. */
const FIXED_INPUTS = `${v('tipo_tarifa')} AS tipo_tarifa, ${v('tarifa')} AS tarifa, ${v('horas')} AS horas, ${v('amortizacion')} AS meses_amortizacion,
  ${v('costo_anual_seguro')}::text AS seguro_anual, to_char(${v(INSURANCE_START)}, 'YYYY-MM-DD') AS seguro_inicio,
  CASE WHEN ${v('amortizacion_estado')} = 1
       THEN equipo_cuota_amortizacion(${v('costo_adquisicion')}, ${v('amortizacion')}, ${v(AMORTIZATION_START)}, b.mes) ELSE 0 END AS cuota_mes,
  coalesce(CASE WHEN g.version IS NULL THEN o.gastos_generales ELSE g.gastos_generales END, 0) AS gastos_obra`;

export async function loadProfitMonths(deps: ApiDeps, principal: Principal, f: ProfitFilters): Promise<{ rows: ProfitMonthRow[]; periodo: Period }> {
  const { sql } = deps;
  const periodo = periodOf(f, deps.now());
  const where: Fragment[] = [sql`TRUE`];
  if (f.id_obra?.length) where.push(sql`b.id_obra IN ${sql(f.id_obra)}`);
  if (f.id_equipos?.length) where.push(sql`b.id_equipo IN ${sql(f.id_equipos)}`);
  if (f.id_subgrupos?.length) where.push(sql`e.id_equipo_subgrupo IN ${sql(f.id_subgrupos)}`);
  if (f.id_marcas?.length) where.push(sql`e.id_marca IN ${sql(f.id_marcas)}`);
  if (f.id_modelos?.length) where.push(sql`e.id_modelo IN ${sql(f.id_modelos)}`);
  if (f.id_meses?.length) {
    if (!f.id_meses.every((m) => /^\d{4}-(0[1-9]|1[0-2])$/.test(m))) throw new ApiError(422, MSG_MESES, { id_meses: MSG_MESES });
    where.push(sql`to_char(b.mes, 'YYYY-MM') IN ${sql(f.id_meses)}`);
  }
  const sites = await userSites(deps, principal);
  if (sites !== 'all') where.push(sites.length ? sql`b.id_obra IN ${sql(sites)}` : sql`FALSE`);
  const w = where.reduce((a, b) => sql`${a} AND ${b}`);
  const rows = await sql<(Omit<ProfitMonthRow, 'seguro'> & { seguro_anual: string | null; seguro_inicio: string | null; sitios: number })[]>`
    WITH b AS (
      SELECT m.id_equipo, m.id_obra, m.mes, m.costo_mp, m.costo_mc, m.costo_mcd, m.horas_trabajadas,
             count(*) OVER (PARTITION BY m.id_equipo, m.mes) AS sitios,
             count(*) OVER (PARTITION BY m.id_obra, m.mes) AS equipos_obra
        FROM kpi_equipo_mes_valorado m
       WHERE m.mes BETWEEN ${periodo.date_from}::date AND ${periodo.date_to}::date
    ),
    -- Each version with the instant the next one took effect: the one in force at a month's end is
    -- the one whose span holds it (a hash join; a lookup per row cost ~100 ms at 24,000 rows).
    hv AS (
      SELECT h.*, lead(h.desde) OVER (PARTITION BY h.id_equipo ORDER BY h.desde, h.version) AS hasta
        FROM rm_rent_equipo_historia h WHERE h.id_equipo IN (SELECT DISTINCT id_equipo FROM b)
    ), gv AS (
      SELECT g.version, g.id_obra, g.desde, g.gastos_generales, lead(g.desde) OVER (PARTITION BY g.id_obra ORDER BY g.desde, g.version) AS hasta
        FROM rm_rent_obra_historia g
    ), c AS (
      SELECT b.*, e.codigo, e.id_equipo_subgrupo, s.nombre AS subgrupo, o.nombre AS nombre_obra,
             ${sql.unsafe(FIXED_INPUTS)}
        FROM b
        JOIN rm_equipos e ON e.id = b.id_equipo
        LEFT JOIN rm_equipo_amortizaciones am ON am.id = e.id
        LEFT JOIN rm_equipo_subgrupos s ON s.id = e.id_equipo_subgrupo
        LEFT JOIN rm_obras o ON o.id = b.id_obra
        LEFT JOIN hv h ON h.id_equipo = b.id_equipo AND h.desde < ${sql.unsafe(MONTH_END)} AND (h.hasta IS NULL OR h.hasta >= ${sql.unsafe(MONTH_END)})
        LEFT JOIN gv g ON g.id_obra = b.id_obra AND g.desde < ${sql.unsafe(MONTH_END)} AND (g.hasta IS NULL OR g.hasta >= ${sql.unsafe(MONTH_END)})
       WHERE ${w}
    )
    SELECT id_equipo::int, codigo AS codigo_equipo, id_equipo_subgrupo::int AS id_subgrupo, coalesce(subgrupo, 'Sin subgrupo') AS subgrupo, id_obra::int,
           coalesce(nombre_obra, '') AS nombre_obra, to_char(mes, 'YYYY-MM') AS mes, tipo_tarifa, tarifa::float8 AS tarifa, horas::int AS horas,
           meses_amortizacion::int AS equipo_amortizacion,
           costo_mp::float8 AS id_gf_1, costo_mc::float8 AS id_gf_2, costo_mcd::float8 AS id_gf_3,
           seguro_anual, seguro_inicio, sitios::int AS sitios, round(cuota_mes / sitios, 4)::float8 AS amortizacion,
           round(gastos_obra / equipos_obra, 4)::float8 AS gastos_generales,
           round(CASE WHEN tipo_tarifa = 'MES' THEN tarifa / sitios ELSE tarifa * horas_trabajadas END, 4)::float8 AS monto_facturado,
           horas_trabajadas::float8 AS horas_calculadas
      FROM c`;
  // The insurance share is worked out here, each insurance year once (profit-insurance.ts).
  const share = insuranceShares();
  const out: ProfitMonthRow[] = rows.map(({ seguro_anual, seguro_inicio, sitios, ...row }) => ({
    ...row, seguro: Math.round((share(seguro_anual, seguro_inicio, row.mes) / sitios) * 10_000) / 10_000,
  }));
  // Sorted here rather than by the database, whose sort of 24,000 wide rows spilled to disk.
  out.sort((a, b) => (a.codigo_equipo < b.codigo_equipo ? -1 : a.codigo_equipo > b.codigo_equipo ? 1 : a.id_equipo - b.id_equipo || a.id_obra - b.id_obra || (a.mes < b.mes ? -1 : a.mes > b.mes ? 1 : 0)));
  return { rows: out, periodo };
}

const SUM_KEYS = ['id_gf_1', 'id_gf_2', 'id_gf_3', 'seguro', 'amortizacion', 'gastos_generales', 'monto_facturado', 'horas_calculadas'] as const;
const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** The month rows summed per machine × site (the reply's `datas`). */
export function machinesOf(rows: ProfitMonthRow[]): (ProfitMachine & { tipo_tarifa: string; tarifa: number; horas: number; equipo_amortizacion: number; meses: string[] })[] {
  const out = new Map<string, ProfitMachine & { tipo_tarifa: string; tarifa: number; horas: number; equipo_amortizacion: number; meses: string[] }>();
  for (const r of rows) {
    const k = `${r.id_equipo}:${r.id_obra}`;
    const m = out.get(k);
    if (!m) {
      const { mes, ...rest } = r;
      out.set(k, { ...rest, meses: [mes] });
      continue;
    }
    for (const c of SUM_KEYS) m[c] = r4(m[c] + r[c]);
    m.meses.push(r.mes);
  }
  return [...out.values()];
}
