import * as v from 'valibot';
import { execute } from '../../../../events/execute';
import { recordAggregate } from '../../../../events/record/commands';
import { ApiError, NOT_FOUND } from '../../platform/api-error';
import { moduleItem, moduleTreeReply } from '@shared/contracts/admin';
import { defineCrud } from '../../platform/define-crud';
import type { ApiDeps } from '../../platform/deps';
import { flag, id, int, positiveId, requiredText, text } from '../../platform/fields';
import { defineRoute, moduleAccess, type AnyRoute, type RouteContext } from '../../platform/route';
import type { Principal } from '../../platform/principal';
import { acceptJsonText } from './acceptJsonText';
import { moduleRefField, typeUserField } from './adminFields';
import { buildModuleTree } from './buildModuleTree';
import { hiddenModuleIds, type VisibilityRow } from './hiddenModuleIds';
import type { MenuRow } from '../../auth/navigation';
import { MODULE_RULE_MSG, refuseNonRootModuleSave, refuseRemovingParentModule } from '../../../../events/record/module';
import { decideResort, type ResortModule } from '../../../../events/record/module-resort';
import { options } from '@shared/contracts/platform';
import { USER_TYPES } from '@shared/user-types';

const MODULE = '/modules';
const MODULE_TYPES = ['group', 'item', 'link', 'divider', 'collapse'] as const;
const PARENT_TYPES: readonly string[] = ['group', 'collapse'];

const NOT_ONE_LEVEL_PARENT = 'Solo se permite un nivel de anidación: el módulo padre ya está dentro de otro';
const NOT_ONE_LEVEL_CHILDREN = 'Solo se permite un nivel de anidación: un módulo con submódulos no puede ir dentro de otro';
const PARENT_NOT_FOUND = MODULE_RULE_MSG.parentNotFound;

/** The address each menu item type takes (issue 13, item 20): an item a route of the app, a link
 * a complete web address (opened in a new tab), a group, collapse or divider none. */
