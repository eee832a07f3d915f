import { Link, useNavigate } from '@tanstack/react-router';
import { formatNumber } from '@shared/money';
import { dash, type DataTableColumn } from '../../../ui/list/DataTable';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { ListPage } from '../../../ui/resource/ListPage';
import { ObraFilter } from '../../../ui/resource/ObraFilter';
import { SelectFilter } from '../../../ui/resource/SelectFilter';
import { useResourceList } from '../../../ui/resource/useResourceList';
import { moduleRights, useMe } from '../../../session/useMe';
import { priceText } from '../internal/price';
import { requestProducts } from '../purchaseRequests.resource';
import type { ProductListRow } from '../requestTypes';
import { ProductStateChip } from './Chips';
import { ProductMovements } from './ProductMovements';
import { NO_DATA } from '../../../ui/list/emptyTexts';

const quantity = (n: number) => <span className="tabular-nums">{formatNumber(n)}</span>;

/** /solicitud_compra_productos (seed 002 §2): every requested product of the user's sites with its
 * request (a link to the request's form for those who may open it), site, OT, the quantities asked,
 * found in the central warehouse and left to buy, its state, purchase order and price. Filters:
 * site, OT, request and purchase-order number (by its text), besides the search and the export. A
 * row opens its warehouse entries and exits (ProductMovements). */
export function RequestProductsPage({ search }: { search: SearchOf<typeof requestProducts> }) {
  const list = useResourceList(requestProducts, search);
  const navigate = useNavigate();
  const me = useMe();
  const canOpenRequest = me.data?.is_root || moduleRights(me.data, '/solicitudes_compras').see;
  const site = search.id_obra ? { id_obra: search.id_obra } : undefined;

  const columns: DataTableColumn<ProductListRow>[] = [
    {
      key: 'codigo_solicitud',
      label: 'Solicitud',
      sortable: true,
      render: (r) =>
        canOpenRequest ? (
          <Link to="/solicitudes_compras/$id/editar" params={{ id: String(r.id_solicitud_compra) }} className="font-medium whitespace-nowrap text-teal-800 hover:underline">
            {r.codigo_solicitud}
          </Link>
        ) : (
          <span className="font-medium whitespace-nowrap">{r.codigo_solicitud}</span>
        ),
    },
    { key: 'codigo_obra', label: 'Obra', sortable: true, render: (r) => dash(r.codigo_obra) },
    { key: 'codigo_orden_trabajo', label: 'OT', sortable: true, render: (r) => dash(r.codigo_orden_trabajo) },
    { key: 'codigo', label: 'Código', sortable: true, render: (r) => dash(r.codigo) },
    { key: 'descripcion', label: 'Descripción', sortable: true, render: (r) => <span className="block max-w-64 truncate" title={r.descripcion}>{dash(r.descripcion)}</span> },
    { key: 'nombre_unidad', label: 'UDM', render: (r) => dash(r.nombre_unidad) },
    { key: 'cantidad_solicitada_por_almacen_obra', label: 'Cantidad solicitada', sortable: true, align: 'right', render: (r) => quantity(r.cantidad_solicitada_por_almacen_obra) },
    { key: 'cantidad_en_almacen_central', label: 'En almacén central', align: 'right', render: (r) => quantity(r.cantidad_en_almacen_central) },
    { key: 'cantidad_solicitada_por_almacen_central', label: 'A comprar', align: 'right', render: (r) => quantity(r.cantidad_solicitada_por_almacen_central) },
    { key: 'estado_nombre', label: 'Estado', sortable: true, render: (r) => <ProductStateChip estado={r.estado} nombre={r.estado_nombre} /> },
    { key: 'numero_orden', label: 'Orden de compra', sortable: true, render: (r) => dash(r.numero_orden) },
    { key: 'precio', label: 'Precio', align: 'right', render: (r) => <span className="tabular-nums whitespace-nowrap">{priceText(r.precio, r.moneda)}</span> },
  ];

  return (
    <ListPage
      list={list}
      empty={NO_DATA}
      title="Productos solicitados"
      searchPlaceholder="Buscar solicitud, OT, material u orden"
      filters={
        <>
          <ObraFilter list={list} clears={['id_orden_trabajo', 'id_solicitud_compra']} className="w-52" />
          <SelectFilter list={list} name="id_orden_trabajo" label="OT" endpoint="/fil_datas/ordenesTrabajo" params={site} ajax placeholder="Todas" className="w-48" />
          <SelectFilter list={list} name="id_solicitud_compra" label="Solicitud" endpoint="/fil_datas/solicitudesCompras" ajax placeholder="Todas" className="w-48" />
          <SelectFilter list={list} name="numero_orden" label="N° de orden" endpoint="/fil_datas/numerosOrdenCompra" ajax text placeholder="Todas" className="w-44" />
        </>
      }
      columns={columns}
      card={{ title: 'codigo_solicitud', subtitle: 'descripcion', fields: ['codigo', 'cantidad_solicitada_por_almacen_obra'] }}
      expand={(row) => <ProductMovements row={row} />}
      onOpen={canOpenRequest ? (row) => void navigate({ to: '/solicitudes_compras/$id/editar', params: { id: String(row.id_solicitud_compra) } }) : undefined}
    />
  );
}
