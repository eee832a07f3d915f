import { defineLookup } from '../../platform/define-lookup';
import { can } from '../../platform/principal';
import { ROOT_ROLE_ID } from '@shared/roles';
import { defineRoute, moduleAccess, type AnyRoute } from '../../platform/route';
import * as v from 'valibot';
import { rolesLookupReply, usersLookupReply } from '@shared/contracts/admin-users';

const lookupConfig = {
  path: '/users/autocomplete',
  access: { kind: 'signed_in' },
  summary: 'Usuarios activos para autocompletar (nombre y apellidos; también documento con el permiso de /users)',
  from: 'rm_users u JOIN rm_roles r ON r.id = u.id_role',
  valueColumn: 'u.id',
  labelColumn: "u.name || ' ' || u.surname",
  extra: { ro_name: 'r.name' },
  fields: { ro_name: v.string() },
  search: ["u.name || ' ' || u.surname"],
  where: 'u.estado = 1',
  defaultLimit: 20,
  maxLimit: 100,
} as const;
const usersLookup = defineLookup({ ...lookupConfig, search: [...lookupConfig.search] });
/** Searching by national ID tells whose it is: only for those who administer users (issue 13 §10). */
const usersLookupByDocument = defineLookup({ ...lookupConfig, search: [...lookupConfig.search, 'u.document'] });

/** The users' selects: `GET /users/autocomplete` (query → users [{ value, label }], also as
 * `items`, the lookup protocol) and `GET /usuarios/roles` (the active profiles, with system_user
 * so the form knows when the e-mail is required; root is offered to root only). */
export function userLookupRoutes(): AnyRoute[] {
  return [
    defineRoute({
      ...usersLookup,
      output: usersLookupReply,
      async handler(ctx) {
        const lookup = ctx.principal && can(ctx.principal, '/users', 'see') ? usersLookupByDocument : usersLookup;
        const reply = await lookup.handler(ctx);
        if (reply instanceof Response || !('items' in reply)) return reply;
        return { ...reply, users: reply.items };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/usuarios/roles',
      access: moduleAccess('/users', 'see'),
      summary: 'Perfiles activos para el formulario y el filtro de usuarios',
      output: rolesLookupReply,
      async handler({ deps, principal }) {
        const roles = await deps.sql`
          SELECT id AS value, name AS label, "system_user" FROM rm_roles
           WHERE estado = 1 AND (id <> ${ROOT_ROLE_ID} OR ${principal.isRoot})
           ORDER BY name`;
        return { roles: [...roles], items: [...roles] };
      },
    }),
  ];
}
