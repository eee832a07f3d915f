import { useState } from 'react';
import { moduleRights, useMe } from '../../session/useMe';
import { formatDateTime } from '../format/formatDateTime';
import { formatNumber } from '../format/formatNumber';
import { dash, type DataTableColumn } from '../list/DataTable';
import { EstadoFilter } from '../list/EstadoFilter';
import { ListPage } from '../resource/ListPage';
import { recordMenu } from '../resource/recordMenu';
import { useResourceList } from '../resource/useResourceList';
import { SelectLocal } from '../select/SelectLocal';
import { CatalogueDialog } from './CatalogueDialog';
import type { CatalogueColumn, CatalogueConfig, CatalogueRow } from './catalogueConfig';
import type { CatalogueSearch } from './catalogueResource';
import { dependentsOf } from './dependentsOf';

function cell(column: CatalogueColumn, row: CatalogueRow) {
  const value = row[column.key];
  switch (column.format ?? 'text') {
    case 'estado':
      return value === 1 ? 'Activo' : 'Inactivo';
    case 'datetime':
      return <span dir="ltr">{formatDateTime(value as string)}</span>;
    case 'integer':
      return formatNumber(value as number | string | null, 0);
    case 'decimal':
      return formatNumber(value as number | string | null, column.decimals ?? 2);
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
  const rights = moduleRights(useMe().data, config.resource.path);
  const [editing, setEditing] = useState<number | null>(null);
  const filters = config.fields.filter((f) => f.kind === 'select' && f.filter);

  const setFilter = (name: string, value: number | null) => {
    const patch: Record<string, number | undefined> = { [name]: value ?? undefined };
    for (const child of dependentsOf(filters, name)) patch[child] = undefined;
    list.setSearch(patch);
  };

  const columns: DataTableColumn<CatalogueRow>[] = [...FIRST, ...config.columns, ...LAST].map((c) => ({
    key: c.key,
    label: c.label,
    sortable: c.sortable ?? true,
    width: c.key === 'id' ? '5rem' : undefined,
    align: c.format === 'integer' || c.format === 'decimal' || c.key === 'id' ? 'right' : 'left',
    render: (row) => cell(c, row),
  }));

  return (
    <ListPage<CatalogueRow, CatalogueSearch>
      list={list}
      title={config.title}
      searchPlaceholder={config.searchPlaceholder}
      showDates
      canCreate={rights.edit}
      onCreate={() => setEditing(0)}
      filters={
        <>
          {filters.map((f) => {
            const parent = f.kind === 'select' && f.dependsOn ? (list.search[f.dependsOn as `id_${string}`] ?? null) : null;
            return (
              <div key={f.name} className="w-full sm:w-56">
                <SelectLocal<number>
                  key={`${f.name}:${parent ?? ''}`}
                  label={f.label}
                  endpoint={f.kind === 'select' ? f.endpoint : ''}
                  params={f.kind === 'select' && f.dependsOn && parent ? { [f.param ?? f.dependsOn]: parent } : undefined}
                  placeholder="Todos"
                  value={list.search[f.name as `id_${string}`] ?? null}
                  onChange={(value) => setFilter(f.name, value)}
                />
              </div>
            );
          })}
          <div className="w-full sm:w-40">
            <EstadoFilter value={search.estado} onChange={(estado) => list.setSearch({ estado })} />
          </div>
        </>
      }
      columns={columns}
      rowMenu={(row) => recordMenu(row, { canEdit: rights.edit, onEdit: () => setEditing(row.id), act: list.act })}
    >
      <CatalogueDialog config={config} id={editing} onClose={() => setEditing(null)} />
    </ListPage>
  );
}
