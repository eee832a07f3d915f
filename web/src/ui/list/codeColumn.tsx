import { Link, type LinkProps } from '@tanstack/react-router';
import type { DataTableColumn } from './DataTable';

/** A screen that edits one record by its id. */
type EditRoute = Extract<NonNullable<LinkProps['to']>, `${string}/$id/editar`>;

/** A list's first column: the record's code, sortable, as the link that opens its edit screen. */
export function codeColumn<Row extends { id: number; codigo: string }>(label: string, to: EditRoute): DataTableColumn<Row> {
  return {
    key: 'codigo',
    label,
    sortable: true,
    render: (r) => (
      <Link to={to} params={{ id: String(r.id) }} className="font-medium whitespace-nowrap text-teal-800 hover:underline">
        {r.codigo}
      </Link>
    ),
  };
}
