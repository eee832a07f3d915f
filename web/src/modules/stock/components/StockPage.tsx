import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { formatNumber } from '@shared/money';
import { formatDate, formatDateTime } from '@shared/time';
import { fetchOk } from '../../../api/client';
import { DateField } from '../../../ui/DateField';
import { dash, type DataTableColumn } from '../../../ui/list/DataTable';
import { SubTable, type SubColumn } from '../../../ui/list/SubTable';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { ListPage } from '../../../ui/resource/ListPage';
import { ObraFilter } from '../../../ui/resource/ObraFilter';
import { SelectFilter } from '../../../ui/resource/SelectFilter';
import { useResourceList } from '../../../ui/resource/useResourceList';
import { moduleRights, useMe } from '../../../session/useMe';
import { stockBalances } from '../stock.resource';
import type { AsOfRow, StockRow } from '../stockTypes';
import { WAREHOUSE_OPTIONS } from './warehouses';
import { NO_DATA } from '../../../ui/list/emptyTexts';

const qty = (n: number) => <span className="tabular-nums whitespace-nowrap">{formatNumber(n)}</span>;
const soles = (n: number) => <span className="tabular-nums whitespace-nowrap">S/ {formatNumber(n)}</span>;

const columns: DataTableColumn<StockRow>[] = [
  { key: 'almacen_nombre', label: 'Almacén', sortable: true, render: (r) => <span className="whitespace-nowrap">{r.almacen_nombre}</span> },
  { key: 'codigo', label: 'Código', sortable: true, render: (r) => <span className="font-medium whitespace-nowrap">{r.codigo}</span> },
  { key: 'descripcion', label: 'Descripción', sortable: true, render: (r) => <span className="block max-w-64 truncate" title={r.descripcion}>{dash(r.descripcion)}</span> },
  { key: 'nombre_unidad', label: 'Unidad', hideBelow: 'xl', render: (r) => dash(r.nombre_unidad) },
  { key: 'saldo', label: 'Stock', sortable: true, align: 'right', render: (r) => qty(r.saldo) },
  { key: 'costo_promedio', label: 'Costo promedio', sortable: true, align: 'right', hideBelow: 'lg', render: (r) => soles(r.costo_promedio) },
  { key: 'valor', label: 'Valor', sortable: true, align: 'right', render: (r) => soles(r.valor) },
  { key: 'movimientos', label: 'Movimientos', sortable: true, align: 'right', hideBelow: '2xl', render: (r) => <span className="tabular-nums">{r.movimientos}</span> },
  { key: 'fecha_ultimo', label: 'Último movimiento', sortable: true, hideBelow: 'xl', render: (r) => <span className="tabular-nums whitespace-nowrap">{formatDateTime(r.fecha_ultimo)}</span> },
];

const asOfColumns: SubColumn<AsOfRow>[] = [
  { key: 'almacen_nombre', label: 'Almacén', render: (r) => r.almacen_nombre },
  { key: 'codigo', label: 'Código', render: (r) => <span className="font-medium">{r.codigo}</span> },
  { key: 'descripcion', label: 'Descripción', render: (r) => <span className="block max-w-64 truncate" title={r.descripcion}>{dash(r.descripcion)}</span> },
  { key: 'saldo', label: 'Stock', align: 'right', render: (r) => qty(r.saldo) },
  { key: 'costo_promedio', label: 'Costo promedio', align: 'right', render: (r) => soles(r.costo_promedio) },
  { key: 'valor', label: 'Valor', align: 'right', render: (r) => soles(r.valor) },
];

type AsOfReply = { items: AsOfRow[]; total: number; hasta: string };

/** The balances at the end of a past day (Lima), summed from the ledger's events: what an auditor
 * asks ("what did this warehouse hold on the 30th?"). Same warehouse, site and code filters as the
 * list below. */
