import { equipoGrupoItem, equipoGrupoRow } from '@shared/contracts/catalogues';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { defineCatalogue } from './define-catalogue';

/** /equipo_grupos (seed 001 §3 Equipment group: nombre). Names are unique; a group with
 * subgroups, products or machines cannot be removed. */
export function equipoGruposRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/equipo_grupos', title: 'Grupos de equipo', fileBase: 'grupos_equipo',
    entity: 'equipo_grupo', name: 'grupo de equipo', table: 'rm_equipo_grupos', alias: 'g',
    row: equipoGrupoRow,
    columns: [
      { key: 'nombre', label: 'Nombre', sql: 'g.nombre', sortable: true },
      { key: 'subgrupos', label: 'Subgrupos', kind: 'integer', sql: '(SELECT count(*) FROM rm_equipo_subgrupos s WHERE s.id_equipo_grupo = g.id)', sortable: true },
      { key: 'productos', label: 'Productos', kind: 'integer', sql: '(SELECT count(*) FROM rm_equipo_productos p WHERE p.id_equipo_grupo = g.id)', sortable: true },
    ],
    search: ['g.nombre'], defaultOrder: { col: 'nombre', dir: 'asc' },
    item: equipoGrupoItem, fields: { nombre: requiredText(200) }, defaults: { nombre: '' },
    unique: [{ field: 'nombre', message: 'Ya existe un grupo de equipo con ese nombre' }],
    blockedBy: [
      { one: 'subgrupo', many: 'subgrupos', from: 'rm_equipo_subgrupos', where: 'id_equipo_grupo = $1' },
      { one: 'producto', many: 'productos', from: 'rm_equipo_productos', where: 'id_equipo_grupo = $1' },
      { one: 'equipo', many: 'equipos', from: 'rm_equipos', where: 'id_equipo_grupo = $1' },
    ],
    lookups: [{ path: '/fil_datas/equipo_grupos', summary: 'Grupos de equipo activos para selects' }],
  });
}