const URL_RULES: Record<(typeof MODULE_TYPES)[number], { required?: string; pattern?: RegExp; invalid: string }> = {
  item: { required: 'Ingrese la URL del módulo', pattern: /^\/\S*$/, invalid: "La URL debe empezar con '/' y no llevar espacios" },
  link: { required: 'Ingrese la dirección del enlace', pattern: /^https?:\/\/[^\s/?#]+[^\s]*$/i, invalid: 'El enlace debe ser una dirección completa que empiece con http:// o https://' },
  group: { invalid: 'Un grupo no lleva URL' },
  collapse: { invalid: 'Un grupo desplegable no lleva URL' },
  divider: { invalid: 'Un separador no lleva URL' },
};

/** Field errors of a module's type: its address, and where it may go. */
function typeErrors(type: (typeof MODULE_TYPES)[number], url: string | null, parentId: number | null): Record<string, string> {
  const errors: Record<string, string> = {};
  const rule = URL_RULES[type];
  if (url === null) {
    if (rule.required) errors.url = rule.required;
  } else if (!rule.pattern || !rule.pattern.test(url)) errors.url = rule.invalid;
  if (PARENT_TYPES.includes(type) && parentId !== null) errors.id_parent = 'Un grupo va en el primer nivel del menú: no puede estar dentro de otro';
  return errors;
}

/** A stored menu module: the menu's columns, its user type, section, place and state. */
type ModuleRow = MenuRow & { id_type_user: number; section: string; level: number; orden: number; estado: number };

const orden = () => v.pipe(int('Debe ser un número entero'), v.minValue(0, 'Debe ser mayor o igual a 0'), v.maxValue(100_000, 'Máximo 100000'));

/** What the module form sends (seed 000, Module). */
const formFields = {
  name: requiredText(100),
  url: v.optional(
    v.pipe(
      v.union([v.null(), text(200)], 'Debe ser texto'),
      v.transform((s): string | null => s || null),
      // What the address must be depends on the type (an item's route, a link's web address):
      // checked in validateModule with the stored type when the form leaves it out.
    ),
  ),
  icon: v.optional(text(60)),
  type: v.optional(v.picklist(MODULE_TYPES, 'Tipo no válido: group, item, link, divider o collapse')),
  id_parent: v.optional(moduleRefField()),
  id_type_user: v.optional(typeUserField()),
  section: v.optional(text(100)),
  root: v.optional(flag()),
  translate: v.optional(
    acceptJsonText(
      v.object(
        { es: v.optional(text(100), ''), en: v.optional(text(100), ''), tr: v.optional(text(100), ''), ar: v.optional(text(100), '') },
        'Debe ser un objeto con es, en, tr y ar',
      ),
      'Debe ser un objeto con es, en, tr y ar',
    ),
  ),
};

/** The record's fields: the form's plus the place in the menu, which only the server sets. */
const recordFields = { ...formFields, level: v.optional(int()), orden: v.optional(orden()) };

type FormInput = { id: number } & v.InferOutput<v.ObjectSchema<typeof formFields, undefined>>;

const resortInput = v.object({
  items: acceptJsonText(
    v.pipe(
      v.array(v.object({ id: positiveId(), id_parent: moduleRefField(), orden: orden() }), 'Debe ser una lista de módulos'),
      v.minLength(1, 'Envíe al menos un módulo'),
      v.maxLength(1000, 'Máximo 1000 módulos'),
    ),
    'Debe ser una lista de módulos',
  ),
});

/** The menu of one user type as the caller may see it (root-only modules for root only). */
async function moduleTree(deps: ApiDeps, idTypeUser: number, isRoot: boolean) {
  const rows = await deps.sql<ModuleRow[]>`
    SELECT id, id_type_user, id_parent, type, name, translate, icon, url, section, level, orden, root, estado
      FROM rm_modules WHERE id_type_user = ${idTypeUser} ORDER BY orden, id`;
  return buildModuleTree([...rows], hiddenModuleIds(rows, isRoot));
}

async function hiddenFor(ctx: RouteContext<unknown, Principal | null>): Promise<Set<number>> {
  if (ctx.principal?.isRoot) return new Set();
  const rows = await ctx.deps.sql<VisibilityRow[]>`SELECT id, id_parent, root FROM rm_modules`;
  return hiddenModuleIds(rows, false);
}

/** A module the caller may not see does not exist for the caller. */
async function assertVisible(ctx: RouteContext<unknown, Principal | null>, moduleId: number) {
  if (moduleId > 0 && (await hiddenFor(ctx)).has(moduleId)) throw new ApiError(404, NOT_FOUND);
}

/** Business rules of the module form over other records: unique url, one level of nesting. */
async function validateModule(fields: Partial<FormInput>, { id: moduleId, deps }: { id: number; deps: ApiDeps }) {
  const { sql } = deps;
  const errors: Record<string, string> = {};
  const [stored] = moduleId > 0 ? await sql<{ id_type_user: number; id_parent: number | null; type: string; url: string | null }[]>`
    SELECT id_type_user, id_parent, type, url FROM rm_modules WHERE id = ${moduleId}` : [];
  if (moduleId > 0 && !stored) return errors; // the record decider answers 404
  const effectiveType = fields.id_type_user ?? stored?.id_type_user ?? 1;
  const menuType = fields.type ?? ((MODULE_TYPES as readonly string[]).includes(stored?.type ?? '') ? (stored.type as (typeof MODULE_TYPES)[number]) : 'item');
  const parentId = fields.id_parent !== undefined ? fields.id_parent : (stored?.id_parent ?? null);
  const [{ n: children }] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM rm_modules WHERE id_parent = ${moduleId} AND id <> ${moduleId}`;

  if (fields.url) {
    const [dup] = await sql`SELECT 1 FROM rm_modules WHERE lower(url) = lower(${fields.url}) AND id <> ${moduleId}`;
    if (dup) errors.url = 'Ya existe un módulo con esa URL';
  }
  if (children > 0 && stored && effectiveType !== stored.id_type_user) {
    errors.id_type_user = 'Un módulo con submódulos no puede cambiar de tipo de usuario';
  }
  if (children > 0 && fields.type && !PARENT_TYPES.includes(fields.type)) errors.type = 'Un módulo con submódulos debe ser un grupo';
  if (parentId !== null) {
    const [parent] = await sql<{ id_type_user: number; id_parent: number | null; type: string }[]>`
      SELECT id_type_user, id_parent, type FROM rm_modules WHERE id = ${parentId}`;
    if (parentId === moduleId) errors.id_parent = 'Un módulo no puede ser su propio padre';
    else if (!parent) errors.id_parent = PARENT_NOT_FOUND;
    else if (parent.id_type_user !== effectiveType) errors.id_parent = 'El módulo padre debe ser del mismo tipo de usuario';
    else if (parent.id_parent !== null) errors.id_parent = NOT_ONE_LEVEL_PARENT;
    else if (children > 0) errors.id_parent = NOT_ONE_LEVEL_CHILDREN;
    else if (!PARENT_TYPES.includes(parent.type)) errors.id_parent = 'Solo un grupo puede contener módulos';
  }
  const url = fields.url !== undefined ? fields.url : (stored?.url ?? null);
  for (const [field, msg] of Object.entries(typeErrors(menuType, url, parentId))) errors[field] ??= msg;
  return errors;
}

/** Level and position of a new module, or of one moved to another parent or user type: last
 * among its new siblings. Unchanged otherwise (reordering is /modules/resort). */
async function placement(deps: ApiDeps, input: FormInput): Promise<{ level?: number; orden?: number }> {
  const [stored] = input.id > 0 ? await deps.sql<{ id_type_user: number; id_parent: number | null }[]>`
    SELECT id_type_user, id_parent FROM rm_modules WHERE id = ${input.id}` : [];
  if (input.id > 0 && !stored) return {};
  const parentId = input.id_parent !== undefined ? input.id_parent : (stored?.id_parent ?? null);
  const effectiveType = input.id_type_user ?? stored?.id_type_user ?? 1;
  if (stored && parentId === stored.id_parent && effectiveType === stored.id_type_user) return {};
  const [{ next }] = await deps.sql<{ next: number }[]>`
    SELECT coalesce(max(orden) + 1, 0)::int AS next FROM rm_modules
     WHERE id_type_user = ${effectiveType} AND id_parent IS NOT DISTINCT FROM ${parentId} AND id <> ${input.id}`;
  return { level: parentId === null ? 0 : 1, orden: next };
}

/** /modules (seed 000, Module): the menu tree per user type, its reordering by drag and drop
 * (one level deep; every moved module is a RecordUpdated with before → after, all in one
 * transaction), and the modal CRUD. Only root has the module in the demo (no profile grants a
 * root-only module); root-only modules are never shown to anyone else. */
export function moduleRoutes(): AnyRoute[] {
  const crud = defineCrud({
    endpoint: MODULE,
    module: MODULE,
    entity: 'module',
    title: 'módulo',
    table: 'rm_modules',
    item: moduleItem,
    fields: recordFields,
    defaults: {
      id_type_user: 1, id_parent: null, type: 'item', name: '', translate: { es: '', en: '', tr: '', ar: '' }, icon: '', url: null, section: '',
      level: 0, orden: 0, root: 0,
    },
    validate: validateModule,
  });

  const guarded = crud.map((route): AnyRoute => {
    const inner = route.handler;
    if (route.path === `${MODULE}/create`) {
      return {
        ...route,
        // Clients send the form's fields only; level and orden are the server's.
        input: v.object({ id: v.optional(id(), 0), ...formFields }),
        async handler(ctx) {
          const input = ctx.input as FormInput;
          await assertVisible(ctx, input.id);
          if (!ctx.principal?.isRoot) {
            refuseNonRootModuleSave({ root: input.root, parentHidden: !!input.id_parent && (await hiddenFor(ctx)).has(input.id_parent) });
          }
          return inner({ ...ctx, input: { ...input, ...(await placement(ctx.deps, input)) } });
        },
      };
    }
    return {
      ...route,
      async handler(ctx) {
        const moduleId = (ctx.input as { id: number }).id;
        await assertVisible(ctx, moduleId);
        if (route.path === `${MODULE}/remove`) {
          const [child] = await ctx.deps.sql`SELECT 1 FROM rm_modules WHERE id_parent = ${moduleId} AND id <> ${moduleId} LIMIT 1`;
          refuseRemovingParentModule(!!child);
        }
        return inner(ctx);
      },
    };
  });

  return [
    defineRoute({
      method: 'GET',
      path: '/fil_datas/type_users',
      access: { kind: 'signed_in' },
      summary: 'Tipos de usuario (id_type_user de módulos y perfiles) para selects',
      output: options(),
      async handler() {
        return { items: USER_TYPES.map((t) => ({ ...t })) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: MODULE,
      access: moduleAccess(MODULE, 'see'),
      summary: 'Menú de un tipo de usuario en árbol (grupos con sus módulos, en orden); los módulos exclusivos de root solo para root',
      input: v.object({ id_type_user: v.optional(typeUserField(), 1) }),
      output: moduleTreeReply,
      async handler({ input, deps, principal }) {
        return { items: await moduleTree(deps, input.id_type_user, principal?.isRoot ?? false) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${MODULE}/resort`,
      access: moduleAccess(MODULE, 'edit'),
      summary: 'Reordenar el menú (arrastrar y soltar, un solo nivel de anidación): cada módulo movido es un evento con antes → después',
      input: resortInput,
      output: moduleTreeReply,
      async handler({ input, deps, principal, metadata }) {
        const isRoot = principal?.isRoot ?? false;
        const { value: idTypeUser } = await execute(deps.store, async (c) => {
          // Locked so two reorderings cannot each pass the checks and together nest two levels.
          const modules = await c.tx<(ResortModule & VisibilityRow)[]>`
            SELECT id, id_type_user, id_parent, orden, level, type, root FROM rm_modules ORDER BY id FOR UPDATE`;
          const plan = decideResort(input.items, modules, hiddenModuleIds(modules, isRoot));
          for (const change of plan.changes) (await c.load(recordAggregate('module'), change.id)).decide({ type: 'UpdateRecord', id: change.id, fields: change.fields });
          return plan.typeUser;
        }, { metadata });
        return { msg: 'Actualizado correctamente', items: await moduleTree(deps, idTypeUser, isRoot) };
      },
    }),
    ...guarded,
  ];
}
