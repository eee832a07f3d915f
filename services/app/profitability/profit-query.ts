import type { Fragment, Sql, TransactionSql } from 'postgres';
import { BUSINESS_TZ, businessDateSql } from '@shared/time';
import type { ProfitMachine } from '../../../shared/profitability';
import { EQUIPO_SQL } from '../equipment/equipment-sql';
import { userSites, type SiteActor } from '../sites/user-sites';
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
// day (the valid-time history of projections/profit-history),
// so editing them today leaves closed months as they were; a month older than the record reads
// its first known values. A record the projection has not seen yet (it lags by milliseconds)
// reads its current values.
// A machine with rows at two sites in one month has its insurance, instalment and monthly tariff
// split equally between them. The apportioning counts every machine of the month, whatever the
// filters, so a filter never changes a machine's figures.
// The month rows are kept in rent_equipo_mes (migration 0087), recomputed when their sources change
// (refreshProfitMonths); a report sums them per machine × site in the database (loadProfitMachines).

export type ProfitFilters = {
  id_obra?: number[];
  id_subgrupos?: number[];
  id_equipos?: number[];
  id_marcas?: number[];
  id_modelos?: number[];
  /** 'YYYY-MM' months within the period (checked by the routes' input schemas). */
  id_meses?: string[];
};

/** Whole months: the first day of the first, the last day of the last ('YYYY-MM-DD'). */
export type ProfitPeriod = { date_from: string; date_to: string };

/** One machine × site over the period: its sums, and the fixed inputs of its first month. */
export type ProfitMachineRow = ProfitMachine & { tipo_tarifa: string; tarifa: number; horas: number; equipo_amortizacion: number; meses: string[] };

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

/** A month row as the sources give it: numbers as exact text, the insurance still to work out. */
type LiveMonth = {
  id_equipo: string; id_obra: string; mes: string; costo_mp: string; costo_mc: string; costo_mcd: string; horas_trabajadas: string;
  tipo_tarifa: string | null; tarifa: string | null; horas: number | null; meses_amortizacion: number | null;
  seguro_anual: string | null; seguro_inicio: string | null; sitios: number; amortizacion: string; gastos_generales: string; monto_facturado: string;
};

/** The month rows named in the temporary table `rent_claves` (id_equipo, id_obra, mes), computed
 * from the sources: the KPI projection's month rows (valued), the version of the fixed inputs in
 * force at the month's end, the instalment, the shares between sites and machines (counted over
 * every row of the machine's and the site's month, whatever the claves), and the insurance share
 * (worked out here). */
async function profitMonthsLive(tx: TransactionSql): Promise<(Omit<LiveMonth, 'seguro_anual' | 'seguro_inicio' | 'sitios'> & { seguro: string })[]> {
  const rows = await tx<LiveMonth[]>`
    WITH b AS (
      SELECT m.id_equipo, m.id_obra, m.mes, m.costo_mp, m.costo_mc, m.costo_mcd, m.horas_trabajadas, se.sitios, so.equipos_obra
        FROM kpi_equipo_mes_valorado m
        JOIN (SELECT k.id_equipo, k.mes, count(*) AS sitios FROM rm_kpi_equipo_mes k
               WHERE (k.id_equipo, k.mes) IN (SELECT id_equipo, mes FROM rent_claves) GROUP BY 1, 2) se
          ON se.id_equipo = m.id_equipo AND se.mes = m.mes
        JOIN (SELECT k.id_obra, k.mes, count(*) AS equipos_obra FROM rm_kpi_equipo_mes k
               WHERE (k.id_obra, k.mes) IN (SELECT id_obra, mes FROM rent_claves) GROUP BY 1, 2) so
          ON so.id_obra = m.id_obra AND so.mes = m.mes
       WHERE (m.id_equipo, m.id_obra, m.mes) IN (SELECT id_equipo, id_obra, mes FROM rent_claves)
    ),
    -- Each version with the instant the next one took effect: the one in force at a month's end is
    -- the one whose span holds it (a hash join; a lookup per row cost ~100 ms at 24,000 rows).
    hv AS (
      SELECT h.*, lead(h.desde) OVER (PARTITION BY h.id_equipo ORDER BY h.desde, h.version) AS hasta
        FROM rm_rent_equipo_historia h WHERE h.id_equipo IN (SELECT DISTINCT id_equipo FROM rent_claves)
    ), gv AS (
      SELECT g.version, g.id_obra, g.desde, g.gastos_generales, lead(g.desde) OVER (PARTITION BY g.id_obra ORDER BY g.desde, g.version) AS hasta
        FROM rm_rent_obra_historia g
    ), c AS (
      SELECT b.*, ${tx.unsafe(FIXED_INPUTS)}
        FROM b
        JOIN rm_equipos e ON e.id = b.id_equipo
        LEFT JOIN rm_equipo_amortizaciones am ON am.id = e.id
        LEFT JOIN rm_obras o ON o.id = b.id_obra
        LEFT JOIN hv h ON h.id_equipo = b.id_equipo AND h.desde < ${tx.unsafe(MONTH_END)} AND (h.hasta IS NULL OR h.hasta >= ${tx.unsafe(MONTH_END)})
        LEFT JOIN gv g ON g.id_obra = b.id_obra AND g.desde < ${tx.unsafe(MONTH_END)} AND (g.hasta IS NULL OR g.hasta >= ${tx.unsafe(MONTH_END)})
    )
    SELECT id_equipo::text, id_obra::text, to_char(mes, 'YYYY-MM-DD') AS mes, costo_mp::text, costo_mc::text, costo_mcd::text,
           horas_trabajadas::text, tipo_tarifa, tarifa::text, horas::int, meses_amortizacion::int,
           seguro_anual, seguro_inicio, sitios::int, round(cuota_mes / sitios, 4)::text AS amortizacion,
           round(gastos_obra / equipos_obra, 4)::text AS gastos_generales,
           round(CASE WHEN tipo_tarifa = 'MES' THEN tarifa / sitios ELSE tarifa * horas_trabajadas END, 4)::text AS monto_facturado
      FROM c`;
  // The insurance share is worked out here, each insurance year once (profit-insurance.ts).
  const share = insuranceShares();
  return rows.map(({ seguro_anual, seguro_inicio, sitios, ...row }) => ({
    ...row, seguro: String(Math.round((share(seguro_anual, seguro_inicio, row.mes.slice(0, 7)) / sitios) * 10_000) / 10_000),
  }));
}

