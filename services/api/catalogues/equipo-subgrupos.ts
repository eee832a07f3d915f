import { equipoSubgrupoItem, equipoSubgrupoOption, equipoSubgrupoRow } from './catalogue-contracts';
import { defineCrud } from '../platform/define-crud';
import { defineList } from '../platform/define-list';
import { defineLookup } from '../platform/define-lookup';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { blockingReferences } from './blocking-references';
import { positiveAmount, requiredRef } from './catalogue-fields';
import { estadoFilter, idFilter, stateColumns } from './list-parts';

/** rm_equipo_subgrupos.mantenimiento_valor is numeric(14, 2). */
const VALOR_MAX = 999_999_999_999.99;

/** /equipo_subgrupos (seed 001 §3 Equipment subgroup: id_equipo_grupo, nombre,
 * id_mantenimiento_unidad, mantenimiento_valor; §5: all required). The maintenance interval is
 * every `mantenimiento_valor` of the unit (e.g. 250 HRS), above zero with at most 2 decimals.
 * Names are unique within the group. A subgroup with products or machines keeps its group (they
 * carry the group too) and cannot be removed. */
export function equipoSubgruposRoutes(): AnyRoute[] {
  return [
    ...defineList({
      row: equipoSubgrupoRow,
      path: '/equipo_subgrupos',
      module: '/equipo_subgrupos',
      title: 'Subgrupos de equipo',
      fileBase: 'subgrupos_equipo',
      from: `rm_equipo_subgrupos s
        JOIN rm_equipo_grupos g ON g.id = s.id_equipo_grupo
        LEFT JOIN rm_unidades u ON u.id = s.id_mantenimiento_unidad`,
      columns: [
        { key: 'id', label: 'ID', kind: 'integer', sql: 's.id', sortable: true },
        { key: 'grupo', label: 'Grupo', sql: 'g.nombre', sortable: true },
        { key: 'nombre', label: 'Subgrupo', sql: 's.nombre', sortable: true },
        { key: 'mantenimiento_valor', label: 'Mantenimiento cada', kind: 'decimal', sql: 's.mantenimiento_valor', sortable: true },
        { key: 'mantenimiento_unidad', label: 'Unidad de mantenimiento', sql: 'u.nombre', sortable: true },
        ...stateColumns('s'),
      ],
      extra: { id_equipo_grupo: 's.id_equipo_grupo', id_mantenimiento_unidad: 's.id_mantenimiento_unidad' },
      search: ['s.nombre', 'g.nombre'],
      dateColumn: 's.date_created',
      key: 's.nombre, s.id',
      defaultOrder: { col: 'grupo', dir: 'asc' },
      filters: { id_equipo_grupo: idFilter('s.id_equipo_grupo'), estado: estadoFilter('s.estado') },
    }),
    ...defineCrud({
      item: equipoSubgrupoItem,
      endpoint: '/equipo_subgrupos',
      module: '/equipo_subgrupos',
      entity: 'equipo_subgrupo',
      title: 'subgrupo de equipo',
      table: 'rm_equipo_subgrupos',
      fields: {
        id_equipo_grupo: requiredRef(),
        nombre: requiredText(200),
        id_mantenimiento_unidad: requiredRef(),
        mantenimiento_valor: positiveAmount(2, VALOR_MAX),
      },
      defaults: { id_equipo_grupo: null, nombre: '', id_mantenimiento_unidad: null, mantenimiento_valor: null },
      async validate(fields, { id, deps }) {
        const { sql } = deps;
        const errors: Record<string, string> = {};
        const [group] = await sql`SELECT 1 FROM rm_equipo_grupos WHERE id = ${fields.id_equipo_grupo}`;
        if (!group) errors.id_equipo_grupo = 'El grupo no existe';
        const [unit] = await sql`SELECT 1 FROM rm_unidades WHERE id = ${fields.id_mantenimiento_unidad}`;
        if (!unit) errors.id_mantenimiento_unidad = 'La unidad no existe';
        if (id && group) {
          const [current] = await sql<{ id_equipo_grupo: number }[]>`SELECT id_equipo_grupo FROM rm_equipo_subgrupos WHERE id = ${id}`;
          if (current && current.id_equipo_grupo !== fields.id_equipo_grupo) {
            const [used] = await sql`
              SELECT 1 WHERE EXISTS (SELECT 1 FROM rm_equipo_productos WHERE id_equipo_subgrupo = ${id})
                          OR EXISTS (SELECT 1 FROM rm_equipos WHERE id_equipo_subgrupo = ${id})`;
            if (used) errors.id_equipo_grupo = 'No se puede cambiar el grupo: el subgrupo tiene productos o equipos asociados';
          }
        }
        const [dup] = await sql`
          SELECT 1 FROM rm_equipo_subgrupos WHERE id_equipo_grupo = ${fields.id_equipo_grupo} AND lower(nombre) = lower(${fields.nombre}) AND id <> ${id}`;
        if (dup) errors.nombre = 'Ya existe un subgrupo con ese nombre en el grupo';
        return errors;
      },
      beforeRemove: (id, { deps }) =>
        blockingReferences(deps.sql, id, [
          { one: 'producto', many: 'productos', from: 'rm_equipo_productos', where: 'id_equipo_subgrupo = $1' },
          { one: 'equipo', many: 'equipos', from: 'rm_equipos', where: 'id_equipo_subgrupo = $1' },
        ]),
    }),
    defineLookup({
      fields: equipoSubgrupoOption,
      path: '/fil_datas/equipo_subgrupos',
      access: { kind: 'signed_in' },
      summary: 'Subgrupos de equipo activos (select dependiente de id_equipo_grupo)',
      from: 'rm_equipo_subgrupos',
      valueColumn: 'id',
      labelColumn: 'nombre',
      extra: { id_equipo_grupo: 'id_equipo_grupo' },
      where: 'estado = 1',
      parent: { param: 'id_equipo_grupo', column: 'id_equipo_grupo' },
      maxLimit: 500,
    }),
  ];
}
