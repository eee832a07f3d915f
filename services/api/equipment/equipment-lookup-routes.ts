import { equipoOption, equipoSearchOption, productoOption } from '@shared/contracts/equipment';
import { defineLookup } from '../platform/define-lookup';
import type { AnyRoute } from '../platform/route';
import { siteScope } from '../platform/site-scope';

const FROM = 'rm_equipos e LEFT JOIN rm_equipo_productos p ON p.id = e.id_equipo_producto';
const LABEL = `e.codigo || ' - ' || coalesce(p.nombre, '')`;

/** What both machine lookups share: active machines, labelled «código - descripción», of a site
 * (id_obra) among the caller's, by code; §9's limits. */
const ACTIVE_MACHINES = {
  access: { kind: 'signed_in' },
  valueColumn: 'e.id',
  labelColumn: LABEL,
  where: 'e.estado = 1',
  parent: { param: 'id_obra', column: 'e.id_obra' },
  order: 'e.codigo',
  scope: (sql, principal) => siteScope(sql, principal, 'e.id_obra'),
  defaultLimit: 100,
  maxLimit: 500,
} satisfies Partial<Parameters<typeof defineLookup>[0]>;

/** Equipment selects (seed 001 §7 lookups; §9: 100 items by default, 500 at most). Active
 * machines only, of the caller's sites: the forms that pick a machine (work order, hour-meter log)
 * accept only those. */
export function equipoLookupRoutes(): AnyRoute[] {
  return [
    defineLookup({
      ...ACTIVE_MACHINES,
      fields: equipoOption,
      path: '/fil_datas/equipos',
      summary: 'Equipos activos de una obra (id_obra): «código - descripción», con placa y serie',
      from: FROM,
      extra: { codigo: 'e.codigo', descripcion: 'p.nombre', placa: 'e.placa', serie: 'e.serie', id_obra: 'e.id_obra' },
      search: ['e.codigo', 'p.nombre', 'e.placa', 'e.serie'],
    }),
    defineLookup({
      fields: productoOption,
      path: '/fil_datas/descripcionEquipo',
      access: { kind: 'signed_in' },
      summary: 'Descripciones de equipo (productos activos), opcionalmente de un subgrupo (id_equipo_subgrupo)',
      from: 'rm_equipo_productos',
      valueColumn: 'id',
      labelColumn: 'nombre',
      extra: { id_equipo_grupo: 'id_equipo_grupo', id_equipo_subgrupo: 'id_equipo_subgrupo' },
      where: 'estado = 1',
      parent: { param: 'id_equipo_subgrupo', column: 'id_equipo_subgrupo' },
      order: 'nombre',
      defaultLimit: 100,
      maxLimit: 500,
    }),
    defineLookup({
      ...ACTIVE_MACHINES,
      fields: equipoSearchOption,
      path: '/fil_datas/getEquipos',
      summary: 'Búsqueda de equipos activos por código en todas las obras (búsqueda de equipo de la OT), con obra, placa y serie',
      from: `${FROM} LEFT JOIN rm_obras o ON o.id = e.id_obra`,
      extra: { codigo: 'e.codigo', descripcion: 'p.nombre', id_obra: 'e.id_obra', obra: 'o.nombre', placa: 'e.placa', serie: 'e.serie' },
      search: ['e.codigo'],
    }),
  ];
}
