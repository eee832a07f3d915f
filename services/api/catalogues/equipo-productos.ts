import { equipoProductoItem, equipoProductoOption, equipoProductoRow } from '@shared/contracts/catalogues';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { requiredRef } from './catalogue-fields';
import { defineCatalogue } from './define-catalogue';
import { idFilter } from './list-parts';

export const SUBGROUP_OUTSIDE_GROUP = 'El subgrupo debe pertenecer al grupo elegido';

/** /equipo_productos (seed 001 §3 Equipment product: id_equipo_grupo, id_equipo_subgrupo,
 * nombre — the description a machine is registered under). Group, subgroup and name required;
 * the subgroup belongs to the group; names are unique within the subgroup. A product used by a
 * machine keeps its group and subgroup (the machine carries them too) and cannot be removed. */
export function equipoProductosRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/equipo_productos', title: 'Productos de equipo', fileBase: 'productos_equipo',
    entity: 'equipo_producto', name: 'producto de equipo', table: 'rm_equipo_productos', alias: 'p',
    from: `rm_equipo_productos p
      JOIN rm_equipo_grupos g ON g.id = p.id_equipo_grupo
      JOIN rm_equipo_subgrupos s ON s.id = p.id_equipo_subgrupo`,
    row: equipoProductoRow,
    columns: [
      { key: 'grupo', label: 'Grupo', sql: 'g.nombre', sortable: true },
      { key: 'subgrupo', label: 'Subgrupo', sql: 's.nombre', sortable: true },
      { key: 'nombre', label: 'Producto', sql: 'p.nombre', sortable: true },
      { key: 'equipos', label: 'Equipos', kind: 'integer', sql: '(SELECT count(*) FROM rm_equipos q WHERE q.id_equipo_producto = p.id)', sortable: true },
    ],
    extra: { id_equipo_grupo: 'p.id_equipo_grupo', id_equipo_subgrupo: 'p.id_equipo_subgrupo' },
    search: ['p.nombre', 's.nombre', 'g.nombre'], key: 's.nombre, p.nombre, p.id', defaultOrder: { col: 'grupo', dir: 'asc' },
    filters: { id_equipo_grupo: idFilter('p.id_equipo_grupo'), id_equipo_subgrupo: idFilter('p.id_equipo_subgrupo') },
    item: equipoProductoItem, fields: { id_equipo_grupo: requiredRef(), id_equipo_subgrupo: requiredRef(), nombre: requiredText(200) }, defaults: { id_equipo_grupo: null, id_equipo_subgrupo: null, nombre: '' },
    references: { id_equipo_grupo: { table: 'rm_equipo_grupos', message: 'El grupo no existe' } },
    // The subgroup exists and belongs to the group; a product with machines keeps both.
    async check(fields, { id, deps: { sql }, errors }) {
      const [sub] = await sql<{ id_equipo_grupo: number }[]>`SELECT id_equipo_grupo FROM rm_equipo_subgrupos WHERE id = ${fields.id_equipo_subgrupo}`;
      if (!sub) errors.id_equipo_subgrupo = 'El subgrupo no existe';
      else if (!errors.id_equipo_grupo && sub.id_equipo_grupo !== fields.id_equipo_grupo) errors.id_equipo_subgrupo = SUBGROUP_OUTSIDE_GROUP;
      if (!id) return;
      const [current] = await sql<{ id_equipo_grupo: number; id_equipo_subgrupo: number }[]>`
        SELECT id_equipo_grupo, id_equipo_subgrupo FROM rm_equipo_productos WHERE id = ${id}`;
      const moved = current && (current.id_equipo_grupo !== fields.id_equipo_grupo || current.id_equipo_subgrupo !== fields.id_equipo_subgrupo);
      if (!moved) return;
      const [used] = await sql`SELECT 1 FROM rm_equipos WHERE id_equipo_producto = ${id} LIMIT 1`;
      if (used) errors.id_equipo_subgrupo = 'No se puede cambiar el grupo ni el subgrupo: el producto tiene equipos asociados';
    },
    unique: [{ field: 'nombre', within: 'id_equipo_subgrupo', message: 'Ya existe un producto con ese nombre en el subgrupo' }],
    blockedBy: [{ one: 'equipo', many: 'equipos', from: 'rm_equipos', where: 'id_equipo_producto = $1' }],
    lookups: [
      {
        fields: equipoProductoOption,
        path: '/fil_datas/equipo_productos',
        summary: 'Productos de equipo activos (select dependiente de id_equipo_subgrupo)',
        extra: { id_equipo_grupo: 'id_equipo_grupo', id_equipo_subgrupo: 'id_equipo_subgrupo' },
        parent: { param: 'id_equipo_subgrupo', column: 'id_equipo_subgrupo' },
      },
    ],
  });
}
