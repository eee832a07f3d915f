import * as v from 'valibot';
import { createRecord, removeRecord } from '../../../../events/record/commands';
import { refuseSiteAssignment, siteAlreadyAssigned } from '../../../../events/record/user';
import { ApiError, NOT_FOUND } from '../../platform/api-error';
import { REMOVED, SAVED } from '../../platform/define-crud';
import { int, positiveId } from '../../platform/fields';
import { defineRoute, moduleAccess, type AnyRoute } from '../../platform/route';
import { assertMayManageUser } from './assert-may-manage-user';
import { loadUserObras } from './load-user-sites';
import { USER_MSG } from './user-messages';
import { userObrasReply } from '@shared/contracts/admin-users';

const requiredId = (message: string) => v.pipe(int(message), v.minValue(1, message));

/** A user's specific sites (seed 000 §3, user_obras): company then site, one `user_obra-{id}`
 * record stream per assignment. Not for the administrator or root profiles, which see every site. */
export function userObraRoutes(): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/users/formUserObra',
      access: moduleAccess('/users', 'edit'),
      summary: 'Asignar una obra (empresa y obra) a un usuario o trabajador',
      input: v.object({ id_user: positiveId(), id_empresa: requiredId(USER_MSG.empresaRequired), id_obra: requiredId(USER_MSG.obraRequired) }),
      output: userObrasReply,
      async handler({ input, deps, principal, metadata }) {
        const [user] = await deps.sql<{ id_role: number }[]>`SELECT id_role FROM rm_users WHERE id = ${input.id_user}`;
        if (!user) throw new ApiError(404, NOT_FOUND);
        assertMayManageUser(principal, user);
        const [empresa] = await deps.sql`SELECT 1 FROM rm_empresas WHERE id = ${input.id_empresa} AND estado = 1`;
        const [obra] = await deps.sql<{ id_empresa: number; estado: number }[]>`SELECT id_empresa, estado FROM rm_obras WHERE id = ${input.id_obra}`;
        const [assigned] = await deps.sql`SELECT 1 FROM rm_user_obras WHERE id_user = ${input.id_user} AND id_obra = ${input.id_obra}`;
        refuseSiteAssignment({ id_role: user.id_role, id_empresa: input.id_empresa, empresaActive: !!empresa, obra: obra ?? null, alreadyAssigned: !!assigned });
        let created;
        try {
          created = await createRecord(
            deps.store,
            'user_obra',
            { id_user: input.id_user, id_empresa: input.id_empresa, id_obra: input.id_obra, estado: 1 },
            { metadata },
          );
        } catch (error) {
          // The same site assigned twice at once: the read table's unique index refuses the second.
          const e = error as { code?: string; constraint_name?: string };
          if (e?.code === '23505' && e.constraint_name === 'rm_user_obras_user_obra') throw siteAlreadyAssigned();
          throw error;
        }
        return { msg: SAVED, id: created.id, user_obras: await loadUserObras(deps.sql, input.id_user) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/users/removeUserObra',
      access: moduleAccess('/users', 'edit'),
      summary: 'Quitar una obra asignada a un usuario o trabajador',
      input: v.object({ id: positiveId() }),
      output: userObrasReply,
      async handler({ input, deps, principal, metadata }) {
        const [row] = await deps.sql<{ id_user: number; id_role: number | null }[]>`
          SELECT uo.id_user, u.id_role FROM rm_user_obras uo LEFT JOIN rm_users u ON u.id = uo.id_user WHERE uo.id = ${input.id}`;
        if (!row) throw new ApiError(404, NOT_FOUND);
        if (row.id_role !== null) assertMayManageUser(principal, { id_role: row.id_role });
        await removeRecord(deps.store, 'user_obra', input.id, { metadata });
        return { msg: REMOVED, user_obras: await loadUserObras(deps.sql, row.id_user) };
      },
    }),
  ];
}
