import { useQuery } from '@tanstack/react-query';
import { fetchOk } from '../../api/client';
import { formatDateTime } from '@shared/time';
import type { DataTableColumn } from '../../ui/list/DataTable';
import type { SearchOf } from '../../ui/resource/defineResource';
import { ListPage } from '../../ui/resource/ListPage';
import { EstadoFilter } from '../../ui/resource/EstadoFilter';
import { useResourceList } from '../../ui/resource/useResourceList';
import { BrandDialog } from './BrandDialog';
import { brands, type Brand } from './brands.resource';

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

const columns: DataTableColumn<Brand>[] = [
  { key: 'id', label: 'ID', sortable: true, align: 'right', width: '5rem' },
  { key: 'nombre', label: 'Nombre', sortable: true },
  { key: 'estado', label: 'Estado', sortable: true, render: (r) => (r.estado === 1 ? 'Activo' : 'Inactivo') },
  { key: 'date_created', label: 'Creado', sortable: true, render: (r) => <span dir="ltr">{formatDateTime(r.date_created)}</span> },
];

/** A demonstration list built only from the UI kit and the resource layer, on the brands
 * catalogue (`/marcas`): URL state, sorting, paging, search, date range, filter, export, row menu
 * gated by the edit right, expandable rows with the brand's models, the form dialog, and live
 * refresh. */
export function BrandsPage({ search }: { search: SearchOf<typeof brands> }) {
  const list = useResourceList(brands, search);

  return (
    <ListPage
      list={list}
      title="Marcas (ejemplo)"
      searchPlaceholder="Buscar marca"
      showDates
      filters={<EstadoFilter list={list} className="w-40" />}
      columns={columns}
      expand={(row) => <BrandModels id={row.id} />}
      rowMenu={(row) => list.menu(row)}
      dialog={(id, close) => <BrandDialog id={id} onClose={close} />}
    />
  );
}
