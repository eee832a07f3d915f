import type * as v from 'valibot';
import type { Fields } from '../../../events/record/record';
import { defineCrud, type CrudConfig } from '../platform/define-crud';
import { defineList, estadoFilter, type ListColumn, type ListConfig, type ListFilter } from '../platform/define-list';
import { defineLookup, type LookupConfig } from '../platform/define-lookup';
import type { ApiDeps } from '../platform/deps';
import type { AnyRoute } from '../platform/route';
import { blockingReferences, type Reference } from './blocking-references';
import { stateColumns } from './list-parts';

// One definition of a master-data catalogue (seed 001 §3, §7): its list and export, the generic
// modal CRUD and its selects, from a table of what differs (table, columns, fields, references,
// unique fields, what blocks a removal, lookups). What every catalogue shares is written here
// once: the module is the path; the list starts with the id and ends with estado and date
// created, filters by estado and breaks ties by id; references must exist; unique fields are
// compared case-insensitively; selects list the active rows by name, for any signed-in user.

/** A field whose value must be unique in the table (text compared case-insensitively), maybe
 * within the rows sharing `within` (e.g. a model's name within its brand). Empty values are not
 * checked; nor is a value whose `within` reference does not exist (no row can share it). */
export type UniqueField<F> = { field: keyof F & string; message: string; within?: keyof F & string };

/** A record a field points at: it must exist, else `message` on the field. */
export type ParentTable = { table: string; message: string };

/** Errors found so far (references first); a check adds its own. */
type Check<F extends v.ObjectEntries> = (
  fields: v.InferOutput<v.ObjectSchema<F, undefined>>,
  ctx: { id: number; deps: ApiDeps; errors: Record<string, string> },
) => Promise<void>;

/** A select over the catalogue: active rows (`estado = 1`) of its table, value id, label nombre. */
export type CatalogueLookup = Omit<LookupConfig<v.ObjectEntries>, 'access' | 'from' | 'valueColumn' | 'labelColumn'> &
  Partial<Pick<LookupConfig<v.ObjectEntries>, 'from' | 'valueColumn' | 'labelColumn'>>;

export type CatalogueConfig<R extends v.ObjectEntries, F extends v.ObjectEntries, I extends v.ObjectEntries> = {
  /** e.g. '/marcas': the list, the CRUD endpoint and (unless `module` says another) the menu module. */
  path: string;
  /** The menu module whose rights apply, when not the path (the currency rates are the settings'). */
  module?: string;
  /** The list's title and its export's file name. */
  title: string;
  fileBase: string;
  /** Record stream type and the record's name in messages ('marca'). */
  entity: string;
  name: string;
  table: string;
  /** The table's alias in `from` when the list joins others. */
  alias?: string;
  /** The list's FROM (default: the table with its alias). */
  from?: string;
  row: v.ObjectSchema<R, undefined>;
  /** The columns between the id and the state columns. */
  columns: ListColumn<keyof R & string>[];
  extra?: ListConfig<R>['extra'];
  search: string[];
  /** Tie-breaker (default the id). */
  key?: string;
  defaultOrder: ListConfig<R>['defaultOrder'];
  /** Filters besides estado. */
  filters?: Record<string, ListFilter>;
  /** Row-level restriction of the list (a per-site catalogue: only the caller's sites). */
  scope?: ListConfig<R>['scope'];
  item: I;
  fields: F;
  defaults: Fields;
  /** Fields that point at another record, which must exist. */
  references?: Partial<Record<keyof F & string, ParentTable>>;
  unique?: UniqueField<F>[];
  /** Rules of this catalogue only, run after the references. */
  check?: Check<F>;
  /** What refuses a removal while it points at the record. */
  blockedBy?: Reference[];
  lookups?: CatalogueLookup[];
};

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** The validation of references and unique fields, then the catalogue's own check. */
export function catalogueValidate<F extends v.ObjectEntries>(
  table: string,
  cfg: { references?: Partial<Record<string, ParentTable>>; unique?: UniqueField<F>[]; check?: Check<F> },
): NonNullable<CrudConfig<F>['validate']> {
  return async (fields, { id, deps }) => {
    const { sql } = deps;
    const values = fields as Record<string, unknown>;
    const errors: Record<string, string> = {};
    const missing = new Set<string>();
    for (const [field, parent] of Object.entries(cfg.references ?? {})) {
      if (!parent || isEmpty(values[field])) continue;
      const [found] = await sql`SELECT 1 FROM ${sql(parent.table)} WHERE id = ${values[field] as number}`;
      if (!found) {
        errors[field] = parent.message;
        missing.add(field);
      }
    }
    await cfg.check?.(fields, { id, deps, errors });
    for (const u of cfg.unique ?? []) {
      const field: string = u.field;
      const scope: string | undefined = u.within;
      const value = values[field];
      if (isEmpty(value) || (scope && (missing.has(scope) || isEmpty(values[scope])))) continue;
      const same = typeof value === 'string' ? sql`lower(${sql(field)}) = lower(${value})` : sql`${sql(field)} = ${value as number}`;
      const within = scope ? sql`AND ${sql(scope)} = ${values[scope] as number}` : sql``;
      const [dup] = await sql`SELECT 1 FROM ${sql(table)} WHERE ${same} ${within} AND id <> ${id}`;
      if (dup) errors[field] = u.message;
    }
    return errors;
  };
}

