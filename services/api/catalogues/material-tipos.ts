import * as v from 'valibot';
import { materialTipoItem, materialTipoOption, materialTipoRow } from '@shared/contracts/catalogues';
import { requiredText, text } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { defineCatalogue } from './define-catalogue';

/** /material_tipos (seed 001 §3 Material type: codigo, nombre). Rules where the spec is silent
 * (docs/modules/master-data.md): nombre required and unique; codigo optional but unique when
 * given. A type with materials or unit conversions cannot be removed. */
export function materialTiposRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/material_tipos', title: 'Tipos de material', fileBase: 'tipos_material',
    entity: 'material_tipo', name: 'tipo de material', table: 'rm_material_tipos', alias: 't',
    row: materialTipoRow,
    columns: [
      { key: 'codigo', label: 'Código', sql: 't.codigo', sortable: true },
      { key: 'nombre', label: 'Nombre', sql: 't.nombre', sortable: true },
      { key: 'materiales', label: 'Materiales', kind: 'integer', sql: '(SELECT count(*) FROM rm_materiales m WHERE m.id_material_tipo = t.id)', sortable: true },
      { key: 'unidades', label: 'Unidades', sql: "(SELECT string_agg(u.nombre, ', ' ORDER BY u.nombre) FROM rm_conversion_unidades c JOIN rm_unidades u ON u.id = c.id_unidad WHERE c.id_material_tipo = t.id AND c.estado = 1)" },
    ],
    search: ['t.codigo', 't.nombre'], defaultOrder: { col: 'nombre', dir: 'asc' },
    item: materialTipoItem, fields: { codigo: v.optional(text(20), ''), nombre: requiredText(200) }, defaults: { codigo: '', nombre: '' },
    unique: [
      { field: 'nombre', message: 'Ya existe un tipo de material con ese nombre' },
      { field: 'codigo', message: 'Ya existe un tipo de material con ese código' },
    ],
    blockedBy: [
      { one: 'material', many: 'materiales', from: 'rm_materiales', where: 'id_material_tipo = $1' },
      { one: 'conversión de unidad', many: 'conversiones de unidad', from: 'rm_conversion_unidades', where: 'id_material_tipo = $1' },
    ],
    lookups: [
      {
        fields: materialTipoOption,
        path: '/fil_datas/material_tipos',
        summary: 'Tipos de material activos para selects',
        extra: { codigo: 'codigo' },
        search: ['nombre', 'codigo'],
      },
    ],
  });
}
