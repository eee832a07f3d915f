import { defineList, idFilter, estadoFilter } from '../platform/define-list';
import type { AnyRoute } from '../platform/route';
import { obraRow } from '@shared/contracts/sites';

/** Seed 001 §2 and §3 'Site': GET /obras, the work sites with code, name, company, address,
 * city, state, general expenses and total amount (S/), filtered by company and state; plus the
 * export. A caller who works on some sites only sees those (site scope, as every site record). */
export function obrasListRoutes(): AnyRoute[] {
  return defineList({
    row: obraRow,
    path: '/obras',
    title: 'Obras',
    fileBase: 'obras',
    from: 'rm_obras o LEFT JOIN rm_empresas e ON e.id = o.id_empresa',
    columns: [
      { key: 'codigo', label: 'Código', sql: 'o.codigo', sortable: true },
      { key: 'nombre', label: 'Nombre', sql: 'o.nombre', sortable: true },
      { key: 'empresa', label: 'Empresa', sql: "coalesce(e.nombre, '')", sortable: true },
      { key: 'direccion', label: 'Dirección', sql: 'o.direccion', sortable: true },
      { key: 'ciudad', label: 'Ciudad', sql: 'o.ciudad', sortable: true },
      { key: 'estado', label: 'Estado', kind: 'bool', sql: 'o.estado', sortable: true },
      { key: 'gastos_generales', label: 'Gastos generales', kind: 'money', sql: 'o.gastos_generales', sortable: true },
      { key: 'monto_total', label: 'Monto total', kind: 'money', sql: 'o.monto_total', sortable: true },
    ],
    extra: { id: 'o.id', id_empresa: 'o.id_empresa' },
    search: ['o.codigo', 'o.nombre', 'o.direccion', 'o.ciudad', 'e.nombre'],
    dateColumn: 'o.date_created',
    key: 'o.id',
    siteColumn: 'o.id',
    defaultOrder: { col: 'codigo', dir: 'asc' },
    filters: {
      id_empresa: idFilter('o.id_empresa'),
      estado: estadoFilter('o.estado'),
    },
  });
}
