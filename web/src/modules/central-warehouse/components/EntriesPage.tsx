import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDateTime } from '@shared/time';
import { formatNumber } from '@shared/money';
import { dash, type DataTableColumn } from '../../../ui/list/DataTable';
import { SubTable, type SubColumn } from '../../../ui/list/SubTable';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { ListPage } from '../../../ui/resource/ListPage';
import { SelectFilter } from '../../../ui/resource/SelectFilter';
import { useResourceList } from '../../../ui/resource/useResourceList';
import { centralEntries } from '../centralWarehouse.resource';
import type { EntryProduct, EntryRow } from '../centralWarehouseTypes';
import { NO_DATA } from '../../../ui/list/emptyTexts';
import { read } from '../../../api/typed';

const quantity = (n: number | null) => <span className="tabular-nums whitespace-nowrap">{n === null ? '—' : formatNumber(n)}</span>;

const columns: DataTableColumn<EntryRow>[] = [
  { key: 'numero_orden_compra', label: 'Orden de compra', sortable: true, render: (r) => <span className="font-medium whitespace-nowrap">{r.numero_orden_compra}</span> },
  { key: 'codigo_obra', label: 'Obra', sortable: true },
  { key: 'codigo_recurso', label: 'Código', sortable: true },
  { key: 'descripcion_recurso', label: 'Descripción', sortable: true, render: (r) => <span className="block max-w-52 truncate" title={r.descripcion_recurso}>{dash(r.descripcion_recurso)}</span> },
  { key: 'unidad', label: 'Unidad', render: (r) => dash(r.unidad) },
  { key: 'cantidad', label: 'Cantidad', sortable: true, align: 'right', render: (r) => quantity(r.cantidad) },
  { key: 'moneda', label: 'Moneda', hideBelow: '2xl', render: (r) => dash(r.moneda) },
  { key: 'importe', label: 'Importe', sortable: true, align: 'right', hideBelow: '2xl', render: (r) => quantity(r.importe) },
  { key: 'albaran', label: 'Albarán', sortable: true, render: (r) => dash(r.albaran) },
  { key: 'fecha_movimiento', label: 'Fecha de movimiento', sortable: true, hideBelow: '2xl', render: (r) => <span className="tabular-nums">{dash(formatDate(r.fecha_movimiento))}</span> },
  { key: 'fecha_creado', label: 'Fecha de ingreso', sortable: true, render: (r) => <span className="tabular-nums whitespace-nowrap">{formatDateTime(r.fecha_creado)}</span> },
];

const productColumns: SubColumn<EntryProduct>[] = [
  { key: 'codigo_solicitud', label: 'Solicitud', render: (p) => p.codigo_solicitud },
  { key: 'codigo_orden_trabajo', label: 'OT', render: (p) => dash(p.codigo_orden_trabajo) },
  { key: 'descripcion', label: 'Descripción', render: (p) => <span className="block max-w-56 truncate" title={p.descripcion}>{dash(p.descripcion)}</span> },
  { key: 'cantidad_solicitada_por_almacen_central', label: 'A comprar', align: 'right', render: (p) => quantity(p.cantidad_solicitada_por_almacen_central) },
  { key: 'cantidad_en_almacen_central_entrada', label: 'Ingresado', align: 'right', render: (p) => quantity(p.cantidad_en_almacen_central_entrada) },
  { key: 'estado_nombre', label: 'Estado', render: (p) => p.estado_nombre },
];

/** The requested products an entry brings in: those of its purchase order with its code. */
function EntryProducts({ row }: { row: EntryRow }) {
  const query = useQuery({
    queryKey: [...centralEntries.keys.all, 'products', row.id],
    queryFn: async () => (await read('/almacen_central_entradas/obtenerProductosSolicitados', { id: row.id })).items,
  });
  return <SubTable title="Productos solicitados" label={`Productos solicitados de ${row.codigo_recurso}, ${row.numero_orden_compra}`} query={query} columns={productColumns} rowKey={(p) => p.id} />;
}

/** /almacen_central_entradas (seed 002 §2): the central entries imported from Excel, filtered by
 * purchase-order number; a row expands to the requested products it brings in. */
export function EntriesPage({ search }: { search: SearchOf<typeof centralEntries> }) {
  const list = useResourceList(centralEntries, search);
  return (
    <ListPage
      list={list}
      empty={NO_DATA}
      title="Ingresos al almacén central"
      searchPlaceholder="Buscar orden, código, albarán u obra"
      showDates
      filters={
        <SelectFilter list={list} name="numero_orden_compra" label="N° de orden" endpoint="/fil_datas/numerosOrdenCompra" ajax text placeholder="Todas" className="w-full sm:w-56" />
      }
      columns={columns}
      card={{ title: 'numero_orden_compra', subtitle: 'descripcion_recurso', fields: ['codigo_recurso', 'cantidad'] }}
      expand={(row) => <EntryProducts row={row} />}
    />
  );
}
