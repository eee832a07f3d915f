import * as v from 'valibot';
import type { ListColumn, ListFilter } from '../platform/define-list';
import { positiveId } from '../platform/fields';

// Pieces every catalogue list shares: the state filter and columns, and filters by a parent id.
// `expr` is trusted SQL from code (a column, maybe qualified by its table alias).

/** `estado=1` active rows, `estado=0` inactive ones. */
export const estadoFilter = (expr = 'estado'): ListFilter => ({
  schema: v.pipe(v.picklist(['0', '1', 0, 1], 'Estado no válido'), v.transform(Number)),
  where: (sql, value: number) => sql`${sql.unsafe(expr)} = ${value}`,
});

/** Rows of one parent (e.g. `id_equipo_grupo=3`). */
export const idFilter = (expr: string): ListFilter => ({
  schema: positiveId(),
  where: (sql, value: number) => sql`${sql.unsafe(expr)} = ${value}`,
});

/** Estado and creation date, the last columns of every catalogue list. */
export const stateColumns = (alias?: string): ListColumn<'estado' | 'date_created'>[] => {
  const col = (name: string) => (alias ? `${alias}.${name}` : name);
  return [
    { key: 'estado', label: 'Estado', kind: 'bool', sql: col('estado'), sortable: true },
    { key: 'date_created', label: 'Creado', kind: 'datetime', sql: col('date_created'), sortable: true },
  ];
};