const KEPT = ['id_equipo', 'id_obra', 'mes', 'costo_mp', 'costo_mc', 'costo_mcd', 'horas_trabajadas', 'tipo_tarifa', 'tarifa', 'horas',
  'meses_amortizacion', 'seguro', 'amortizacion', 'gastos_generales', 'monto_facturado'] as const;
const KEPT_TYPES = ['bigint', 'bigint', 'date', 'numeric', 'numeric', 'numeric', 'numeric', 'text', 'numeric', 'integer', 'integer', 'numeric', 'numeric', 'numeric', 'numeric'];

/** The kept rows a set of marks names (rent_marcas: NULL matches anything), from `table`. */
const matching = (table: string) => [
  'k.id_equipo = t.id_equipo AND k.id_obra = t.id_obra AND k.mes = t.mes',
  'k.id_obra IS NULL AND k.id_equipo = t.id_equipo AND k.mes = t.mes',
  'k.id_equipo IS NULL AND k.id_obra = t.id_obra AND k.mes = t.mes',
  'k.mes IS NULL AND k.id_equipo = t.id_equipo AND k.id_obra = t.id_obra',
  'k.id_obra IS NULL AND k.mes IS NULL AND k.id_equipo = t.id_equipo',
  'k.id_equipo IS NULL AND k.mes IS NULL AND k.id_obra = t.id_obra',
].map((on) => `SELECT t.id_equipo, t.id_obra, t.mes FROM ${table} t JOIN rent_marcas k ON ${on}`).join(' UNION ');

/** Brings rent_equipo_mes (migration 0087) up to the sources before a read: the rows the marks name
 * are recomputed (profitMonthsLive), every row when everything is marked. One refresh at a time
 * (an advisory lock); a reader that waited finds nothing left to do. One small query when nothing
 * changed. */
