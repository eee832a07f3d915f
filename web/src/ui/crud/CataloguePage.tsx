import { useState } from 'react';
import { moduleRights, useMe } from '../../session/useMe';
import { DataTable, type DataTableColumn } from '../list/DataTable';
import { FilterBar } from '../list/FilterBar';
import { useList } from '../list/useList';
import { useListSearch, type ListSearch } from '../list/useListSearch';
import { SelectLocal } from '../select/SelectLocal';
import { useToast } from '../toast/useToast';
import { CatalogueDialog } from './CatalogueDialog';
import type { CatalogueColumn, CatalogueConfig, CatalogueRow } from './catalogueConfig';
import { dependentsOf } from './dependentsOf';
import { useRecordActions } from './useRecordActions';
import { EstadoFilter } from '../list/EstadoFilter';
import { useLiveChanges } from '../list/useLiveChanges';
import { formatDateTime } from '@shared/time';
import { formatNumber } from '@shared/money';

/** A push this soon after the user's own save or action is that action's echo: the list is
 * refreshed quietly instead of offering the banner. */

function positiveId(value: unknown): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

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
      return value === null || value === undefined || value === '' ? <span className="text-slate-400">—</span> : String(value);
  }
}

/** One master-data screen from its config (seed 001 §2 master-data routes, §6): the server-paged
 * list with search, estado and parent filters (all in the URL), export and 'Nuevo'; the row menu
 * Editar / Activar|Desactivar / Eliminar for the module's edit right only (protected rows are
 * greyed and take none; inactive rows carry the blocked icon 'Inactivo'); the create/edit dialog;
 * and a banner when other users change the catalogue. */
export function CataloguePage({ config }: { config: CatalogueConfig }) {
  const { search, setSearch } = useListSearch();
  const query = useList<CatalogueRow>({ path: config.endpoint, search });
  const rights = moduleRights(useMe().data, config.endpoint);
  const [editing, setEditing] = useState<number | null>(null);
  const { show } = useToast();
  const act = useRecordActions(config.endpoint, [['list', config.endpoint]]);

  const liveBanner = useLiveChanges(config.topics, () => query.refetch());

  const filters = config.filters ?? [];
  const setFilter = (name: string, value: number | null) => {
    const patch: Partial<ListSearch> = { [name]: value ?? undefined };
    for (const child of dependentsOf(filters, name)) patch[child] = undefined;
    setSearch(patch);
  };

  const columns: DataTableColumn<CatalogueRow>[] = config.columns.map((c) => ({
    key: c.key,
    label: c.label,
    sortable: c.sortable,
    width: c.width,
    align: c.format === 'integer' || c.format === 'decimal' || c.key === 'id' ? 'right' : 'left',
    render: (row) => cell(c, row),
  }));

  return (
    <section className="space-y-4">
      <FilterBar
        title={config.title}
        search={search}
        setSearch={setSearch}
        searchPlaceholder={config.searchPlaceholder}
        showDates
        canCreate={rights.edit}
        onCreate={() => setEditing(0)}
        exportPath={config.endpoint}
        onExportResult={(r) => show(r.msg, r.ok ? 'success' : 'error')}
        fields={
          <>
            {filters.map((f) => {
              const parent = f.dependsOn ? positiveId(search[f.dependsOn]) : null;
              return (
                <div key={f.name} className="w-full sm:w-56">
                  <SelectLocal<number>
                    key={`${f.name}:${parent ?? ''}`}
                    label={f.label}
                    endpoint={f.endpoint}
                    params={f.dependsOn && parent ? { [f.dependsOn]: parent } : undefined}
                    placeholder="Todos"
                    value={positiveId(search[f.name])}
                    onChange={(value) => setFilter(f.name, value)}
                  />
                </div>
              );
            })}
            <div className="w-full sm:w-40">
              <EstadoFilter value={search.estado} onChange={(estado) => setSearch({ estado: estado === undefined ? undefined : Number(estado) })} />
            </div>
          </>
        }
      />
      {liveBanner}
      <DataTable<CatalogueRow>
        label={config.title}
        columns={columns}
        query={query}
        search={search}
        setSearch={setSearch}
        rowMenu={(row) => [
          { label: 'Editar', onClick: () => setEditing(row.id), hidden: !rights.edit },
          row.estado === 1
            ? { label: 'Desactivar', onClick: () => void act('disable', row.id), hidden: !rights.edit }
            : { label: 'Activar', onClick: () => void act('enable', row.id), hidden: !rights.edit },
          { label: 'Eliminar', onClick: () => void act('remove', row.id), hidden: !rights.edit },
        ]}
      />
      <CatalogueDialog config={config} id={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