/** The generic CRUD of a catalogue-like record: its checks and what blocks its removal. */
export function catalogueCrud<F extends v.ObjectEntries, I extends v.ObjectEntries>(
  cfg: Pick<CatalogueConfig<v.ObjectEntries, F, I>, 'path' | 'module' | 'entity' | 'name' | 'table' | 'item' | 'fields' | 'defaults' | 'references' | 'unique' | 'check' | 'blockedBy'>,
): AnyRoute[] {
  const blockedBy = cfg.blockedBy;
  return defineCrud({
    item: cfg.item,
    endpoint: cfg.path,
    module: cfg.module ?? cfg.path,
    entity: cfg.entity,
    title: cfg.name,
    table: cfg.table,
    fields: cfg.fields,
    defaults: cfg.defaults,
    validate: catalogueValidate(cfg.table, cfg),
    beforeRemove: blockedBy ? (id, { deps }) => blockingReferences(deps.sql, id, blockedBy) : undefined,
  });
}

/** A catalogue's routes: list and export, form/create/remove/enable/disable, then its selects. */
export function defineCatalogue<R extends v.ObjectEntries, F extends v.ObjectEntries, I extends v.ObjectEntries>(
  cfg: CatalogueConfig<R, F, I>,
): AnyRoute[] {
  const col = (name: string) => (cfg.alias ? `${cfg.alias}.${name}` : name);
  const idColumn: ListColumn<keyof R & string> = { key: 'id', label: 'ID', kind: 'integer', sql: col('id'), sortable: true };
  return [
    ...defineList<R>({
      row: cfg.row,
      path: cfg.path,
      module: cfg.module ?? cfg.path,
      title: cfg.title,
      fileBase: cfg.fileBase,
      from: cfg.from ?? (cfg.alias ? `${cfg.table} ${cfg.alias}` : cfg.table),
      columns: [idColumn, ...cfg.columns, ...(stateColumns(cfg.alias) as ListColumn<keyof R & string>[])],
      extra: cfg.extra,
      search: cfg.search,
      dateColumn: col('date_created'),
      key: cfg.key ?? col('id'),
      defaultOrder: cfg.defaultOrder,
      filters: { ...cfg.filters, estado: estadoFilter(col('estado')) },
      scope: cfg.scope,
    }),
    ...catalogueCrud(cfg),
    ...(cfg.lookups ?? []).map((lookup) =>
      defineLookup({
        access: { kind: 'signed_in' },
        from: cfg.table,
        valueColumn: 'id',
        labelColumn: 'nombre',
        where: 'estado = 1',
        ...lookup,
      }),
    ),
  ];
}
