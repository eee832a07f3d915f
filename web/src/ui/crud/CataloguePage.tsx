import { formatDateTime } from '@shared/time';
import { formatNumber } from '@shared/money';
import { dash, type DataTableColumn } from '../list/DataTable';
import { EstadoFilter } from '../resource/EstadoFilter';
import { ListPage } from '../resource/ListPage';
import { SelectFilter } from '../resource/SelectFilter';
import { useResourceList } from '../resource/useResourceList';
import { CatalogueDialog } from './CatalogueDialog';
import type { CatalogueColumn, CatalogueConfig } from './catalogueConfig';
import type { CatalogueRow } from './catalogueResource';
import type { CatalogueSearch } from './catalogueResource';
import { dependentsOf } from './dependentsOf';

function cell(column: CatalogueColumn, row: CatalogueRow) {
  const value = row[column.key];
  if (column.labels) return dash(value === null || value === undefined ? null : (column.labels[String(value)] ?? String(value)));
  switch (column.format ?? 'text') {
    case 'estado':
      return value === 1 ? 'Activo' : 'Inactivo';
    case 'datetime':
      return <span dir="ltr">{formatDateTime(value as string)}</span>;
    case 'integer':
      return formatNumber(value, 0);
    case 'decimal':
      return formatNumber(value, column.decimals ?? 2);
    case 'text':
      return dash(value as string | null);
  }
}

/** Every catalogue list starts with the id and ends with its state and creation date. */
const FIRST: CatalogueColumn[] = [{ key: 'id', label: 'ID' }];
const LAST: CatalogueColumn[] = [
  { key: 'estado', label: 'Estado', format: 'estado' },
  { key: 'date_created', label: 'Creado', format: 'datetime' },
];

/** One master-data screen from its config (seed 001 §2 master-data routes, §6): the server-paged
 * list with search, estado and parent filters (all in the URL), export and 'Nuevo'; the row menu
 * Editar / Activar|Desactivar / Eliminar for the module's edit right only (protected rows are
 * greyed and take none; inactive rows carry the blocked icon 'Inactivo'); the create/edit dialog;
 * and a banner when other users change the catalogue. */
export function CataloguePage({ config, search }: { config: CatalogueConfig; search: CatalogueSearch }) {
  const list = useResourceList(config.resource, search);
  const filters = config.fields.flatMap((f) => (f.kind === 'select' && f.filter ? [f] : []));

  const columns: DataTableColumn<CatalogueRow>[] = [...FIRST, ...config.columns, ...LAST].map((c) => ({
    key: c.key,
    label: c.label,
    sortable: c.sortable ?? true,
    width: c.key === 'id' ? '5rem' : undefined,
    align: c.format === 'integer' || c.format === 'decimal' || c.key === 'id' ? 'right' : 'left',
    render: (row) => cell(c, row),
  }));

  return (
    <ListPage
      list={list}
      title={config.title}
      searchPlaceholder={config.searchPlaceholder}
      showDates
      filters={
        <>
          {filters.map((f) => {
            const parent = f.dependsOn ? list.search[f.dependsOn as `id_${string}`] : undefined;
            return (
              <SelectFilter
                // A new parent is a new list of options.
                key={`${f.name}:${parent ?? ''}`}
                list={list}
                name={f.name}
                label={f.label}
                endpoint={f.endpoint}
                params={f.dependsOn && parent ? { [f.param ?? f.dependsOn]: parent } : undefined}
                placeholder="Todos"
                clears={dependentsOf(filters, f.name)}
                className="w-full sm:w-56"
              />
            );
          })}
          {(config.codeFilters ?? []).map((f) => (
            <SelectFilter key={f.name} list={list} name={f.name} label={f.label} items={f.items} placeholder="Todos" className="w-full sm:w-56" />
          ))}
          <EstadoFilter list={list} />
        </>
      }
      columns={columns}
      rowMenu={(row) => list.menu(row)}
      dialog={(id, close) => <CatalogueDialog config={config} id={id} onClose={close} />}
    />
  );
}
