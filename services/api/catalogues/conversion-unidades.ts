import type { Sql } from 'postgres';
import { conversionUnidadItem, conversionUnidadOption, conversionUnidadRow } from '@shared/contracts/catalogues';
import type { AnyRoute } from '../platform/route';
import { positiveAmount, requiredRef } from './catalogue-fields';
import { defineCatalogue } from './define-catalogue';
import { idFilter } from './list-parts';

/** The active conversions of active units (the forms' `conversion_unidades`, seed 002 §7: the site
 * and the central Pedido), by material type and unit. */
export function activeUnitConversions(sql: Sql) {
  return sql<{ id_material_tipo: number; id_unidad: number; valor: string }[]>`
    SELECT c.id_material_tipo::int, c.id_unidad::int, c.valor::text AS valor
      FROM rm_conversion_unidades c JOIN rm_unidades u ON u.id = c.id_unidad
     WHERE c.estado = 1 AND u.estado = 1 ORDER BY c.id_material_tipo, c.id_unidad`;
}

/** rm_conversion_unidades.valor is numeric(14, 4). */
const VALOR_MAX = 9_999_999_999.9999;

/** /conversion_unidades (seed 001 §3 Unit conversion: id_material_tipo, id_unidad, valor; §5:
 * all three required). A conversion names a unit a material type may be counted in, with its
 * factor: one per (type, unit); valor above zero with at most 4 decimals, sent as a number or a
 * decimal text and stored as a number; replies carry PostgreSQL's decimal text ('3.7854').
 * Work orders offer only these units for a type's spare parts (seed 001 §5). */
export function conversionUnidadesRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/conversion_unidades', title: 'Conversión de unidades', fileBase: 'conversion_unidades',
    entity: 'conversion_unidad', name: 'conversión de unidad', table: 'rm_conversion_unidades', alias: 'c',
    from: 'rm_conversion_unidades c JOIN rm_material_tipos t ON t.id = c.id_material_tipo JOIN rm_unidades u ON u.id = c.id_unidad',
    row: conversionUnidadRow,
    columns: [
      { key: 'material_tipo', label: 'Tipo de material', sql: 't.nombre', sortable: true },
      { key: 'unidad', label: 'Unidad', sql: 'u.nombre', sortable: true },
      { key: 'valor', label: 'Valor', kind: 'decimal', sql: 'c.valor', sortable: true },
    ],
    extra: { id_material_tipo: 'c.id_material_tipo', id_unidad: 'c.id_unidad' },
    search: ['t.nombre', 't.codigo', 'u.nombre'], key: 'u.nombre, c.id', defaultOrder: { col: 'material_tipo', dir: 'asc' },
    filters: { id_material_tipo: idFilter('c.id_material_tipo'), id_unidad: idFilter('c.id_unidad') },
    item: conversionUnidadItem, fields: { id_material_tipo: requiredRef(), id_unidad: requiredRef(), valor: positiveAmount(4, VALOR_MAX) }, defaults: { id_material_tipo: null, id_unidad: null, valor: 1 },
    references: {
      id_material_tipo: { table: 'rm_material_tipos', message: 'El tipo de material no existe' },
      id_unidad: { table: 'rm_unidades', message: 'La unidad no existe' },
    },
    unique: [{ field: 'id_unidad', within: 'id_material_tipo', message: 'Ya existe una conversión para ese tipo de material y unidad' }],
    lookups: [
      {
        fields: conversionUnidadOption,
        path: '/fil_datas/conversion_unidades',
        summary: 'Unidades permitidas para un tipo de material (id_material_tipo obligatorio): value id_unidad, label la unidad, valor',
        from: 'rm_conversion_unidades c JOIN rm_unidades u ON u.id = c.id_unidad',
        valueColumn: 'c.id_unidad',
        labelColumn: 'u.nombre',
        extra: { valor: 'c.valor', id_material_tipo: 'c.id_material_tipo' },
        where: 'c.estado = 1 AND u.estado = 1',
        parent: { param: 'id_material_tipo', column: 'c.id_material_tipo', required: true },
        order: 'u.nombre',
      },
    ],
  });
}
