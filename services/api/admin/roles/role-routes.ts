import * as v from 'valibot';
import { ApiError, NOT_FOUND } from '../../platform/api-error';
import { roleItem, roleModulesReply, roleRow } from '@shared/contracts/admin';
import { defineCrud } from '../../platform/define-crud';
import { defineList, estadoFilter } from '../../platform/define-list';
import type { ApiDeps } from '../../platform/deps';
import { flag, id, positiveId, requiredText } from '../../platform/fields';
import { profileMayHold, ROOT_ROLE_ID } from '@shared/roles';
import { defineRoute, moduleAccess, type AnyRoute } from '../../platform/route';
import { acceptJsonText } from '../modules/acceptJsonText';
import { moduleRefField, typeUserField } from '../modules/adminFields';
import { buildModuleTree, type ModuleNode } from '../modules/buildModuleTree';
import { hiddenModuleIds } from '../modules/hiddenModuleIds';
import { refuseRemovingUsedProfile, refuseRootOnlyGrant, refuseRootProfileWithoutAccess, ROLE_RULE_MSG } from '../../../../events/record/role';
import type { MenuRow } from '../../auth/navigation';
import { normalizePerms, type Perm, type PermInput } from './normalizePerms';

const ROLE = '/roles';

const PERMS_MESSAGE = 'Debe ser una lista de permisos (id_module, see, edit)';
export const ROOT_PROFILE_ONLY_ROOT = 'Solo el usuario root puede modificar el perfil root';
export const ROOT_PROFILE_SIGNS_IN = ROLE_RULE_MSG.rootSignsIn;
/** Seed 001 §2: master data is the admin role's; the names of the modules refused follow. */
export const MASTER_DATA_ADMIN_ONLY = 'Los datos maestros son exclusivos del perfil administrador; no se pueden dar a este perfil';

/** What the profile form sends (seed 000, Profile); perms as a list or as its JSON text. */
const formFields = {
  name: requiredText(100),
  id_type_user: v.optional(typeUserField()),
  id_module: v.optional(moduleRefField()),
  system_user: v.optional(flag()),
  admin: v.optional(flag()),
  menu_collapsed: v.optional(flag()),
  horometros: v.optional(flag()),
  perms: v.optional(
    acceptJsonText(
      v.pipe(
        v.array(v.object({ id_module: positiveId(), see: v.optional(flag(), 0), edit: v.optional(flag(), 0) }), PERMS_MESSAGE),
        v.maxLength(2000, 'Máximo 2000 permisos'),
      ),
      PERMS_MESSAGE,
    ),
  ),
};

type RoleInput = { id: number } & v.InferOutput<v.ObjectSchema<typeof formFields, undefined>>;

/** A menu module as the profile's rights read it (the menu's columns, its place and state). */
type ModuleRow = MenuRow & { level: number; orden: number; estado: number };

async function storedRole(deps: ApiDeps, roleId: number) {
  if (roleId <= 0) return null;
  const [role] = await deps.sql<{ id: number; id_type_user: number; id_module: number | null }[]>`
    SELECT id, id_type_user, id_module FROM rm_roles WHERE id = ${roleId}`;
  return role ?? null;
}

async function storedPerms(deps: ApiDeps, roleId: number): Promise<Perm[]> {
  if (roleId <= 0) return [];
  return [...(await deps.sql<Perm[]>`SELECT id_module, see, edit FROM rm_role_permissions WHERE id_role = ${roleId} ORDER BY id_module`)];
}

/** Rules over other records: every module of perms belongs to the profile's user type, and the
 * home module is one the profile can see (root sees every module). The protected profile's name
 * is guarded by the record decider (422 on `name`). */
