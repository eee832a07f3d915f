import type { SetSearch } from '../../../ui/list/listSearch';
import { ObraFilter } from '../../../ui/resource/ObraFilter';
import { SelectFilter } from '../../../ui/resource/SelectFilter';

type Props = {
  list: { search: { id_obra?: number }; setSearch: SetSearch<never> };
  /** The material filter, before the order number (the issues list). */
  material?: boolean;
};

/** The filters of the site warehouse's line lists (receipts, issues): the site, its work orders
 * (narrowed to the chosen site, cleared with it), the purchase request and the purchase order's
 * number. */
export function SiteLineFilters({ list, material = false }: Props) {
  const site = list.search.id_obra ? { id_obra: list.search.id_obra } : undefined;
  return (
    <>
      <ObraFilter list={list} clears={['id_orden_trabajo']} className="w-full sm:w-56" />
      <SelectFilter list={list} name="id_orden_trabajo" label="OT" endpoint="/fil_datas/ordenesTrabajo" params={site} ajax placeholder="Todas" className="w-full sm:w-48" />
      <SelectFilter list={list} name="id_solicitud_compra" label="Solicitud" endpoint="/fil_datas/solicitudesCompras" ajax placeholder="Todas" className="w-full sm:w-48" />
      {material ? <SelectFilter list={list} name="id_material" label="Material" endpoint="/fil_datas/materiales" ajax minLength={4} placeholder="Todos" className="w-full sm:w-56" /> : null}
      <SelectFilter list={list} name="numero_orden" label="N° de orden" endpoint="/fil_datas/numerosOrdenCompra" ajax text placeholder="Todas" className="w-full sm:w-52" />
    </>
  );
}
