import { useNavigate } from '@tanstack/react-router';
import { formatDate } from '@shared/time';
import { codeColumn } from '../../../ui/list/codeColumn';
import { dash, type DataTableColumn } from '../../../ui/list/DataTable';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { ListPage } from '../../../ui/resource/ListPage';
import { ObraFilter } from '../../../ui/resource/ObraFilter';
import { SelectFilter } from '../../../ui/resource/SelectFilter';
import { useResourceList } from '../../../ui/resource/useResourceList';
import { centralOrders } from '../purchaseRequests.resource';
import type { CentralRow } from '../requestTypes';
import { ATTENDED_FILTER, FlagChip, RequestStateChip } from './Chips';
import { NO_DATA } from '../../../ui/list/emptyTexts';

const columns: DataTableColumn<CentralRow>[] = [
  codeColumn('Solicitud', '/almacen_central_ots/$id/editar'),
  { key: 'codigo_obra', label: 'Obra', sortable: true, render: (r) => dash(r.codigo_obra) },
  { key: 'codigo_orden_trabajo', label: 'OT', sortable: true, render: (r) => dash(r.codigo_orden_trabajo) },
  { key: 'tipo_nombre', label: 'Tipo' },
  { key: 'estado_nombre', label: 'Estado', sortable: true, render: (r) => <RequestStateChip estado={r.estado} nombre={r.estado_nombre} wrap /> },
  { key: 'fecha_creado', label: 'Fecha de solicitud', sortable: true, render: (r) => <span className="tabular-nums">{formatDate(r.fecha_creado)}</span> },
  { key: 'fecha_requerimiento', label: 'Fecha de necesidad', sortable: true, render: (r) => <span className="tabular-nums">{dash(formatDate(r.fecha_requerimiento))}</span> },
  { key: 'atendido_por_almacen_central', label: 'Atendido', sortable: true, render: (r) => <FlagChip value={r.atendido_por_almacen_central} yesTone="green" /> },
];

/** /almacen_central_ots (seed 002 §2, §4): the compra and despacho requests that reach the
 * central warehouse, from the moment they wait for it; filters site and attended. A row opens its
 * Pedido. Live: a request sent, observed or attended anywhere refreshes the list in place. */
export function CentralOrdersPage({ search }: { search: SearchOf<typeof centralOrders> }) {
  const list = useResourceList(centralOrders, search);
  const navigate = useNavigate();
  return (
    <ListPage
      list={list}
      empty={NO_DATA}
      title="Pedidos del almacén central"
      searchPlaceholder="Buscar solicitud, OT u obra"
      showDates
      filters={
        <>
          <ObraFilter list={list} />
          <SelectFilter list={list} name="atendido" label="Atendido" items={ATTENDED_FILTER} placeholder="Todos" className="w-full sm:w-52" />
        </>
      }
      columns={columns}
      rowMenu={(row) => [
        {
          label: list.rights.edit && row.atendido_por_almacen_central === 0 ? 'Atender pedido' : 'Ver pedido',
          onClick: () => void navigate({ to: '/almacen_central_ots/$id/editar', params: { id: String(row.id) } }),
        },
      ]}
    />
  );
}
