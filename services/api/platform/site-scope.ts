import type { Fragment, Sql } from 'postgres';
import { ApiError, NOT_FOUND } from './api-error';
import type { ApiDeps } from './deps';
import { everySite, userSites } from '../../app/sites/user-sites';
import type { Principal } from './principal';

export { userSites };

// Rules (seed 000 §3, user_obras; docs/DECISIONS.md "Site scope"; who works on which site:
// services/app/sites/user-sites.ts):
// - Root, admin and users with all_works = 1 work on every site; anyone else on their own site
//   (id_obra) and the sites assigned to them (rm_user_obras, active rows).
// - A record that belongs to a site is readable only by someone working on that site, through
//   every path that reads it: its form, list and export, history, timeline, PDF, lookups and
//   live topics. Any other caller gets 404, so the record's existence is not revealed either.

/** The record types that belong to one site: their read-model table and site column. */
export const SITE_SCOPED_RECORDS: Readonly<Record<string, { table: string; column: string }>> = {
  work_order: { table: 'rm_ordenes_trabajo', column: 'id_obra' },
  horometro: { table: 'rm_horometros', column: 'id_obra' },
  obra: { table: 'rm_obras', column: 'id' },
  purchase_request: { table: 'rm_solicitudes_compras', column: 'id_obra' },
  frente_obra: { table: 'rm_frentes_obra', column: 'id_obra' },
};

/** The same rule as a condition on a site column, for lists, exports and lookups (null: no
 * restriction). */
export function siteScope(sql: Sql, principal: Principal | null, column: string): Fragment | null {
  if (!principal || everySite(principal)) return null;
  const u = principal.userId;
  return sql`(EXISTS (SELECT 1 FROM rm_users WHERE id = ${u} AND all_works = 1)
     OR ${sql.unsafe(column)} IN (SELECT id_obra FROM rm_user_obras WHERE id_user = ${u} AND estado = 1
                                   UNION ALL SELECT id_obra FROM rm_users WHERE id = ${u} AND id_obra IS NOT NULL))`;
}

/** Whether the caller may read record `id` of `streamType` as far as sites go: always for types
 * that belong to no site; for site-scoped ones, when the record is on one of the caller's sites
 * (a record no longer in its table, e.g. removed, only for those who work on every site). */
export async function siteAllows(deps: Pick<ApiDeps, 'sql'>, principal: Principal, streamType: string, id: number): Promise<boolean> {
  const scoped = Object.hasOwn(SITE_SCOPED_RECORDS, streamType) ? SITE_SCOPED_RECORDS[streamType] : undefined;
  if (!scoped) return true;
  const sites = await userSites(deps, principal);
  if (sites === 'all') return true;
  const [row] = await deps.sql<{ id_obra: number | null }[]>`
    SELECT ${deps.sql(scoped.column)}::bigint AS id_obra FROM ${deps.sql(scoped.table)} WHERE id = ${id}`;
  return row !== undefined && row.id_obra !== null && sites.includes(Number(row.id_obra));
}

/** 404 (with `message`) unless the caller may read the record, by siteAllows. */
export async function assertSiteAllows(deps: Pick<ApiDeps, 'sql'>, principal: Principal, streamType: string, id: number, message = NOT_FOUND): Promise<void> {
  if (!(await siteAllows(deps, principal, streamType, id))) throw new ApiError(404, message);
}
