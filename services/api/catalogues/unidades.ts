import * as v from 'valibot';
import { unidadItem, unidadRow } from './catalogue-contracts';
import { defineCrud } from '../platform/define-crud';
import { defineList } from '../platform/define-list';
import { defineLookup } from '../platform/define-lookup';
import { int, requiredText, text } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { blockingReferences } from './blocking-references';
import { estadoFilter, stateColumns } from './list-parts';

/** /unidades (seed 001 §3 Unit: nombre, decimales, etiquetas; §5: nombre required). Names are
 * unique (case-insensitive). A unit counted in by conversions, maintenance intervals of equipment
 * subgroups or work-order spare-part lines cannot be removed. */
export function unidadesRoutes(): AnyRoute[] {
  return [
    ...defineList({
      row: unidadRow,
      path: '/unidades',
      module: '/unidades',
      title: 'Unidades',
      fileBase: 'unidades',
      from: 'rm_unidades',
      columns: [
        { key: 'id', label: 'ID', kind: 'integer', sortable: true },
        { key: 'nombre', label: 'Nombre', sortable: true },
        { key: 'decimales', label: 'Decimales', kind: 'integer', sortable: true },
        { key: 'etiquetas', label: 'Etiquetas' },
        ...stateColumns(),
      ],
      search: ['nombre', 'etiquetas'],
      dateColumn: 'date_created',
      defaultOrder: { col: 'nombre', dir: 'asc' },
      filters: { estado: estadoFilter() },
    }),
    ...defineCrud({
      item: unidadItem,
      endpoint: '/unidades',
      module: '/unidades',
      entity: 'unidad',
      title: 'unidad',
      table: 'rm_unidades',
      fields: {
        nombre: requiredText(60),
        decimales: v.optional(v.pipe(int(), v.minValue(0, 'Mínimo 0'), v.maxValue(6, 'Máximo 6')), 0),
        etiquetas: v.optional(text(255), ''),
      },
      defaults: { nombre: '', decimales: 0, etiquetas: '' },
      async validate(fields, { id, deps }) {
        const [dup] = await deps.sql`SELECT 1 FROM rm_unidades WHERE lower(nombre) = lower(${fields.nombre}) AND id <> ${id}`;
        return dup ? { nombre: 'Ya existe una unidad con ese nombre' } : {};
      },
      beforeRemove: (id, { deps }) =>
        blockingReferences(deps.sql, id, [
          { one: 'conversión de unidad', many: 'conversiones de unidad', from: 'rm_conversion_unidades', where: 'id_unidad = $1' },
          { one: 'subgrupo de equipo', many: 'subgrupos de equipo', from: 'rm_equipo_subgrupos', where: 'id_mantenimiento_unidad = $1' },
          { one: 'repuesto de OT', many: 'repuestos de OT', from: 'rm_ot_lineas', where: "line->>'id_unidad' = $1::text" },
        ]),
    }),
    defineLookup({
      path: '/fil_datas/unidades',
      access: { kind: 'signed_in' },
      summary: 'Unidades activas para selects',
      from: 'rm_unidades',
      valueColumn: 'id',
      labelColumn: 'nombre',
      where: 'estado = 1',
      maxLimit: 500,
    }),
  ];
}
