import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { formatNumber } from '@shared/money';
import { formatDate, formatDateTime } from '@shared/time';
import { dash } from '../../../ui/list/DataTable';
import { SubTable, type SubColumn } from '../../../ui/list/SubTable';
import { requestProducts } from '../purchaseRequests.resource';
import type { ProductCentralEntry, ProductIssue, ProductListRow, ProductSiteReceipt, ProductTransfer } from '../requestTypes';
import { read } from '../../../api/typed';

type EntriesReply = { items: ProductCentralEntry[]; traslados: ProductTransfer[]; entradas_obra: ProductSiteReceipt[] };

const num = (n: number) => <span className="tabular-nums">{formatNumber(n)}</span>;
const when = (instant: string) => <span className="tabular-nums whitespace-nowrap">{formatDateTime(instant)}</span>;

/** The columns a movement of the product ends with: how much, when and by whom. */
function movedColumns<Row extends { cantidad: number; fecha_creado: string; usuario: string | null }>(): SubColumn<Row>[] {
  return [
    { key: 'cantidad', label: 'Cantidad', align: 'right', render: (m) => num(m.cantidad) },
    { key: 'fecha_creado', label: 'Fecha', render: (m) => when(m.fecha_creado) },
    { key: 'usuario', label: 'Usuario', render: (m) => dash(m.usuario) },
  ];
}

type MovementsProps<Row> = { title: string; of: string; query: UseQueryResult<Row[], Error>; rowKey(row: Row, index: number): string | number; columns: SubColumn<Row>[] };

/** One kind of movement of the product, in a short scrolling table named after it. */
function Movements<Row>({ title, of, query, rowKey, columns }: MovementsProps<Row>) {
  return <SubTable<Row> title={title} label={`${title} de ${of}`} query={query} maxHeight="14rem" rowKey={rowKey} columns={columns} />;
}

/** A requested product's expanded row on /solicitud_compra_productos (seed 002 §2 "nested lists of
 * warehouse entries and of exits per product"): its central entries (file, albarán, order), the
 * transfers that sent it to its site with their waybill, its receipts at site
 * (obtenerEntradasDeAlmacen), and the issues of the OT lines it carries (obtenerHistorialSalidas).
 * Under the list's keys: a live push or a write refreshes them. */
export function ProductMovements({ row }: { row: ProductListRow }) {
  const query = { id_producto_solicitado: row.id };
  // One call answers the three lists of what came in: each reads its part of the same cached reply.
  const received = {
    queryKey: [...requestProducts.keys.all, 'entradas', row.id],
    queryFn: () => read('/solicitud_compra_productos/obtenerEntradasDeAlmacen', query),
  };
  const central = useQuery({ ...received, select: (r: EntriesReply) => r.items });
  const transfers = useQuery({ ...received, select: (r: EntriesReply) => r.traslados });
  const receipts = useQuery({ ...received, select: (r: EntriesReply) => r.entradas_obra });
  const exits = useQuery({
    queryKey: [...requestProducts.keys.all, 'salidas', row.id],
    queryFn: async () => (await read('/solicitud_compra_productos/obtenerHistorialSalidas', query)).items,
  });
  const name = `${row.codigo} ${row.codigo_solicitud}`.trim();
  return (
    <div className="grid max-w-5xl gap-4 lg:grid-cols-2">
      <Movements<ProductCentralEntry>
        title="Ingresos al almacén central"
        of={name}
        query={central}
        rowKey={(e, i) => `${e.id_archivo}-${e.id_entrada ?? 'x'}-${i}`}
        columns={[
          { key: 'nombre_archivo', label: 'Archivo', render: (e) => <span className="block max-w-40 truncate" title={e.nombre_archivo ?? ''}>{dash(e.nombre_archivo)}</span> },
          { key: 'albaran', label: 'Albarán', render: (e) => dash(e.albaran) },
          { key: 'numero_orden_compra', label: 'Orden de compra', render: (e) => <span className="whitespace-nowrap">{e.numero_orden_compra}</span> },
          { key: 'cantidad', label: 'Cantidad', align: 'right', render: (e) => num(e.cantidad) },
          { key: 'fecha', label: 'Fecha', render: (e) => (e.fecha_movimiento ? <span className="tabular-nums">{formatDate(e.fecha_movimiento)}</span> : when(e.fecha_creado)) },
        ]}
      />
      <Movements<ProductIssue>
        title="Salidas en obra"
        of={name}
        query={exits}
        rowKey={(s, i) => `${s.id_salida}-${i}`}
        columns={[
          { key: 'vale_salida', label: 'Vale de salida', render: (s) => s.vale_salida },
          { key: 'codigo_orden_trabajo', label: 'OT', render: (s) => <span className="whitespace-nowrap">{s.codigo_orden_trabajo}</span> },
          ...movedColumns<ProductIssue>(),
        ]}
      />
      <Movements<ProductTransfer>
        title="Traslados a obra"
        of={name}
        query={transfers}
        rowKey={(t, i) => `${t.id_traslado}-${i}`}
        columns={[
          { key: 'numero_guia', label: 'N° de guía', render: (t) => t.numero_guia },
          { key: 'numero_orden', label: 'Orden de compra', render: (t) => (t.numero_orden ? t.numero_orden : 'STOCK') },
          ...movedColumns<ProductTransfer>(),
        ]}
      />
      <Movements<ProductSiteReceipt>
        title="Entradas en obra"
        of={name}
        query={receipts}
        rowKey={(e) => e.id_entrada}
        columns={[{ key: 'id_entrada', label: 'N° de entrada', render: (e) => e.id_entrada }, ...movedColumns<ProductSiteReceipt>()]}
      />
    </div>
  );
}