async function validateRole(fields: Partial<RoleInput>, { id: roleId, deps }: { id: number; deps: ApiDeps }) {
  const errors: Record<string, string> = {};
  const stored = await storedRole(deps, roleId);
  if (roleId > 0 && !stored) return errors; // the record decider answers 404
  const idTypeUser = fields.id_type_user ?? stored?.id_type_user ?? 1;
  const rows = await deps.sql<{ id: number; url: string | null; name: string }[]>`SELECT id, url, name FROM rm_modules WHERE id_type_user = ${idTypeUser}`;
  const modules = new Map(rows.map((m) => [m.id, m]));
  const perms: PermInput[] = fields.perms ?? (await storedPerms(deps, roleId));
  const unknown = [...new Set(perms.filter((p) => !modules.has(p.id_module)).map((p) => p.id_module))];
  if (unknown.length) errors.perms = `Módulos que no existen para este tipo de usuario: ${unknown.join(', ')}`;
  // Seed 001 §2: master data stays with the admin profile (and root). Checked on the rights a save
  // sends (the stored ones are not re-judged by a save that leaves them out).
  const refused = (fields.perms ?? [])
    .filter((p) => (p.see === 1 || p.edit === 1) && !profileMayHold(roleId, modules.get(p.id_module)?.url ?? null))
    .map((p) => modules.get(p.id_module)!.name);
  if (refused.length && !errors.perms) errors.perms = `${MASTER_DATA_ADMIN_ONLY}: ${refused.join(', ')}`;
  const home = fields.id_module !== undefined ? fields.id_module : (stored?.id_module ?? null);
  if (home !== null) {
    if (!modules.has(home)) errors.id_module = 'El módulo de inicio no existe para este tipo de usuario';
    else if (roleId !== ROOT_ROLE_ID && !perms.some((p) => p.id_module === home && (p.see === 1 || p.edit === 1))) {
      errors.id_module = 'El módulo de inicio debe ser uno de los módulos que el perfil puede ver';
    }
  }
  return errors;
}

/** The perms a save stores: the form's rules applied (normalizePerms). A caller other than root
 * cannot grant root-only modules, and the root-only rights root gave the profile are kept (that
 * caller never sees them, so never sends them back). */
async function permsToSave(deps: ApiDeps, input: RoleInput, isRoot: boolean): Promise<Perm[] | undefined> {
  if (input.perms === undefined) return undefined;
  const stored = await storedRole(deps, input.id);
  const idTypeUser = input.id_type_user ?? stored?.id_type_user ?? 1;
  const modules = await deps.sql<{ id: number; id_parent: number | null; root: number }[]>`
    SELECT id, id_parent, root FROM rm_modules WHERE id_type_user = ${idTypeUser}`;
  let perms: PermInput[] = input.perms;
  if (!isRoot) {
    const hidden = hiddenModuleIds(modules, false);
    refuseRootOnlyGrant(perms, hidden);
    const kept = (await storedPerms(deps, input.id)).filter((p) => hidden.has(p.id_module));
    perms = [...perms.filter((p) => !hidden.has(p.id_module)), ...kept];
  }
  return normalizePerms(perms, modules);
}

/** The route, refusing any write to the root profile unless the caller is root (an administrator
 * could otherwise take root's access away: issue 13 §2). The form (a read) is left as it is. */
function guardRootProfile(route: AnyRoute): AnyRoute {
  if (route.path === `${ROLE}/form`) return route;
  return {
    ...route,
    async handler(ctx) {
      if ((ctx.input as { id?: number }).id === ROOT_ROLE_ID && !ctx.principal?.isRoot) throw new ApiError(403, ROOT_PROFILE_ONLY_ROOT);
      return route.handler(ctx);
    },
  };
}

function flatten<T extends { id: number; id_parent: number | null; orden: number }>(nodes: ModuleNode<T>[], out: T[] = []): T[] {
  for (const { children, ...module } of nodes) {
    out.push(module as unknown as T);
    flatten(children, out);
  }
  return out;
}

/** /roles (seed 000, Profile): the list with each profile's home module and number of users, the
 * permission table of a profile, and the modal CRUD whose saves apply the permission rules. A
 * saved profile changes its users' rights on their next request (rights are read per request). */