export async function refreshProfitMonths(sql: Sql): Promise<{ refreshed: 'nada' | 'todo' | number }> {
  const [first] = await sql<{ pendiente: boolean }[]>`SELECT EXISTS (SELECT 1 FROM rent_equipo_mes_pendientes) AS pendiente`;
  if (!first.pendiente) return { refreshed: 'nada' };
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext('faena:rent_equipo_mes'))`;
    await tx`CREATE TEMP TABLE rent_marcas (id_equipo bigint, id_obra bigint, mes date) ON COMMIT DROP`;
    await tx`WITH d AS (DELETE FROM rent_equipo_mes_pendientes RETURNING *) INSERT INTO rent_marcas SELECT DISTINCT * FROM d`;
    const [m] = await tx<{ n: number; todo: boolean }[]>`
      SELECT count(*)::int AS n, coalesce(bool_or(id_equipo IS NULL AND id_obra IS NULL AND mes IS NULL), false) AS todo FROM rent_marcas`;
    if (m.n === 0) return { refreshed: 'nada' as const };
    if (m.todo) {
      await tx`DELETE FROM rent_equipo_mes`;
      await tx`CREATE TEMP TABLE rent_claves ON COMMIT DROP AS SELECT id_equipo, id_obra, mes FROM rm_kpi_equipo_mes`;
    } else {
      await tx`ANALYZE rent_marcas`;
      await tx.unsafe(`CREATE TEMP TABLE rent_claves ON COMMIT DROP AS ${matching('rm_kpi_equipo_mes')}`);
      await tx.unsafe(`DELETE FROM rent_equipo_mes r USING (${matching('rent_equipo_mes')}) x
                        WHERE r.id_equipo = x.id_equipo AND r.id_obra = x.id_obra AND r.mes = x.mes`);
    }
    await tx`ANALYZE rent_claves`;
    const rows = await profitMonthsLive(tx);
    for (let i = 0; i < rows.length; i += 5000) {
      const slice = rows.slice(i, i + 5000);
      const arrays = KEPT.map((k) => slice.map((r) => r[k]));
      await tx.unsafe(
        `INSERT INTO rent_equipo_mes (${KEPT.join(', ')}) SELECT * FROM unnest(${KEPT_TYPES.map((t, j) => `$${j + 1}::${t}[]`).join(', ')})`,
        arrays as never[],
      );
    }
    return { refreshed: m.todo ? ('todo' as const) : rows.length };
  });
}

/** The kept month rows summed per machine × site over the period and the filters (the reply's
 * `datas`), under the sites of `actor`, with the fixed inputs of each pair's first month, the
 * months it covers and the names the charts show. Sorted by machine code, machine and site. */
export async function loadProfitMachines(deps: { sql: Sql }, actor: SiteActor, periodo: ProfitPeriod, f: ProfitFilters): Promise<ProfitMachineRow[]> {
  const { sql } = deps;
  const where: Fragment[] = [sql`b.mes BETWEEN ${periodo.date_from}::date AND ${periodo.date_to}::date`];
  if (f.id_obra?.length) where.push(sql`b.id_obra IN ${sql(f.id_obra)}`);
  if (f.id_equipos?.length) where.push(sql`b.id_equipo IN ${sql(f.id_equipos)}`);
  if (f.id_subgrupos?.length) where.push(sql`e.id_equipo_subgrupo IN ${sql(f.id_subgrupos)}`);
  if (f.id_marcas?.length) where.push(sql`e.id_marca IN ${sql(f.id_marcas)}`);
  if (f.id_modelos?.length) where.push(sql`e.id_modelo IN ${sql(f.id_modelos)}`);
  if (f.id_meses?.length) where.push(sql`to_char(b.mes, 'YYYY-MM') IN ${sql(f.id_meses)}`);
  const sites = await userSites(deps, actor);
  if (sites !== 'all') where.push(sites.length ? sql`b.id_obra IN ${sql(sites)}` : sql`FALSE`);
  const w = where.reduce((a, b) => sql`${a} AND ${b}`);
  await refreshProfitMonths(sql);
  const rows = await sql<ProfitMachineRow[]>`
    SELECT a.id_equipo::int, e.codigo AS codigo_equipo, e.id_equipo_subgrupo::int AS id_subgrupo, coalesce(s.nombre, 'Sin subgrupo') AS subgrupo,
           a.id_obra::int, coalesce(o.nombre, '') AS nombre_obra, a.tipo_tarifa, a.tarifa::float8 AS tarifa, a.horas::int AS horas,
           a.meses_amortizacion::int AS equipo_amortizacion, a.id_gf_1::float8, a.id_gf_2::float8, a.id_gf_3::float8, a.seguro::float8,
           a.amortizacion::float8, a.gastos_generales::float8, a.monto_facturado::float8, a.horas_calculadas::float8, a.meses
      FROM (
        SELECT b.id_equipo, b.id_obra, (array_agg(b.tipo_tarifa ORDER BY b.mes))[1] AS tipo_tarifa, (array_agg(b.tarifa ORDER BY b.mes))[1] AS tarifa,
               (array_agg(b.horas ORDER BY b.mes))[1] AS horas, (array_agg(b.meses_amortizacion ORDER BY b.mes))[1] AS meses_amortizacion,
               sum(b.costo_mp) AS id_gf_1, sum(b.costo_mc) AS id_gf_2, sum(b.costo_mcd) AS id_gf_3, sum(b.seguro) AS seguro,
               sum(b.amortizacion) AS amortizacion, sum(b.gastos_generales) AS gastos_generales, sum(b.monto_facturado) AS monto_facturado,
               sum(b.horas_trabajadas) AS horas_calculadas, array_agg(to_char(b.mes, 'YYYY-MM') ORDER BY b.mes) AS meses
          FROM rent_equipo_mes b
          JOIN rm_equipos e ON e.id = b.id_equipo
         WHERE ${w}
         GROUP BY b.id_equipo, b.id_obra
      ) a
      JOIN rm_equipos e ON e.id = a.id_equipo
      LEFT JOIN rm_equipo_subgrupos s ON s.id = e.id_equipo_subgrupo
      LEFT JOIN rm_obras o ON o.id = a.id_obra`;
  const machines = [...rows];
  // Sorted here, as the month rows were, so the order is the same whatever the database's collation.
  machines.sort((a, b) => (a.codigo_equipo < b.codigo_equipo ? -1 : a.codigo_equipo > b.codigo_equipo ? 1 : a.id_equipo - b.id_equipo || a.id_obra - b.id_obra));
  return machines;
}

