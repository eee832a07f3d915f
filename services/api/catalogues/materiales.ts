import { materialItem, materialOption, materialRow } from '@shared/contracts/catalogues';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { requiredRef } from './catalogue-fields';
import { defineCatalogue } from './define-catalogue';
import * as v from 'valibot';
import type { ListFilter } from '../platform/define-list';
import { idFilter } from './list-parts';

/** Seed 001 §5 and §9: material search needs at least 4 characters. */
export const MATERIAL_SEARCH_MIN = 4;

/** How a material came to be (seed 002 L75, L186): 1 from the catalogue, 2 created by SICAM from a
 * work order's material-creation request (services/worker/sicam-materials.ts). */
export const TYPE_GENERATION = { catalogo: 1, solicitud: 2 } as const;

/** `type_generation=1` or `2`. */
const typeGenerationFilter: ListFilter = {
  schema: v.pipe(v.picklist(['1', '2', 1, 2], 'Origen no válido'), v.transform(Number)),
  where: (sql, value: number) => sql`m.type_generation = ${value}`,
};

/** /materiales (seed 001 §3 Material: id_material_tipo, codigo, nombre; §5: all required). The
 * code (a part number) is unique, case-insensitive. A material on a work order's spare-part
 * lines cannot be removed. */
export function materialesRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/materiales', title: 'Materiales', fileBase: 'materiales',
    entity: 'material', name: 'material', table: 'rm_materiales', alias: 'm',
    from: 'rm_materiales m JOIN rm_material_tipos t ON t.id = m.id_material_tipo LEFT JOIN rm_unidades u ON u.id = m.id_unidad',
    row: materialRow,
    columns: [
      { key: 'codigo', label: 'Código', sql: 'm.codigo', sortable: true },
      { key: 'nombre', label: 'Nombre', sql: 'm.nombre', sortable: true },
      { key: 'material_tipo', label: 'Tipo de material', sql: 't.nombre', sortable: true },
      { key: 'unidad_medida', label: 'Unidad', sql: 'u.nombre', sortable: true },
      { key: 'precio_medio', label: 'Precio medio', kind: 'decimal', sql: 'm.precio_medio', sortable: true },
      { key: 'type_generation', label: 'Origen', kind: 'integer', sql: 'm.type_generation', sortable: true, notNull: true },
      { key: 'fecha_creado', label: 'Fecha de creación', kind: 'datetime', sql: 'coalesce(m.fecha_creado, m.date_created)', sortable: true, notNull: true },
    ],
    extra: { id_material_tipo: 'm.id_material_tipo' },
    search: ['m.codigo', 'm.nombre', 't.nombre'], defaultOrder: { col: 'nombre', dir: 'asc' },
    filters: { id_material_tipo: idFilter('m.id_material_tipo'), type_generation: typeGenerationFilter },
    item: materialItem, fields: { id_material_tipo: requiredRef(), codigo: requiredText(50), nombre: requiredText(500) }, defaults: { id_material_tipo: null, codigo: '', nombre: '' },
    references: { id_material_tipo: { table: 'rm_material_tipos', message: 'El tipo de material no existe' } },
    unique: [{ field: 'codigo', message: 'Ya existe un material con ese código' }],
    blockedBy: [{ one: 'repuesto de OT', many: 'repuestos de OT', from: 'rm_ot_lineas', where: "line->>'id_material' = $1::text" }],
    lookups: [
      {
        fields: materialOption,
        path: '/fil_datas/materiales',
        summary: 'Materiales activos por código o nombre (desde 4 caracteres; id_material_tipo opcional)',
        labelColumn: "codigo || ' - ' || nombre",
        extra: { codigo: 'codigo', nombre: 'nombre', id_material_tipo: 'id_material_tipo' },
        search: ['codigo', 'nombre'],
        parent: { param: 'id_material_tipo', column: 'id_material_tipo' },
        order: 'nombre, id',
        minLength: MATERIAL_SEARCH_MIN,
      },
    ],
  });
}
