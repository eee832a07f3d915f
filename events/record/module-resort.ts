import { CommandRejected } from '../errors';

/** A stored module, as the reordering needs it. */
export type ResortModule = { id: number; id_type_user: number; id_parent: number | null; orden: number; level: number; type: string };

/** One entry of `POST /modules/resort`: where a module goes. */
export type ResortItem = { id: number; id_parent: number | null; orden: number };

export type ResortChange = { id: number; fields: { id_parent?: number | null; orden?: number; level?: number } };

export type ResortPlan =
  | { ok: true; typeUser: number; changes: ResortChange[] }
  | { ok: false; msg: string; errors: Record<string, string> };

const PARENT_TYPES = new Set(['group', 'collapse']);

/** Checks a new menu order against the stored modules and says which modules change (seed 000,
 * /modules: depth limited to one level). Pure: `modules` are every stored module, `hidden` the
 * ones the caller may not see (they count as unknown). Refused: unknown or repeated ids, modules
 * of several user types, a parent that is unknown, of another type, the module itself, below
 * another module or not a group, a module with children placed below another one, and cycles. */
export function planResort(items: readonly ResortItem[], modules: readonly ResortModule[], hidden: ReadonlySet<number> = new Set()): ResortPlan {
  const errors: Record<string, string> = {};
  const fail = (key: string, message: string) => {
    if (!(key in errors)) errors[key] = message;
  };
  if (items.length === 0) return refused({ items: 'Envíe al menos un módulo' });
  const known = new Map(modules.filter((m) => !hidden.has(m.id)).map((m) => [m.id, m]));

  const seen = new Set<number>();
  items.forEach((item, i) => {
    if (seen.has(item.id)) fail(`items.${i}.id`, `El módulo ${item.id} está repetido`);
    seen.add(item.id);
    if (!known.has(item.id)) fail(`items.${i}.id`, `No se encontró el módulo ${item.id}`);
  });
  if (Object.keys(errors).length) return refused(errors);

  const typeUser = known.get(items[0].id)!.id_type_user;
  items.forEach((item, i) => {
    if (known.get(item.id)!.id_type_user !== typeUser) fail(`items.${i}.id`, 'Todos los módulos deben ser del mismo tipo de usuario');
    if (item.id_parent === null) return;
    const parent = known.get(item.id_parent);
    if (!parent) fail(`items.${i}.id_parent`, `No se encontró el módulo padre ${item.id_parent}`);
    else if (parent.id_type_user !== typeUser) fail(`items.${i}.id_parent`, 'El módulo padre debe ser del mismo tipo de usuario');
    else if (item.id_parent === item.id) fail(`items.${i}.id_parent`, 'Un módulo no puede ser su propio padre');
  });
  if (Object.keys(errors).length) return refused(errors);

  // The menu as it would be: stored parents with the new ones laid over them.
  const parentOf = new Map<number, number | null>();
  for (const m of known.values()) if (m.id_type_user === typeUser) parentOf.set(m.id, m.id_parent);
  for (const item of items) parentOf.set(item.id, item.id_parent);
  const hasChildren = new Set<number>();
  for (const [id, parent] of parentOf) if (parent !== null && parent !== id) hasChildren.add(parent);

  items.forEach((item, i) => {
    if (item.id_parent === null) return;
    // Walk up from the new parent: reaching the module again is a cycle.
    let at: number | null = item.id_parent;
    for (let steps = 0; at !== null && steps <= parentOf.size; steps++) {
      if (at === item.id) {
        fail(`items.${i}.id_parent`, 'El nuevo orden forma un ciclo entre módulos');
        return;
      }
      at = parentOf.get(at) ?? null;
    }
    const parent = known.get(item.id_parent)!;
    if ((parentOf.get(item.id_parent) ?? null) !== null) {
      fail(`items.${i}.id_parent`, 'Solo se permite un nivel de anidación: el módulo padre ya está dentro de otro');
    } else if (hasChildren.has(item.id)) {
      fail(`items.${i}.id_parent`, 'Solo se permite un nivel de anidación: un módulo con submódulos no puede ir dentro de otro');
    } else if (!PARENT_TYPES.has(parent.type)) {
      fail(`items.${i}.id_parent`, 'Solo un grupo puede contener módulos');
    }
  });
  if (Object.keys(errors).length) return refused(errors);

  const changes: ResortChange[] = [];
  for (const item of items) {
    const m = known.get(item.id)!;
    const level = item.id_parent === null ? 0 : 1;
    const fields: ResortChange['fields'] = {};
    if (m.id_parent !== item.id_parent) fields.id_parent = item.id_parent;
    if (m.orden !== item.orden) fields.orden = item.orden;
    if (m.level !== level) fields.level = level;
    if (Object.keys(fields).length) changes.push({ id: item.id, fields });
  }
  return { ok: true, typeUser, changes };
}

function refused(errors: Record<string, string>): ResortPlan {
  return { ok: false, msg: Object.values(errors)[0], errors };
}

/** The reordering's changes, or its refusal (422 with the plan's message and field errors). */
export function decideResort(items: readonly ResortItem[], modules: readonly ResortModule[], hidden: ReadonlySet<number> = new Set()): { typeUser: number; changes: ResortChange[] } {
  const plan = planResort(items, modules, hidden);
  if (!plan.ok) throw new CommandRejected(plan.msg, plan.errors);
  return plan;
}
