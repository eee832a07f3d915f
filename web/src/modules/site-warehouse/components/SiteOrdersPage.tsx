import { useNavigate } from '@tanstack/react-router';
import { formatDate } from '@shared/time';
import { codeColumn } from '../../../ui/list/codeColumn';
import { dash, type DataTableColumn } from '../../../ui/list/DataTable';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { ListPage } from '../../../ui/resource/ListPage';
import { ObraFilter } from '../../../ui/resource/ObraFilter';
import { SelectFilter } from '../../../ui/resource/SelectFilter';
import { useResourceList } from '../../../ui/resource/useResourceList';
import { ATTENDED_FILTER, FlagChip } from '../../purchase-requests/components/Chips';
import { EstadoChip } from '../../work-orders/components/EstadoChip';
import { siteOrders } from '../siteWarehouse.resource';
import type { SiteOrderRow } from '../siteWarehouseTypes';
import { MaterialsChip } from './MaterialsChip';
import { NO_DATA } from '../../../ui/list/emptyTexts';

const columns: DataTableColumn<SiteOrderRow>[] = [
  codeColumn('OT', '/almacen_obra_ots/$id/editar'),
  { key: 'codigo_obra', label: 'Obra', sortable: true, render: (r) => dash(r.codigo_obra) },
  {
    key: 'equipo_codigo',
    label: 'Equipo',
    sortable: true,
    render: (r) => (
      <span className="block max-w-56">
        <span className="font-medium">{dash(r.equipo_codigo)}</span>
        {r.equipo_descripcion ? <span className="block truncate text-xs text-slate-500">{r.equipo_descripcion}</span> : null}
      </span>
    ),
  },
  { key: 'fecha_apertura_ot', label: 'Apertura', sortable: true, render: (r) => <span className="tabular-nums">{dash(formatDate(r.fecha_apertura_ot))}</span> },
  { key: 'estado_nombre', label: 'Estado', sortable: true, render: (r) => <EstadoChip estado={r.estado} /> },
  { key: 'atendido_por_almacen_obra', label: 'Atendido', sortable: true, render: (r) => <FlagChip value={r.atendido_por_almacen_obra} yesTone="green" /> },
  { key: 'codigo_solicitud_compra', label: 'Solicitud', sortable: true, render: (r) => dash(r.codigo_solicitud_compra) },
  { key: 'tiene_productos_en_solicitud_material', label: 'Materiales por crear', render: (r) => <MaterialsChip order={r} wrap /> },
];

/** /almacen_obra_ots (seed 002 §2, §4): the work orders of the user's sites as the site warehouse
 * attends them; filters site, attended and purchase request. A row opens its Pedido. Live: an order saved,
 * attended or closed anywhere refreshes the list in place. */
export function SiteOrdersPage({ search }: { search: SearchOf<typeof siteOrders> }) {
  const list = useResourceList(siteOrders, search);
  const navigate = useNavigate();
  return (
    <ListPage
      list={list}
      empty={NO_DATA}
      title="Pedidos del almacén de obra"
      searchPlaceholder="Buscar OT, obra o equipo"
      filters={
        <>
          <ObraFilter list={list} />
          <SelectFilter list={list} name="atendido" label="Atendido" items={ATTENDED_FILTER} placeholder="Todos" className="w-full sm:w-52" />
          <SelectFilter list={list} name="id_solicitud_compra" label="Solicitud" endpoint="/fil_datas/solicitudesCompras" ajax placeholder="Todas las solicitudes" className="w-full sm:w-64" />
        </>
      }
      columns={columns}
      card={{ title: 'codigo', subtitle: 'equipo_codigo', chip: 'estado_nombre', fields: ['atendido_por_almacen_obra', 'tiene_productos_en_solicitud_material'] }}
      rowMenu={(row) => [
        {
          label: list.rights.edit && row.atendido_por_almacen_obra === 0 && row.estado === 1 ? 'Atender pedido' : 'Ver pedido',
          onClick: () => void navigate({ to: '/almacen_obra_ots/$id/editar', params: { id: String(row.id) } }),
        },
      ]}
    />
  );
}
