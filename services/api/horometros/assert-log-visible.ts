import { ApiError, NOT_FOUND } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';
import { userSites } from '../work-orders/user-sites';
import type { HorometroRow } from './load-horometro-row';

/** The log exists and is on one of the caller's sites (404 otherwise: its existence is not revealed). */
export async function assertLogVisible(deps: ApiDeps, principal: Principal, row: HorometroRow | null): Promise<HorometroRow> {
  if (!row) throw new ApiError(404, NOT_FOUND);
  const sites = await userSites(deps, principal);
  if (sites !== 'all' && !sites.includes(row.id_obra)) throw new ApiError(404, NOT_FOUND);
  return row;
}
