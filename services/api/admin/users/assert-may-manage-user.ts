import { ApiError } from '../../platform/api-error';
import { ROOT_ROLE_ID } from '@shared/roles';
import { type Principal } from '../../platform/principal';
import { USER_MSG } from './user-messages';

/** Only root changes a root user (its e-mail, password or sites): otherwise an administrator
 * could take the root account over. */
export function assertMayManageUser(principal: Principal, target: { id_role: number }): void {
  if (target.id_role === ROOT_ROLE_ID && !principal.isRoot) throw new ApiError(403, USER_MSG.rootOnly);
}
