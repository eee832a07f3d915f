import { isRootRole } from '@shared/roles';
import { createHash } from 'node:crypto';
import type { Sql } from 'postgres';

export type Rights = { see: boolean; edit: boolean };

/** The signed-in caller: session, user, profile and rights per module (keyed by module url). */
export type Principal = {
  sessionId: string;
  userId: number;
  /** The administrator behind a 'login as' session, else null. */
  originalUserId: number | null;
  roleId: number;
  isRoot: boolean;
  user: { id: number; name: string; surname: string; email: string | null; id_obra: number | null };
  rights: Map<string, Rights>;
  expiresAt: Date;
};

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function can(principal: Principal, module: string, right: keyof Rights): boolean {
  if (principal.isRoot) return true;
  return principal.rights.get(module)?.[right] ?? false;
}

type SessionRow = {
  id: string;
  id_user: number;
  id_user_original: number | null;
  date_expiration: Date;
  date_deleted: Date | null;
  parent_open: boolean;
  id_role: number;
  name: string;
  surname: string;
  email: string | null;
  id_obra: number | null;
  user_estado: number;
  role_estado: number;
  system_user: number;
};

/** Loads the principal of a bearer token: one query for the session and user, one for rights.
 * Rights are read on every request, so a changed profile applies at once without a new sign-in.
 * Returns null for an unknown, closed or expired session (or one whose 'login as' parent session
 * ended), or a disabled user. */
export async function loadPrincipal(sql: Sql, token: string, now = new Date()): Promise<Principal | null> {
  if (!token || token.length > 200) return null;
  const [row] = await sql<SessionRow[]>`
    SELECT s.id, s.id_user, s.id_user_original, s.date_expiration, s.date_deleted,
           (p.id IS NULL OR (p.date_deleted IS NULL AND p.date_expiration > ${now})) AS parent_open,
           u.id_role, u.name, u.surname, u.email, u.id_obra, u.estado AS user_estado,
           r.estado AS role_estado, r."system_user"
      FROM auth_sessions s
      JOIN rm_users u ON u.id = s.id_user
      JOIN rm_roles r ON r.id = u.id_role
      LEFT JOIN auth_sessions p ON p.id = s.id_session_parent
     WHERE s.token_hash = ${hashToken(token)}`;
  // A 'login as' session ends with the administrator's session it came from.
  if (!row || row.date_deleted || row.date_expiration <= now || !row.parent_open) return null;
  if (row.user_estado !== 1 || row.role_estado !== 1 || row.system_user !== 1) return null;
  const perms = await sql<{ url: string; see: number; edit: number }[]>`
    SELECT m.url, p.see, p.edit FROM rm_role_permissions p JOIN rm_modules m ON m.id = p.id_module
     WHERE p.id_role = ${row.id_role} AND m.url IS NOT NULL AND m.estado = 1`;
  const rights = new Map<string, Rights>();
  for (const p of perms) rights.set(p.url, { see: p.see === 1 || p.edit === 1, edit: p.edit === 1 });
  return {
    sessionId: row.id,
    userId: row.id_user,
    originalUserId: row.id_user_original,
    roleId: row.id_role,
    isRoot: isRootRole(row.id_role),
    user: { id: row.id_user, name: row.name, surname: row.surname, email: row.email, id_obra: row.id_obra },
    rights,
    expiresAt: row.date_expiration,
  };
}
