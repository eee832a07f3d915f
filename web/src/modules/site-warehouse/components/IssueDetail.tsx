import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '@shared/money';
import { formatDateTime } from '@shared/time';
import { fetchOk } from '../../../api/client';
import { dash } from '../../../ui/list/DataTable';
import { SubTable } from '../../../ui/list/SubTable';
import type { IssueHistoryItem, SiteIssueRow, StockLoanItem } from '../movementTypes';
import { siteIssues } from '../siteMovements.resource';

const num = (text: string) => <span className="tabular-nums">{formatNumber(Number(text))}</span>;

/** A line's expanded row on /almacen_obra_salidas: its issues (obtenerHistorialSalidas) and, when
 * it takes stock from another request (`usar_stock_solicitud`), that request's product
 * (obtenerProductosDeStockSolicitud). Under the list's keys: an issue refreshes them. */
export function IssueDetail({ row }: { row: SiteIssueRow }) {
  const query = { id_producto_solicitado: row.id };
  const history = useQuery({
    queryKey: [...siteIssues.keys.all, 'historial', row.id],
    queryFn: async () => (await fetchOk<{ items: IssueHistoryItem[] }>('GET', '/almacen_obra_salidas/obtenerHistorialSalidas', query)).items,
  });
  const lending = useQuery({
    queryKey: [...siteIssues.keys.all, 'stock_solicitud', row.id],
    queryFn: async () => (await fetchOk<{ items: StockLoanItem[] }>('GET', '/almacen_obra_salidas/obtenerProductosDeStockSolicitud', query)).items,
    enabled: row.usar_stock_solicitud === 1,
  });
  const name = `${row.codigo_material} ${row.descripcion}`.trim();
  return (
    <div className="max-w-3xl space-y-4">
      <SubTable<IssueHistoryItem>
        title="Historial de salidas"
        label={`Historial de salidas de ${name}`}
        query={history}
        maxHeight="16rem"
        rowKey={(s) => `${s.id_salida}-${s.fecha_creado}`}
        columns={[
          { key: 'id_salida', label: 'N° de salida', render: (s) => s.id_salida },
          { key: 'vale_salida', label: 'Vale de salida', render: (s) => s.vale_salida },
          { key: 'cantidad', label: 'Cantidad', align: 'right', render: (s) => num(s.cantidad) },
          { key: 'fecha_creado', label: 'Fecha', render: (s) => <span className="whitespace-nowrap">{formatDateTime(s.fecha_creado)}</span> },
          { key: 'usuario', label: 'Usuario', render: (s) => dash(s.usuario) },
        ]}
      />
      {row.usar_stock_solicitud === 1 ? (
        <SubTable<StockLoanItem>
          title="Stock tomado de otra solicitud"
          label={`Stock de solicitud de ${name}`}
          query={lending}
          rowKey={(p) => p.id}
          columns={[
            { key: 'codigo_solicitud_compra', label: 'Solicitud', render: (p) => p.codigo_solicitud_compra },
            { key: 'cantidad_stock_solicitud', label: 'Cantidad tomada', align: 'right', render: (p) => num(p.cantidad_stock_solicitud) },
            { key: 'cantidad', label: 'Cantidad solicitada', align: 'right', render: (p) => num(p.cantidad) },
            { key: 'cantidad_reservada', label: 'Reservada', align: 'right', render: (p) => num(p.cantidad_reservada) },
          ]}
        />
      ) : null}
    </div>
  );
}
