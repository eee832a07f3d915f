import { defineRoute, type AnyRoute } from '../../platform/route';
import { loadUserItem } from './load-user-item';
import { userReplies } from '@shared/contracts/admin-users';

/** defineCrud's `/users/form` (same path, right, input, 404), its item completed with the
 * profile, state and specific sites of seed 000 §3 (ro_name, ro_system_user, state_human,
 * user_obras). */
export function userFormRoute(crudForm: AnyRoute): AnyRoute {
  return defineRoute({
    ...crudForm,
    output: userReplies.form,
    async handler(ctx) {
      const reply = await crudForm.handler(ctx);
      if (reply instanceof Response) return reply;
      const item = reply.item as Record<string, unknown>;
      if (!item?.id) return { item: { ...item, ro_name: null, ro_system_user: null, state_human: 'Activo', user_obras: [], has_password: false } };
      return { item: await loadUserItem(ctx.deps.sql, Number(item.id)) };
    },
  });
}
