import { isAdminRole } from '@shared/roles';
import type { Sql } from 'postgres';

// Rules (seed 000 §3, user_obras; docs/DECISIONS.md "Site scope"): root, admin and users with
// all_works = 1 work on every site; anyone else on their own site (id_obra) and the sites assigned
// to them (rm_user_obras, active rows). The API's site checks (services/api/platform/site-scope.ts)
// and the worker's reports read the sites here.

/** Who asks, as far as sites go: the API's signed-in principal, or the user a job runs for. */
export type SiteActor = { userId: number; roleId: number; isRoot: boolean };

/** Root and administrators work on every site, whatever their rows say. */
export function everySite(actor: SiteActor): boolean {
  return actor.isRoot || isAdminRole(actor.roleId);
}

/** The sites a user works on, or 'all'. */
export async function userSites(deps: { sql: Sql }, actor: SiteActor): Promise<number[] | 'all'> {
  if (everySite(actor)) return 'all';
  const [u] = await deps.sql<{ all_works: number; id_obra: number | null }[]>`SELECT all_works, id_obra FROM rm_users WHERE id = ${actor.userId}`;
  if (u?.all_works === 1) return 'all';
  const rows = await deps.sql<{ id_obra: number }[]>`SELECT id_obra FROM rm_user_obras WHERE id_user = ${actor.userId} AND estado = 1`;
  const ids = new Set(rows.map((r) => Number(r.id_obra)));
  if (u?.id_obra) ids.add(Number(u.id_obra));
  return [...ids];
}
