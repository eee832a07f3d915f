import { conversionUnidadItem, conversionUnidadOption, conversionUnidadRow } from './catalogue-contracts';
import { defineCrud } from '../platform/define-crud';
import { defineList } from '../platform/define-list';
import { defineLookup } from '../platform/define-lookup';
import type { AnyRoute } from '../platform/route';
import { positiveAmount, requiredRef } from './catalogue-fields';
import { estadoFilter, idFilter, stateColumns } from './list-parts';

/** rm_conversion_unidades.valor is numeric(14, 4). */
const VALOR_MAX = 9_999_999_999.9999;

/** /conversion_unidades (seed 001 §3 Unit conversion: id_material_tipo, id_unidad, valor; §5:
 * all three required). A conversion names a unit a material type may be counted in, with its
 * factor: one per (type, unit); valor above zero with at most 4 decimals, sent as a number or a
 * decimal text and stored as a number; replies carry PostgreSQL's decimal text ('3.7854').
 * Work orders offer only these units for a type's spare parts (seed 001 §5). */
export function conversionUnidadesRoutes(): AnyRoute[] {
  return [
    ...defineList({
      row: conversionUnidadRow,
      path: '/conversion_unidades',
      module: '/conversion_unidades',
      title: 'Conversión de unidades',
      fileBase: 'conversion_unidades',
      from: 'rm_conversion_unidades c JOIN rm_material_tipos t ON t.id = c.id_material_tipo JOIN rm_unidades u ON u.id = c.id_unidad',
      columns: [
        { key: 'id', label: 'ID', kind: 'integer', sql: 'c.id', sortable: true },
        { key: 'material_tipo', label: 'Tipo de material', sql: 't.nombre', sortable: true },
        { key: 'unidad', label: 'Unidad', sql: 'u.nombre', sortable: true },
        { key: 'valor', label: 'Valor', kind: 'decimal', sql: 'c.valor', sortable: true },
        ...stateColumns('c'),
      ],
      extra: { id_material_tipo: 'c.id_material_tipo', id_unidad: 'c.id_unidad' },
      search: ['t.nombre', 't.codigo', 'u.nombre'],
      dateColumn: 'c.date_created',
      key: 'u.nombre, c.id',
      defaultOrder: { col: 'material_tipo', dir: 'asc' },
      filters: { id_material_tipo: idFilter('c.id_material_tipo'), id_unidad: idFilter('c.id_unidad'), estado: estadoFilter('c.estado') },
    }),
    ...defineCrud({
      item: conversionUnidadItem,
      endpoint: '/conversion_unidades',
      module: '/conversion_unidades',
      entity: 'conversion_unidad',
      title: 'conversión de unidad',
      table: 'rm_conversion_unidades',
      fields: { id_material_tipo: requiredRef(), id_unidad: requiredRef(), valor: positiveAmount(4, VALOR_MAX) },
      defaults: { id_material_tipo: null, id_unidad: null, valor: 1 },
      async validate(fields, { id, deps }) {
        const errors: Record<string, string> = {};
        const [tipo] = await deps.sql`SELECT 1 FROM rm_material_tipos WHERE id = ${fields.id_material_tipo}`;
        if (!tipo) errors.id_material_tipo = 'El tipo de material no existe';
        const [unidad] = await deps.sql`SELECT 1 FROM rm_unidades WHERE id = ${fields.id_unidad}`;
        if (!unidad) errors.id_unidad = 'La unidad no existe';
        if (tipo && unidad) {
          const [dup] = await deps.sql`
            SELECT 1 FROM rm_conversion_unidades WHERE id_material_tipo = ${fields.id_material_tipo} AND id_unidad = ${fields.id_unidad} AND id <> ${id}`;
          if (dup) errors.id_unidad = 'Ya existe una conversión para ese tipo de material y unidad';
        }
        return errors;
      },
    }),
    defineLookup({
      fields: conversionUnidadOption,
      path: '/fil_datas/conversion_unidades',
      access: { kind: 'signed_in' },
      summary: 'Unidades permitidas para un tipo de material (id_material_tipo obligatorio): value id_unidad, label la unidad, valor',
      from: 'rm_conversion_unidades c JOIN rm_unidades u ON u.id = c.id_unidad',
      valueColumn: 'c.id_unidad',
      labelColumn: 'u.nombre',
      extra: { valor: 'c.valor', id_material_tipo: 'c.id_material_tipo' },
      where: 'c.estado = 1 AND u.estado = 1',
      parent: { param: 'id_material_tipo', column: 'c.id_material_tipo', required: true },
      order: 'u.nombre',
      maxLimit: 500,
    }),
  ];
}
