import { formatNumber } from '@shared/money';
import { formatDateTime } from '@shared/time';
import { dash, type DataTableColumn } from '../../../ui/list/DataTable';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { ListPage } from '../../../ui/resource/ListPage';
import { ObraFilter } from '../../../ui/resource/ObraFilter';
import { SelectFilter } from '../../../ui/resource/SelectFilter';
import { useResourceList } from '../../../ui/resource/useResourceList';
import { stockLedger } from '../stock.resource';
import type { LedgerRow } from '../stockTypes';
import { REASON_OPTIONS, WAREHOUSE_OPTIONS } from './warehouses';
import { NO_DATA } from '../../../ui/list/emptyTexts';

const signed = (n: number) => (
  <span className={`tabular-nums whitespace-nowrap font-medium ${n < 0 ? 'text-rose-700' : 'text-emerald-700'}`}>{n > 0 ? `+${formatNumber(n)}` : formatNumber(n)}</span>
);
const qty = (n: number) => <span className="tabular-nums whitespace-nowrap">{formatNumber(n)}</span>;

const columns: DataTableColumn<LedgerRow>[] = [
  { key: 'fecha', label: 'Fecha', sortable: true, render: (r) => <span className="tabular-nums whitespace-nowrap">{formatDateTime(r.fecha)}</span> },
  { key: 'almacen_nombre', label: 'Almacén', render: (r) => <span className="whitespace-nowrap">{r.almacen_nombre}</span> },
  { key: 'codigo', label: 'Código', sortable: true, render: (r) => <span className="font-medium whitespace-nowrap">{r.codigo}</span> },
  { key: 'descripcion', label: 'Descripción', hideBelow: '2xl', render: (r) => <span className="block max-w-56 truncate" title={r.descripcion}>{dash(r.descripcion)}</span> },
  { key: 'motivo_nombre', label: 'Movimiento', render: (r) => r.motivo_nombre },
  { key: 'documento', label: 'Documento', hideBelow: 'lg', render: (r) => <span className="block max-w-56 truncate" title={r.documento}>{r.documento}</span> },
  { key: 'cantidad', label: 'Cantidad', align: 'right', render: (r) => signed(r.cantidad) },
  { key: 'saldo_anterior', label: 'Saldo anterior', align: 'right', hideBelow: 'xl', render: (r) => qty(r.saldo_anterior) },
  { key: 'saldo', label: 'Saldo', align: 'right', render: (r) => qty(r.saldo) },
  { key: 'costo_unitario', label: 'Costo unitario', align: 'right', hideBelow: '2xl', render: (r) => <span className="tabular-nums whitespace-nowrap">S/ {formatNumber(r.costo_unitario)}</span> },
  { key: 'costo_promedio', label: 'Costo promedio', align: 'right', hideBelow: 'xl', render: (r) => <span className="tabular-nums whitespace-nowrap">S/ {formatNumber(r.costo_promedio)}</span> },
  { key: 'moneda', label: 'Otra moneda', hideBelow: '2xl', render: (r) => <span className="whitespace-nowrap">{dash(r.moneda)}</span> },
  { key: 'usuario', label: 'Usuario', hideBelow: '2xl', render: (r) => dash(r.usuario) },
];

/** /stock_movimientos ('Kárdex', beyond the seed): every movement of every balance, newest first,
 * with the balance before and after it, its cost and the document that caused it (file of
 * entries, transfer and waybill, site receipt, issue and voucher). Read-only; export. A movement
 * opens its balance's kárdex (the list narrowed to that warehouse and material). */
export function LedgerPage({ search }: { search: SearchOf<typeof stockLedger> }) {
  const list = useResourceList(stockLedger, search);
  return (
    <ListPage
      list={list}
      empty={NO_DATA}
      title="Kárdex de stock"
      searchPlaceholder="Buscar código, descripción, guía o vale"
      showDates
      filters={
        <>
          <SelectFilter list={list} name="almacen" label="Almacén" items={WAREHOUSE_OPTIONS} placeholder="Todos" clears={['id_stock']} className="w-full sm:w-52" />
          <ObraFilter list={list} clears={['id_stock']} className="w-full sm:w-56" />
          <SelectFilter list={list} name="motivo" label="Movimiento" items={REASON_OPTIONS} placeholder="Todos" className="w-full sm:w-60" />
        </>
      }
      columns={columns}
      card={{ title: 'codigo', subtitle: 'motivo_nombre', fields: ['cantidad', 'saldo'] }}
      rowMenu={(row) => [{ label: 'Ver solo este material', hidden: search.id_stock === row.id_stock, onClick: () => list.setSearch({ id_stock: row.id_stock }) }]}
      onOpen={(row) => list.setSearch({ id_stock: row.id_stock })}
    />
  );
}
