import { ApiError, NOT_FOUND } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';
import { assertSiteAllows } from '../platform/site-scope';
import type { HorometroRow } from './load-horometro-row';

/** The log exists and is on one of the caller's sites (404 otherwise: its existence is not revealed). */
export async function assertLogVisible(deps: ApiDeps, principal: Principal, row: HorometroRow | null): Promise<HorometroRow> {
  if (!row) throw new ApiError(404, NOT_FOUND);
  await assertSiteAllows(deps, principal, 'horometro', row.id);
  return row;
}
