import type * as v from 'valibot';
import type { ListColumn } from '../platform/define-list';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import type { Reference } from './blocking-references';
import { defineCatalogue, type CatalogueConfig, type CatalogueLookup } from './define-catalogue';
import { idFilter } from '../platform/define-list';

// The blocks several catalogues of the table (catalogue-routes.ts) share, written once: sortable
// columns, the requests that name a row, the code-and-name record with its select, and the child
// of a parent catalogue (its filter, its extra column, the parent that must exist, and the rule
// that a child some record names keeps its parent).

/** A sortable list column; `sql` when it is not the key itself, `kind` when not text. */
export const sorted = <K extends string>(key: K, label: string, sql?: string, kind?: ListColumn<K>['kind']): ListColumn<K> => ({
  key,
  label,
  ...(kind ? { kind } : {}),
  ...(sql ? { sql } : {}),
  sortable: true,
});

/** A sortable count of the records that point at the row (`sql` is the counting subquery). */
export const counted = <K extends string>(key: K, label: string, sql: string) => sorted(key, label, sql, 'integer');

/** The purchase requests whose `column` names the row: they block its removal. */
export const namedByRequest = (column: string): Reference => ({ one: 'solicitud', many: 'solicitudes', from: 'rm_solicitudes_compras', where: `${column} = $1` });

/** A record of codigo and nombre, both required. */
export const codeAndName = () => ({
  fields: { codigo: requiredText(20), nombre: requiredText(200) },
  defaults: { codigo: '', nombre: '' },
});

/** A select labelled 'codigo - nombre', searched by both, in code order. */
export const codeNameLookup = (lookup: CatalogueLookup): CatalogueLookup => ({
  labelColumn: "codigo || ' - ' || nombre",
  search: ['codigo', 'nombre'],
  order: 'codigo, id',
  ...lookup,
  extra: { codigo: 'codigo', nombre: 'nombre', ...lookup.extra },
});

/** The parent of a child catalogue: the field naming it, its table and the message when it does not
 * exist; `usedBy` (with `$1` the child's id) and `locked` when a child some record names keeps it. */
export type ParentOf = { field: string; table: string; message: string; usedBy?: string[]; locked?: string };

/** A catalogue under a parent (a model under its brand): the list filters by the parent and
 * carries its id, the parent must exist, and a child some record names keeps its parent. The
 * parent comes first in the list's extra columns, filters and references. */
export function defineChildCatalogue<R extends v.ObjectEntries, F extends v.ObjectEntries, I extends v.ObjectEntries>(
  parent: ParentOf,
  cfg: CatalogueConfig<R, F, I>,
): AnyRoute[] {
  const { field, usedBy, locked } = parent;
  const column = cfg.alias ? `${cfg.alias}.${field}` : field;
  const check = cfg.check;
  return defineCatalogue<R, F, I>({
    ...cfg,
    extra: { [field]: column, ...cfg.extra } as CatalogueConfig<R, F, I>['extra'],
    filters: { [field]: idFilter(column), ...cfg.filters },
    references: { [field]: { table: parent.table, message: parent.message }, ...cfg.references } as CatalogueConfig<R, F, I>['references'],
    check:
      usedBy && locked
        ? async (fields, ctx) => {
            await check?.(fields, ctx);
            const { id, deps: { sql }, errors } = ctx;
            if (errors[field] || !id) return;
            const [current] = await sql.unsafe<Record<string, number>[]>(`SELECT ${field}::int AS parent FROM ${cfg.table} WHERE id = $1`, [id]);
            if (!current || current.parent === (fields as Record<string, unknown>)[field]) return;
            for (const where of usedBy) {
              const [used] = await sql.unsafe(`SELECT 1 WHERE EXISTS (${where})`, [id]);
              if (used) {
                errors[field] = locked;
                return;
              }
            }
          }
        : check,
  });
}