export function roleRoutes(): AnyRoute[] {
  const crud = defineCrud({
    endpoint: ROLE,
    module: ROLE,
    entity: 'role',
    title: 'perfil',
    table: 'rm_roles',
    item: roleItem,
    fields: formFields,
    defaults: { name: '', id_type_user: 1, id_module: null, system_user: 1, admin: 0, menu_collapsed: 0, horometros: 0, protected: 0, perms: [] },
    validate: validateRole,
  });

  const wrapped = crud.map((route): AnyRoute => {
    const inner = route.handler;
    if (route.path === `${ROLE}/create`) {
      return {
        ...route,
        async handler(ctx) {
          const input = ctx.input as RoleInput;
          // The root profile is the last way in: it keeps system access, whoever saves it.
          refuseRootProfileWithoutAccess(input);
          const perms = await permsToSave(ctx.deps, input, ctx.principal?.isRoot ?? false);
          return inner({ ...ctx, input: perms === undefined ? input : { ...input, perms } });
        },
      };
    }
    if (route.path === `${ROLE}/remove`) {
      return {
        ...route,
        async handler(ctx) {
          const roleId = (ctx.input as { id: number }).id;
          const [used] = await ctx.deps.sql`SELECT 1 FROM rm_users WHERE id_role = ${roleId} LIMIT 1`;
          refuseRemovingUsedProfile(!!used);
          return inner(ctx);
        },
      };
    }
    return route;
  }).map(guardRootProfile);

  return [
    ...defineList({
      row: roleRow,
      path: ROLE,
      module: ROLE,
      title: 'Perfiles',
      fileBase: 'perfiles',
      from: `rm_roles r
        LEFT JOIN rm_modules mo ON mo.id = r.id_module
        LEFT JOIN (SELECT id_role, count(*)::int AS n FROM rm_users GROUP BY id_role) uc ON uc.id_role = r.id`,
      columns: [
        { key: 'name', label: 'Nombre', sql: 'r.name', sortable: true },
        { key: 'id_type_user', label: 'Tipo de usuario', kind: 'integer', sql: 'r.id_type_user' },
        { key: 'system_user', label: 'Usuario del sistema', kind: 'bool', sql: 'r."system_user"' },
        { key: 'mo_name', label: 'Módulo de inicio', sql: 'mo.name' },
        { key: 'num_users', label: 'Usuarios', kind: 'integer', sql: 'coalesce(uc.n, 0)', sortable: true },
        { key: 'estado', label: 'Estado', kind: 'bool', sql: 'r.estado' },
      ],
      extra: { id: 'r.id', id_module: 'r.id_module', protected: 'r.protected' },
      search: ['r.name', 'mo.name'],
      dateColumn: 'r.date_created',
      key: 'r.id',
      defaultOrder: { col: 'name', dir: 'asc' },
      filters: {
        estado: estadoFilter('r.estado'),
        id_type_user: { schema: typeUserField(), where: (sql, value: number) => sql`r.id_type_user = ${value}` },
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${ROLE}/modules`,
      access: moduleAccess(ROLE, 'see'),
      summary: 'Tabla de permisos de un perfil: cada módulo del tipo de usuario con see, edit, id_parent, is_home y admin_only (datos maestros que este perfil no puede tener; id_role 0: perfil nuevo)',
      input: v.object({ id_role: v.optional(id(), 0), id_type_user: v.optional(typeUserField()) }),
      output: roleModulesReply,
      async handler({ input, deps, principal }) {
        const role = await storedRole(deps, input.id_role);
        if (input.id_role > 0 && !role) throw new ApiError(404, NOT_FOUND);
        const idTypeUser = input.id_type_user ?? role?.id_type_user ?? 1;
        const rows = await deps.sql<ModuleRow[]>`
          SELECT id, id_parent, type, name, translate, icon, url, level, orden, root, estado
            FROM rm_modules WHERE id_type_user = ${idTypeUser}`;
        // Stored rights shown with the form's rules applied (parents of visible modules ticked).
        const rights = new Map(normalizePerms(await storedPerms(deps, input.id_role), rows).map((p) => [p.id_module, p]));
        const everything = role?.id === ROOT_ROLE_ID; // root has every right without a table
        const modules = flatten(buildModuleTree([...rows], hiddenModuleIds(rows, principal?.isRoot ?? false)));
        const items = modules.map((m) => ({
          ...m,
          see: everything ? 1 : (rights.get(m.id)?.see ?? 0),
          edit: everything ? 1 : (rights.get(m.id)?.edit ?? 0),
          is_home: role !== null && role.id_module === m.id ? 1 : 0,
          // Seed 001 §2: a master-data module this profile may not be given (the form disables it).
          admin_only: profileMayHold(role?.id ?? 0, m.url) ? 0 : 1,
        }));
        return { items };
      },
    }),
    ...wrapped,
  ];
}