function AsOfPanel({ search, setFecha }: { search: SearchOf<typeof stockBalances>; setFecha(fecha: string | undefined): void }) {
  const params = { fecha: search.fecha, almacen: search.almacen, id_obra: search.id_obra, codigo: search.codigo, per_page: 100 };
  const options = {
    queryKey: [...stockBalances.keys.all, 'al_dia', params],
    queryFn: () => fetchOk<AsOfReply>('GET', '/stock_almacen/al_dia', params),
    enabled: Boolean(search.fecha),
  };
  const query = useQuery(options);
  // The same reply (one request, one cache entry) as the rows the table shows.
  const rows = useQuery({ ...options, select: (r: AsOfReply) => r.items });
  const total = query.data?.items.reduce((sum, r) => sum + r.valor, 0) ?? 0;
  return (
    <section aria-labelledby="stock-al-dia" className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <div className="flex flex-wrap items-end gap-3">
        <h2 id="stock-al-dia" className="text-base font-semibold text-slate-900">Stock a una fecha</h2>
        <DateField label="Al cierre del día" value={search.fecha ?? ''} onChange={(v) => setFecha(v || undefined)} className="w-44" />
        {search.fecha ? (
          <button type="button" onClick={() => setFecha(undefined)} className="h-9 rounded-md px-3 text-sm font-medium text-teal-700 hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none">
            Quitar fecha
          </button>
        ) : (
          <p className="text-sm text-slate-500">Elija un día para ver lo que cada almacén tenía al cerrarlo, calculado de los movimientos registrados.</p>
        )}
      </div>
      {search.fecha ? (
        <div className="mt-3">
          <SubTable
            title={`Stock al ${formatDate(search.fecha)}${query.data && query.data.total > query.data.items.length ? ` (primeros ${query.data.items.length} de ${query.data.total})` : ''}`}
            label={`Stock al ${formatDate(search.fecha)}`}
            query={rows}
            columns={asOfColumns}
            rowKey={(r) => r.id_stock}
            maxHeight="400px"
            footer={
              <tr>
                <td className="px-3 py-2" colSpan={5}>Valor total</td>
                <td className="px-3 py-2 text-end">{soles(Math.round(total * 100) / 100)}</td>
              </tr>
            }
          />
        </div>
      ) : null}
    </section>
  );
}

/** /stock_almacen ('Stock por almacén', beyond the seed): what each warehouse holds of each material
 * now, with its moving-average cost and value in soles; a row opens its kárdex; the panel above
 * gives any past day's balances from the events. */
export function StockPage({ search }: { search: SearchOf<typeof stockBalances> }) {
  const list = useResourceList(stockBalances, search);
  const navigate = useNavigate();
  const me = useMe();
  const canOpenLedger = me.data?.is_root || moduleRights(me.data, '/stock_movimientos').see;
  return (
    <div className="space-y-3">
      <AsOfPanel search={search} setFecha={(fecha) => list.setSearch({ fecha })} />
      <ListPage
        list={list}
        empty={NO_DATA}
        title="Stock por almacén"
        searchPlaceholder="Buscar código, descripción u obra"
        filters={
          <>
            <SelectFilter list={list} name="almacen" label="Almacén" items={WAREHOUSE_OPTIONS} placeholder="Todos" className="w-full sm:w-52" />
            <ObraFilter list={list} className="w-full sm:w-56" />
            <SelectFilter list={list} name="con_saldo" label="Con stock" items={[{ value: '1', label: 'Solo con stock' }]} placeholder="Todos" className="w-full sm:w-48" />
          </>
        }
        columns={columns}
        card={{ title: 'codigo', subtitle: 'almacen_nombre', fields: ['saldo', 'valor'] }}
        rowMenu={(row) => [{ label: 'Ver kárdex', hidden: !canOpenLedger, onClick: () => void navigate({ to: '/stock_movimientos', search: { id_stock: row.id } }) }]}
        onOpen={canOpenLedger ? (row) => void navigate({ to: '/stock_movimientos', search: { id_stock: row.id } }) : undefined}
      />
    </div>
  );
}
