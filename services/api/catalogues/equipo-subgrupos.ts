import { equipoSubgrupoItem, equipoSubgrupoOption, equipoSubgrupoRow } from '@shared/contracts/catalogues';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { positiveAmount, requiredRef } from './catalogue-fields';
import { defineCatalogue } from './define-catalogue';
import { idFilter } from './list-parts';

/** rm_equipo_subgrupos.mantenimiento_valor is numeric(14, 2). */
const VALOR_MAX = 999_999_999_999.99;

/** /equipo_subgrupos (seed 001 §3 Equipment subgroup: id_equipo_grupo, nombre,
 * id_mantenimiento_unidad, mantenimiento_valor; §5: all required). The maintenance interval is
 * every `mantenimiento_valor` of the unit (e.g. 250 HRS), above zero with at most 2 decimals.
 * Names are unique within the group. A subgroup with products or machines keeps its group (they
 * carry the group too) and cannot be removed. */
export function equipoSubgruposRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/equipo_subgrupos', title: 'Subgrupos de equipo', fileBase: 'subgrupos_equipo',
    entity: 'equipo_subgrupo', name: 'subgrupo de equipo', table: 'rm_equipo_subgrupos', alias: 's',
    from: `rm_equipo_subgrupos s
      JOIN rm_equipo_grupos g ON g.id = s.id_equipo_grupo
      LEFT JOIN rm_unidades u ON u.id = s.id_mantenimiento_unidad`,
    row: equipoSubgrupoRow,
    columns: [
      { key: 'grupo', label: 'Grupo', sql: 'g.nombre', sortable: true },
      { key: 'nombre', label: 'Subgrupo', sql: 's.nombre', sortable: true },
      { key: 'mantenimiento_valor', label: 'Mantenimiento cada', kind: 'decimal', sql: 's.mantenimiento_valor', sortable: true },
      { key: 'mantenimiento_unidad', label: 'Unidad de mantenimiento', sql: 'u.nombre', sortable: true },
    ],
    extra: { id_equipo_grupo: 's.id_equipo_grupo', id_mantenimiento_unidad: 's.id_mantenimiento_unidad' },
    search: ['s.nombre', 'g.nombre'], key: 's.nombre, s.id', defaultOrder: { col: 'grupo', dir: 'asc' },
    filters: { id_equipo_grupo: idFilter('s.id_equipo_grupo') },
    item: equipoSubgrupoItem, fields: {
      id_equipo_grupo: requiredRef(),
      nombre: requiredText(200),
      id_mantenimiento_unidad: requiredRef(),
      mantenimiento_valor: positiveAmount(2, VALOR_MAX),
    },
    defaults: { id_equipo_grupo: null, nombre: '', id_mantenimiento_unidad: null, mantenimiento_valor: null },
    references: {
      id_equipo_grupo: { table: 'rm_equipo_grupos', message: 'El grupo no existe' },
      id_mantenimiento_unidad: { table: 'rm_unidades', message: 'La unidad no existe' },
    },
    // A subgroup with products or machines keeps its group.
    async check(fields, { id, deps: { sql }, errors }) {
      if (!id || errors.id_equipo_grupo) return;
      const [current] = await sql<{ id_equipo_grupo: number }[]>`SELECT id_equipo_grupo FROM rm_equipo_subgrupos WHERE id = ${id}`;
      if (!current || current.id_equipo_grupo === fields.id_equipo_grupo) return;
      const [used] = await sql`
        SELECT 1 WHERE EXISTS (SELECT 1 FROM rm_equipo_productos WHERE id_equipo_subgrupo = ${id})
                    OR EXISTS (SELECT 1 FROM rm_equipos WHERE id_equipo_subgrupo = ${id})`;
      if (used) errors.id_equipo_grupo = 'No se puede cambiar el grupo: el subgrupo tiene productos o equipos asociados';
    },
    unique: [{ field: 'nombre', within: 'id_equipo_grupo', message: 'Ya existe un subgrupo con ese nombre en el grupo' }],
    blockedBy: [
      { one: 'producto', many: 'productos', from: 'rm_equipo_productos', where: 'id_equipo_subgrupo = $1' },
      { one: 'equipo', many: 'equipos', from: 'rm_equipos', where: 'id_equipo_subgrupo = $1' },
    ],
    lookups: [
      {
        fields: equipoSubgrupoOption,
        path: '/fil_datas/equipo_subgrupos',
        summary: 'Subgrupos de equipo activos (select dependiente de id_equipo_grupo)',
        extra: { id_equipo_grupo: 'id_equipo_grupo' },
        parent: { param: 'id_equipo_grupo', column: 'id_equipo_grupo' },
      },
    ],
  });
}
