import type { Sql, TransactionSql } from 'postgres';
import { ApiError } from '../../platform/api-error';
import { ROOT_ROLE_ID } from '@shared/roles';
import { type Principal } from '../../platform/principal';
import { USER_MSG } from './user-messages';

/** Only root changes a root user (its e-mail, password or sites): otherwise an administrator
 * could take the root account over. */
export function assertMayManageUser(principal: Principal, target: { id_role: number }): void {
  if (target.id_role === ROOT_ROLE_ID && !principal.isRoot) throw new ApiError(403, USER_MSG.rootOnly);
}

/** How many active root users there are besides `userId`: the last one cannot be disabled,
 * removed or moved to another profile, by anyone (the way in must stay). Inside a transaction the
 * root users' rows are locked, so two saves cannot each leave the other as the last. */
export async function otherActiveRoots(sql: Sql | TransactionSql, userId: number): Promise<number> {
  const rows = await sql<{ id: number }[]>`
    SELECT id FROM rm_users WHERE id_role = ${ROOT_ROLE_ID} AND estado = 1 AND id <> ${userId} ORDER BY id FOR UPDATE`;
  return rows.length;
}
