import type { Actor } from '../../../events/work-order/types';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';

/** The acting user as the work-order decider needs it: profile (cancelling is for admin or root)
 * and the can_create_request flag (service requests from an order). */
export async function loadActor(deps: ApiDeps, principal: Principal): Promise<Actor> {
  const [u] = await deps.sql<{ can_create_request: number | null }[]>`SELECT can_create_request FROM rm_users WHERE id = ${principal.userId}`;
  return { id: principal.userId, roleId: principal.roleId, canCreateRequest: principal.isRoot || u?.can_create_request === 1 };
}
