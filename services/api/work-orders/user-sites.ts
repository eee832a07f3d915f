import { isAdminRole } from '@shared/roles';
import type { Fragment, Sql } from 'postgres';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';

/** The sites a user works on: every site for root, admin and users with all_works = 1; otherwise
 * the user's own site and the sites assigned to them (seed 000 §3, user_obras). */
export async function userSites(deps: ApiDeps, principal: Principal): Promise<number[] | 'all'> {
  if (isAdminRole(principal.roleId)) return 'all';
  const [u] = await deps.sql<{ all_works: number; id_obra: number | null }[]>`SELECT all_works, id_obra FROM rm_users WHERE id = ${principal.userId}`;
  if (u?.all_works === 1) return 'all';
  const rows = await deps.sql<{ id_obra: number }[]>`SELECT id_obra FROM rm_user_obras WHERE id_user = ${principal.userId} AND estado = 1`;
  const ids = new Set(rows.map((r) => r.id_obra));
  if (u?.id_obra) ids.add(u.id_obra);
  return [...ids];
}

/** Row-level restriction of work-order views: root, admin and all_works users see every site;
 * others their own site and the sites assigned to them (the SQL twin of userSites). */
export function siteScope(sql: Sql, principal: Principal | null, column = 'id_obra'): Fragment | null {
  if (!principal || isAdminRole(principal.roleId)) return null;
  const u = principal.userId;
  return sql`(EXISTS (SELECT 1 FROM rm_users WHERE id = ${u} AND all_works = 1)
     OR ${sql.unsafe(column)} IN (SELECT id_obra FROM rm_user_obras WHERE id_user = ${u} AND estado = 1
                                   UNION ALL SELECT id_obra FROM rm_users WHERE id = ${u} AND id_obra IS NOT NULL))`;
}
