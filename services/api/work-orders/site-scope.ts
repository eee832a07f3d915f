import { isAdminRole } from '@shared/roles';
import type { Fragment, Sql } from 'postgres';
import type { Principal } from '../platform/principal';

/** Row-level restriction of work-order views: root, admin and all_works users see every site;
 * others their own site and the sites assigned to them (the SQL twin of userSites). */
export function siteScope(sql: Sql, principal: Principal | null, column = 'id_obra'): Fragment | null {
  if (!principal || isAdminRole(principal.roleId)) return null;
  const u = principal.userId;
  return sql`(EXISTS (SELECT 1 FROM rm_users WHERE id = ${u} AND all_works = 1)
     OR ${sql.unsafe(column)} IN (SELECT id_obra FROM rm_user_obras WHERE id_user = ${u} AND estado = 1
                                   UNION ALL SELECT id_obra FROM rm_users WHERE id = ${u} AND id_obra IS NOT NULL))`;
}
