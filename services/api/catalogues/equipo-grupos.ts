import { equipoGrupoItem, equipoGrupoRow } from './catalogue-contracts';
import { defineCrud } from '../platform/define-crud';
import { defineList } from '../platform/define-list';
import { defineLookup } from '../platform/define-lookup';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { blockingReferences } from './blocking-references';
import { estadoFilter, stateColumns } from './list-parts';

/** /equipo_grupos (seed 001 §3 Equipment group: nombre). Names are unique; a group with
 * subgroups, products or machines cannot be removed. */
export function equipoGruposRoutes(): AnyRoute[] {
  return [
    ...defineList({
      row: equipoGrupoRow,
      path: '/equipo_grupos',
      module: '/equipo_grupos',
      title: 'Grupos de equipo',
      fileBase: 'grupos_equipo',
      from: 'rm_equipo_grupos g',
      columns: [
        { key: 'id', label: 'ID', kind: 'integer', sql: 'g.id', sortable: true },
        { key: 'nombre', label: 'Nombre', sql: 'g.nombre', sortable: true },
        { key: 'subgrupos', label: 'Subgrupos', kind: 'integer', sql: '(SELECT count(*) FROM rm_equipo_subgrupos s WHERE s.id_equipo_grupo = g.id)', sortable: true },
        { key: 'productos', label: 'Productos', kind: 'integer', sql: '(SELECT count(*) FROM rm_equipo_productos p WHERE p.id_equipo_grupo = g.id)', sortable: true },
        ...stateColumns('g'),
      ],
      search: ['g.nombre'],
      dateColumn: 'g.date_created',
      key: 'g.id',
      defaultOrder: { col: 'nombre', dir: 'asc' },
      filters: { estado: estadoFilter('g.estado') },
    }),
    ...defineCrud({
      item: equipoGrupoItem,
      endpoint: '/equipo_grupos',
      module: '/equipo_grupos',
      entity: 'equipo_grupo',
      title: 'grupo de equipo',
      table: 'rm_equipo_grupos',
      fields: { nombre: requiredText(200) },
      defaults: { nombre: '' },
      async validate(fields, { id, deps }) {
        const [dup] = await deps.sql`SELECT 1 FROM rm_equipo_grupos WHERE lower(nombre) = lower(${fields.nombre}) AND id <> ${id}`;
        return dup ? { nombre: 'Ya existe un grupo de equipo con ese nombre' } : {};
      },
      beforeRemove: (id, { deps }) =>
        blockingReferences(deps.sql, id, [
          { one: 'subgrupo', many: 'subgrupos', from: 'rm_equipo_subgrupos', where: 'id_equipo_grupo = $1' },
          { one: 'producto', many: 'productos', from: 'rm_equipo_productos', where: 'id_equipo_grupo = $1' },
          { one: 'equipo', many: 'equipos', from: 'rm_equipos', where: 'id_equipo_grupo = $1' },
        ]),
    }),
    defineLookup({
      path: '/fil_datas/equipo_grupos',
      access: { kind: 'signed_in' },
      summary: 'Grupos de equipo activos para selects',
      from: 'rm_equipo_grupos',
      valueColumn: 'id',
      labelColumn: 'nombre',
      where: 'estado = 1',
      maxLimit: 500,
    }),
  ];
}
