import type { Fragment } from 'postgres';
import { missingRateNote } from '../../../shared/currency';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';
import { userSites } from '../platform/site-scope';
import type { Period } from './kpi-query';

export type NoteScope = { periodo: Period; obras?: number[]; equipos?: number[] };

/** Issue 19 ("a figure that lacks a rate is left out with a visible note"): the notes of a KPI or
 * profitability reply whose parts costs leave out amounts in another currency because their month
 * has no active rate (/settings/tipos_cambio), one per currency and month, e.g. 'Hay 3 ingresos en
 * USD sin tipo de cambio de 03/2026: sus costos no se incluyen'. Only parts issued in the period to
 * orders of the scope's sites (the caller's) and machines count; the number is of the central
 * entries of that currency and month recorded without a rate. Empty when nothing is left out. */
export async function missingRateNotes(deps: ApiDeps, principal: Principal, scope: NoteScope): Promise<string[]> {
  const { sql } = deps;
  const where: Fragment[] = [sql`p.mes BETWEEN ${scope.periodo.date_from}::date AND ${scope.periodo.date_to}::date`];
  if (scope.obras?.length) where.push(sql`o.id_obra IN ${sql(scope.obras)}`);
  if (scope.equipos?.length) where.push(sql`o.id_equipo IN ${sql(scope.equipos)}`);
  const sites = await userSites(deps, principal);
  if (sites !== 'all') where.push(sites.length ? sql`o.id_obra IN ${sql(sites)}` : sql`FALSE`);
  const w = where.reduce((a, b) => sql`${a} AND ${b}`);
  const rows = await sql<{ moneda: string; mes: string; ingresos: number }[]>`
    WITH faltan AS (
      SELECT DISTINCT p.moneda, p.mes_cambio
        FROM rm_kpi_repuestos_moneda p JOIN rm_kpi_ordenes o ON o.id_orden_trabajo = p.id_orden_trabajo
       WHERE ${w}
         AND NOT EXISTS (SELECT 1 FROM rm_tipos_cambio t WHERE t.moneda = p.moneda AND t.mes = p.mes_cambio AND t.estado = 1)
    )
    SELECT f.moneda, f.mes_cambio AS mes,
           (SELECT count(*)::int FROM rm_stock_movimientos s
             WHERE s.cambio ->> 'moneda' = f.moneda AND s.cambio ->> 'mes' = f.mes_cambio AND s.cambio ->> 'tasa' IS NULL AND s.motivo = 'ingreso_oc') AS ingresos
      FROM faltan f ORDER BY f.mes_cambio, f.moneda`;
  return rows.map((r) => missingRateNote(r.moneda, r.mes, Math.max(r.ingresos, 1)));
}
