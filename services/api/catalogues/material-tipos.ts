import * as v from 'valibot';
import { materialTipoItem, materialTipoOption, materialTipoRow } from './catalogue-contracts';
import { defineCrud } from '../platform/define-crud';
import { defineList } from '../platform/define-list';
import { defineLookup } from '../platform/define-lookup';
import { requiredText, text } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { blockingReferences } from './blocking-references';
import { estadoFilter, stateColumns } from './list-parts';

/** /material_tipos (seed 001 §3 Material type: codigo, nombre). Rules where the spec is silent
 * (docs/modules/master-data.md): nombre required and unique; codigo optional but unique when
 * given. A type with materials or unit conversions cannot be removed. */
export function materialTiposRoutes(): AnyRoute[] {
  return [
    ...defineList({
      row: materialTipoRow,
      path: '/material_tipos',
      module: '/material_tipos',
      title: 'Tipos de material',
      fileBase: 'tipos_material',
      from: 'rm_material_tipos t',
      columns: [
        { key: 'id', label: 'ID', kind: 'integer', sql: 't.id', sortable: true },
        { key: 'codigo', label: 'Código', sql: 't.codigo', sortable: true },
        { key: 'nombre', label: 'Nombre', sql: 't.nombre', sortable: true },
        { key: 'materiales', label: 'Materiales', kind: 'integer', sql: '(SELECT count(*) FROM rm_materiales m WHERE m.id_material_tipo = t.id)', sortable: true },
        { key: 'unidades', label: 'Unidades', sql: "(SELECT string_agg(u.nombre, ', ' ORDER BY u.nombre) FROM rm_conversion_unidades c JOIN rm_unidades u ON u.id = c.id_unidad WHERE c.id_material_tipo = t.id AND c.estado = 1)" },
        ...stateColumns('t'),
      ],
      search: ['t.codigo', 't.nombre'],
      dateColumn: 't.date_created',
      key: 't.id',
      defaultOrder: { col: 'nombre', dir: 'asc' },
      filters: { estado: estadoFilter('t.estado') },
    }),
    ...defineCrud({
      item: materialTipoItem,
      endpoint: '/material_tipos',
      module: '/material_tipos',
      entity: 'material_tipo',
      title: 'tipo de material',
      table: 'rm_material_tipos',
      fields: { codigo: v.optional(text(20), ''), nombre: requiredText(200) },
      defaults: { codigo: '', nombre: '' },
      async validate(fields, { id, deps }) {
        const errors: Record<string, string> = {};
        const [name] = await deps.sql`SELECT 1 FROM rm_material_tipos WHERE lower(nombre) = lower(${fields.nombre}) AND id <> ${id}`;
        if (name) errors.nombre = 'Ya existe un tipo de material con ese nombre';
        if (fields.codigo) {
          const [code] = await deps.sql`SELECT 1 FROM rm_material_tipos WHERE lower(codigo) = lower(${fields.codigo}) AND id <> ${id}`;
          if (code) errors.codigo = 'Ya existe un tipo de material con ese código';
        }
        return errors;
      },
      beforeRemove: (id, { deps }) =>
        blockingReferences(deps.sql, id, [
          { one: 'material', many: 'materiales', from: 'rm_materiales', where: 'id_material_tipo = $1' },
          { one: 'conversión de unidad', many: 'conversiones de unidad', from: 'rm_conversion_unidades', where: 'id_material_tipo = $1' },
        ]),
    }),
    defineLookup({
      fields: materialTipoOption,
      path: '/fil_datas/material_tipos',
      access: { kind: 'signed_in' },
      summary: 'Tipos de material activos para selects',
      from: 'rm_material_tipos',
      valueColumn: 'id',
      labelColumn: 'nombre',
      extra: { codigo: 'codigo' },
      search: ['nombre', 'codigo'],
      where: 'estado = 1',
      maxLimit: 500,
    }),
  ];
}
