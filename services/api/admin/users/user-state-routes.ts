import { execute } from '../../../../events/execute';
import { users } from '../../../../events/record/user';
import { endUserSessions } from '../../auth/sessions';
import { blockingReferences } from '../../catalogues/blocking-references';
import { ApiError, NOT_FOUND } from '../../platform/api-error';
import { DISABLED, ENABLED, REMOVED } from '../../platform/define-crud';
import { ROOT_ROLE_ID } from '@shared/roles';
import type { AnyRoute } from '../../platform/route';
import { assertMayManageUser, otherActiveRoots } from './assert-may-manage-user';

const REPLIES = { enable: ENABLED, disable: DISABLED, remove: REMOVED } as const;

/** The users CRUD's enable, disable and remove (keeping defineCrud's path, access and input): only
 * root acts on a root user, the last active root user stays, and a disabled or removed user's
 * sessions end with the change, for good (enabling the user again opens none of them). A person
 * named on work orders (operator, mechanic, supervisor or author) cannot be removed: 409, disable
 * instead (issue 13, item 22). */
export function userStateRoute(route: AnyRoute, action: keyof typeof REPLIES): AnyRoute {
  return {
    ...route,
    summary: action === 'enable' ? route.summary : `${route.summary} (cierra sus sesiones)`,
    async handler({ input, deps, principal, metadata }) {
      const id = (input as { id: number }).id;
      const [target] = await deps.sql<{ id_role: number; estado: number; protected: number }[]>`SELECT id_role, estado, protected FROM rm_users WHERE id = ${id}`;
      if (!target) throw new ApiError(404, NOT_FOUND);
      assertMayManageUser(principal!, target);
      // People named on work orders stay (the orders print them): the decider refuses their removal.
      const namedBy = action === 'remove'
        ? await blockingReferences(deps.sql, id, [
          { one: 'orden de trabajo', many: 'órdenes de trabajo', from: 'rm_ordenes_trabajo', where: 'id_operador = $1 OR id_mecanico = $1 OR id_supervisor = $1 OR created_by = $1' },
        ])
        : null;
      await execute(deps.store, async (c) => {
        // The root users' rows are read (and locked) only for a root user: the last one stays.
        const others = action !== 'enable' && target.id_role === ROOT_ROLE_ID ? await otherActiveRoots(c.tx, id) : null;
        const user = await c.load(users, id);
        if (action === 'enable') user.decide({ type: 'EnableRecord', id });
        else if (action === 'disable') user.decide({ type: 'DisableUser', id, otherActiveRoots: others });
        else user.decide({ type: 'RemoveUser', id, otherActiveRoots: others, namedBy });
        if (action !== 'enable') await endUserSessions(c, id, { reason: 'user_disabled', now: deps.now() });
      }, { metadata });
      return { msg: REPLIES[action] };
    },
  };
}
