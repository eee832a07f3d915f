import type { Fragment, Sql } from 'postgres';
import * as v from 'valibot';
import { int, text } from './fields';
import type { Principal } from './principal';
import { option } from '@shared/contracts/platform';
import { defineRoute, type Access, type AnyRoute } from './route';

export type LookupConfig<E extends v.ObjectEntries = v.ObjectEntries> = {
  path: string;
  access: Access;
  summary: string;
  /** FROM clause (trusted, from code). */
  from: string;
  valueColumn: string;
  labelColumn: string;
  /** Other columns returned with each item, by name, and their reply schemas (the same keys). */
  extra?: Record<keyof E & string, string>;
  fields?: E;
  /** The value's schema when it is not a record id (codes). */
  value?: v.GenericSchema<unknown, number | string>;
  /** Columns searched by `query`. Default: the label. */
  search?: string[];
  /** Always-on condition (e.g. active rows only). */
  where?: string;
  /** A dependent select: the parent's value arrives as this parameter and filters this column. */
  parent?: { param: string; column: string; required?: boolean };
  order?: string;
  /** Seed 000 §9: select lists default to 100 items; filter dropdowns up to 500 or 1000. */
  defaultLimit?: number;
  maxLimit?: number;
  /** Seed 000 §5: async searches start at a minimum length (material and functional-group: 4). */
  minLength?: number;
  /** Row-level restriction for the caller (e.g. only the user's sites: platform/site-scope). */
  scope?: (sql: Sql, principal: Principal | null) => Fragment | null;
};

/** One lookup protocol for select_ajax and select_local (seed 000 §7): `query`, `value`, `limit`,
 * the parent's value → `item` (when `value` is given) or `items`, each `{ value, label, … }`. */
/** The reply of a lookup: `item` (or null) when `value` is given, else `items`. */
export const lookupReply = <S extends v.GenericSchema>(item: S) => v.union([v.object({ item: v.nullable(item) }), v.object({ items: v.array(item) })]);

export function defineLookup<E extends v.ObjectEntries = Record<never, never>>(cfg: LookupConfig<E>): AnyRoute {
  const extraKeys = Object.keys(cfg.extra ?? {}).sort().join();
  if (extraKeys !== Object.keys(cfg.fields ?? {}).sort().join()) throw new Error(`${cfg.path}: extra columns and their reply fields differ`);
  const maxLimit = cfg.maxLimit ?? 500;
  const minLength = cfg.minLength ?? 0;
  const schema = v.object({
    query: v.optional(text(100)),
    value: v.optional(v.union([v.pipe(v.string(), v.maxLength(100)), v.number()], 'Valor inválido')),
    limit: v.optional(v.pipe(int(), v.minValue(1, 'Debe ser mayor o igual a 1'), v.maxValue(maxLimit, `Máximo ${maxLimit} opciones`)), cfg.defaultLimit ?? 100),
    ...(cfg.parent
      ? { [cfg.parent.param]: cfg.parent.required ? v.union([v.string(), v.number()], 'Seleccione primero el campo anterior') : v.optional(v.union([v.string(), v.number()])) }
      : {}),
  });
  const columns = [`${cfg.valueColumn} AS value`, `${cfg.labelColumn} AS label`, ...Object.entries(cfg.extra ?? {}).map(([k, e]) => `${e} AS "${k}"`)].join(', ');
  return defineRoute({
    method: 'GET',
    path: cfg.path,
    access: cfg.access,
    summary: cfg.summary,
    input: schema,
    output: lookupReply(option((cfg.fields ?? {}), cfg.value)),
    async handler({ input, deps, principal }) {
      const { sql } = deps;
      const i = input as Record<string, unknown> & { limit: number; query?: string; value?: string | number };
      const parts = [sql`TRUE`];
      if (cfg.where) parts.push(sql`${sql.unsafe(cfg.where)}`);
      const scoped = cfg.scope?.(sql, principal);
      if (scoped) parts.push(scoped);
      if (cfg.parent && i[cfg.parent.param] !== undefined) {
        parts.push(sql`${sql.unsafe(cfg.parent.column)}::text = ${String(i[cfg.parent.param])}`);
      }
      if (i.value !== undefined) {
        const [item] = await sql`SELECT ${sql.unsafe(columns)} FROM ${sql.unsafe(cfg.from)}
          WHERE ${parts.reduce((a, p) => sql`${a} AND ${p}`)} AND ${sql.unsafe(cfg.valueColumn)}::text = ${String(i.value)} LIMIT 1`;
        return { item: item ?? null };
      }
      const query = (i.query ?? '').trim();
      if (query.length < minLength) return { items: [] };
      if (query) {
        const like = `%${query.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
        const any = (cfg.search ?? [cfg.labelColumn])
          .map((e) => sql`unaccent_lower(${sql.unsafe(e)}::text) LIKE unaccent_lower(${like})`)
          .reduce((a, p) => sql`${a} OR ${p}`);
        parts.push(sql`(${any})`);
      }
      const items = await sql`SELECT ${sql.unsafe(columns)} FROM ${sql.unsafe(cfg.from)}
        WHERE ${parts.reduce((a, p) => sql`${a} AND ${p}`)}
        ORDER BY ${sql.unsafe(cfg.order ?? cfg.labelColumn)} LIMIT ${i.limit}`;
      return { items: [...items] };
    },
  });
}
