import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, fetchOk } from '../../api/client';
import { moduleRights, useMe } from '../../session/useMe';
import { useConfirm } from '../../ui/dialogs/useConfirm';
import { useErrorDialog } from '../../ui/dialogs/useErrorDialog';
import { DataTable, type DataTableColumn } from '../../ui/list/DataTable';
import { FilterBar } from '../../ui/list/FilterBar';
import { useList } from '../../ui/list/useList';
import { useListSearch } from '../../ui/list/useListSearch';
import { useToast } from '../../ui/toast/useToast';
import { BrandDialog } from './BrandDialog';
import { EstadoFilter } from '../../ui/list/EstadoFilter';
import { useLiveChanges } from '../../ui/list/useLiveChanges';
import { formatDateTime } from '@shared/time';

type Brand = { id: number; nombre: string; estado: number; date_created: string };

function BrandModels({ id }: { id: number }) {
  const models = useQuery({
    queryKey: ['lookup', '/fil_datas/modelos', id],
    queryFn: async () => (await fetchOk<{ items: { value: number; label: string }[] }>('GET', '/fil_datas/modelos', { id_marca: id, limit: 500 })).items,
  });
  if (models.isPending) return <p className="text-sm text-slate-500">Cargando...</p>;
  if (!models.data?.length) return <p className="text-sm text-slate-500">Sin items...</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Modelos">
      {models.data.map((m) => (
        <li key={m.value} className="rounded-full bg-slate-100 px-3 py-1 text-xs text-slate-700">
          {m.label}
        </li>
      ))}
    </ul>
  );
}

/** A demonstration list built only from the UI kit, on the brands catalogue (`/marcas`): URL state,
 * sorting, paging, search, date range, filter, export, row menu gated by the edit right, expandable
 * rows with the brand's models, the form dialog, and live refresh. */
export function BrandsPage() {
  const { search, setSearch } = useListSearch();
  const query = useList<Brand>({ path: '/marcas', search });
  const me = useMe();
  const rights = moduleRights(me.data, '/marcas');
  const [editing, setEditing] = useState<number | null>(null);
  const { confirm } = useConfirm();
  const { showError } = useErrorDialog();
  const { show } = useToast();
  const queryClient = useQueryClient();

  // Live: another user's change offers a refresh instead of moving rows under the cursor.
  const liveBanner = useLiveChanges(['marca'], () => query.refetch());

  async function act(path: string, body: Record<string, unknown>, question: string) {
    if (!(await confirm({ message: question }))) return;
    const r = path.endsWith('/remove') ? await api.get(path, body as Record<string, number>) : await api.post(path, body);
    if (r.envelope.ok) show(r.envelope.msg, 'success');
    else await showError({ message: r.envelope.msg });
    await queryClient.invalidateQueries({ queryKey: ['list', '/marcas'] });
  }

  const columns: DataTableColumn<Brand>[] = [
    { key: 'id', label: 'ID', sortable: true, align: 'right', width: '5rem' },
    { key: 'nombre', label: 'Nombre', sortable: true },
    { key: 'estado', label: 'Estado', sortable: true, render: (r) => (r.estado === 1 ? 'Activo' : 'Inactivo') },
    { key: 'date_created', label: 'Creado', sortable: true, render: (r) => <span dir="ltr">{formatDateTime(r.date_created)}</span> },
  ];

  return (
    <section className="space-y-4">
      <FilterBar
        title="Marcas (ejemplo)"
        search={search}
        setSearch={setSearch}
        searchPlaceholder="Buscar marca"
        showDates
        canCreate={rights.edit}
        onCreate={() => setEditing(0)}
        exportPath="/marcas"
        onExportResult={(r) => show(r.msg, r.ok ? 'success' : 'error')}
        fields={
          <div className="w-40">
            <EstadoFilter value={search.estado} onChange={(estado) => setSearch({ estado })} />
          </div>
        }
      />
      {liveBanner}
      <DataTable<Brand>
        label="Marcas"
        columns={columns}
        query={query}
        search={search}
        setSearch={setSearch}
        expand={(row) => <BrandModels id={row.id} />}
        rowMenu={(row) => [
          { label: 'Editar', onClick: () => setEditing(row.id), hidden: !rights.edit },
          row.estado === 1
            ? { label: 'Desactivar', onClick: () => act('/marcas/disable', { id: row.id }, 'Seguro que quieres desactivarlo?'), hidden: !rights.edit }
            : { label: 'Activar', onClick: () => act('/marcas/enable', { id: row.id }, 'Seguro que quieres activarlo?'), hidden: !rights.edit },
          { label: 'Eliminar', onClick: () => act('/marcas/remove', { id: row.id }, 'Se eliminará permanentemente el registro. ¿Estás seguro?'), hidden: !rights.edit },
        ]}
      />
      <BrandDialog id={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
