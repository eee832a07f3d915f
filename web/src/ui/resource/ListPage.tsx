import type { ReactNode } from 'react';
import type { ListSearch, SetSearch } from '../list/listSearch';
import { DataTable, type DataTableProps } from '../list/DataTable';
import { FilterBar } from '../list/FilterBar';
import type { ResourceList } from './useResourceList';

type Props<Row, Search extends ListSearch> = Pick<DataTableProps<Row>, 'columns' | 'rowMenu' | 'expand' | 'rowKey' | 'selectable' | 'card' | 'onOpen' | 'empty'> & {
  list: ResourceList<Row, Search>;
  title: string;
  searchPlaceholder?: string;
  showDates?: boolean;
  /** The module's filter controls (after the search box and the dates). */
  filters?: ReactNode;
  /** Extra header actions before 'Exportar' and 'Nuevo'. */
  actions?: ReactNode;
  /** Whether 'Nuevo' is offered; default: the module's edit right when there is a `dialog`. */
  canCreate?: boolean;
  /** What 'Nuevo' does; default: open the `dialog` on a new record. */
  onCreate?(): void;
  /** The record dialog, open while `list.editing` is not null (0: a new record). */
  dialog?(id: number | null, close: () => void): ReactNode;
  /** The dialogs and panels the page opens. */
  children?: ReactNode;
};

/** One list screen: FilterBar (search, dates, filters, 'Nuevo', export with its toast) + the live
 * banner + DataTable (sort, pager, row menu) + the page's dialogs, all on one resource list
 * (useResourceList). A module configures it; it writes no list plumbing of its own. */
export function ListPage<Row extends { id?: number | string; estado?: number; protected?: number }, Search extends ListSearch>({
  list,
  title,
  searchPlaceholder,
  showDates,
  filters,
  actions,
  canCreate,
  onCreate,
  dialog,
  children,
  ...table
}: Props<Row, Search>) {
  return (
    <section className="space-y-3">
      <FilterBar
        title={title}
        search={list.search}
        setSearch={list.setSearch as SetSearch}
        searchPlaceholder={searchPlaceholder}
        showDates={showDates}
        fields={filters}
        actions={actions}
        canCreate={canCreate ?? (dialog !== undefined && list.rights.edit)}
        onCreate={onCreate ?? (() => list.edit(0))}
        exportPath={list.resource.exportable ? list.resource.path : undefined}
      />
      {list.banner}
      <DataTable<Row> label={title} query={list.query} search={list.search} setSearch={list.setSearch as SetSearch} {...table} />
      {dialog?.(list.editing, () => list.edit(null))}
      {children}
    </section>
  );
}
