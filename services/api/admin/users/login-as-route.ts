import * as v from 'valibot';
import { openSession, signedInAs, type Device } from '../../auth/sessions';
import { ApiError, NOT_FOUND } from '../../platform/api-error';
import { clientAddress } from '../../platform/client-address';
import { positiveId } from '../../platform/fields';
import { isAdminRole } from '@shared/roles';
import { refuseLoginAs, type LoginAsTarget } from '../../../../events/session/decider';
import { defineRoute, moduleAccess, type AnyRoute } from '../../platform/route';
import { USER_MSG } from './user-messages';
import { signInReply } from '@shared/contracts/auth';

/** 'Login as' (seed 000 §2, /users; the screen first confirms 'Estás a punto de iniciar sesión como
 * {name}.'): a new session of the chosen user whose `id_user_original` is the real administrator,
 * so every event written through it records both (metadata userId and originalUserId). Only the
 * root and administrator profiles may use it; never into root, a disabled user or a worker
 * without system access. The session ends when the administrator's own session ends (it is that
 * session's child: closed with it, refused once it is closed or expired). */
export function loginAsRoute(): AnyRoute {
  return defineRoute({
    method: 'POST',
    path: '/users/loginAs',
    access: moduleAccess('/users', 'edit'),
    summary: "Iniciar sesión como otro usuario ('login as'); los eventos registran al usuario y al administrador original",
    input: v.object({ id: positiveId() }),
    output: signInReply,
    replyHoldsCredential: true,
    async handler({ input, deps, principal, metadata, c }) {
      const me = principal;
      if (!isAdminRole(me.roleId)) throw new ApiError(403, USER_MSG.loginAsOnlyAdmins);
      const [user] = await deps.sql`
        SELECT u.id, u.id_role, u.name, u.surname, u.pic_firma, u.estado, r.name AS ro_name, r."system_user", r.estado AS role_estado
          FROM rm_users u JOIN rm_roles r ON r.id = u.id_role
         WHERE u.id = ${input.id}`;
      if (!user) throw new ApiError(404, NOT_FOUND);
      refuseLoginAs(user as LoginAsTarget, me.userId);

      // The real person stays the original user through chained 'login as'.
      const original = me.originalUserId ?? me.userId;
      const [current] = await deps.sql<Device[]>`
        SELECT platform, language, os, os_version, device_brand, device_model, app_version, uuid FROM auth_sessions WHERE id = ${me.sessionId}`;
      const now = deps.now();
      const hoursLeft = (me.expiresAt.getTime() - now.getTime()) / 3600_000;
      const session = await openSession(deps.store, {
        userId: user.id,
        originalUserId: original === user.id ? null : original,
        device: current ?? {},
        ip: clientAddress(c, deps.config.trustProxy),
        parentSessionId: me.sessionId,
        hours: Math.min(deps.config.sessionHours, hoursLeft),
        now,
        metadata,
      });
      return {
        msg: `Sesión iniciada como ${user.name} ${user.surname}`.trim(),
        ...signedInAs(session.token, user),
      };
    },
  });
}
