import { materialItem, materialOption, materialRow } from './catalogue-contracts';
import { defineCrud } from '../platform/define-crud';
import { defineList } from '../platform/define-list';
import { defineLookup } from '../platform/define-lookup';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { blockingReferences } from './blocking-references';
import { requiredRef } from './catalogue-fields';
import { estadoFilter, idFilter, stateColumns } from './list-parts';

/** Seed 001 §5 and §9: material search needs at least 4 characters. */
export const MATERIAL_SEARCH_MIN = 4;

/** /materiales (seed 001 §3 Material: id_material_tipo, codigo, nombre; §5: all required). The
 * code (a part number) is unique, case-insensitive. A material on a work order's spare-part
 * lines cannot be removed. */
export function materialesRoutes(): AnyRoute[] {
  return [
    ...defineList({
      row: materialRow,
      path: '/materiales',
      module: '/materiales',
      title: 'Materiales',
      fileBase: 'materiales',
      from: 'rm_materiales m JOIN rm_material_tipos t ON t.id = m.id_material_tipo',
      columns: [
        { key: 'id', label: 'ID', kind: 'integer', sql: 'm.id', sortable: true },
        { key: 'codigo', label: 'Código', sql: 'm.codigo', sortable: true },
        { key: 'nombre', label: 'Nombre', sql: 'm.nombre', sortable: true },
        { key: 'material_tipo', label: 'Tipo de material', sql: 't.nombre', sortable: true },
        ...stateColumns('m'),
      ],
      extra: { id_material_tipo: 'm.id_material_tipo' },
      search: ['m.codigo', 'm.nombre', 't.nombre'],
      dateColumn: 'm.date_created',
      key: 'm.id',
      defaultOrder: { col: 'nombre', dir: 'asc' },
      filters: { id_material_tipo: idFilter('m.id_material_tipo'), estado: estadoFilter('m.estado') },
    }),
    ...defineCrud({
      item: materialItem,
      endpoint: '/materiales',
      module: '/materiales',
      entity: 'material',
      title: 'material',
      table: 'rm_materiales',
      fields: { id_material_tipo: requiredRef(), codigo: requiredText(50), nombre: requiredText(500) },
      defaults: { id_material_tipo: null, codigo: '', nombre: '' },
      async validate(fields, { id, deps }) {
        const errors: Record<string, string> = {};
        const [tipo] = await deps.sql`SELECT 1 FROM rm_material_tipos WHERE id = ${fields.id_material_tipo}`;
        if (!tipo) errors.id_material_tipo = 'El tipo de material no existe';
        const [dup] = await deps.sql`SELECT 1 FROM rm_materiales WHERE lower(codigo) = lower(${fields.codigo}) AND id <> ${id}`;
        if (dup) errors.codigo = 'Ya existe un material con ese código';
        return errors;
      },
      beforeRemove: (id, { deps }) =>
        blockingReferences(deps.sql, id, [{ one: 'repuesto de OT', many: 'repuestos de OT', from: 'rm_ot_lineas', where: "line->>'id_material' = $1::text" }]),
    }),
    defineLookup({
      fields: materialOption,
      path: '/fil_datas/materiales',
      access: { kind: 'signed_in' },
      summary: 'Materiales activos por código o nombre (desde 4 caracteres; id_material_tipo opcional)',
      from: 'rm_materiales',
      valueColumn: 'id',
      labelColumn: "codigo || ' - ' || nombre",
      extra: { codigo: 'codigo', nombre: 'nombre', id_material_tipo: 'id_material_tipo' },
      search: ['codigo', 'nombre'],
      where: 'estado = 1',
      parent: { param: 'id_material_tipo', column: 'id_material_tipo' },
      order: 'nombre, id',
      minLength: MATERIAL_SEARCH_MIN,
      maxLimit: 500,
    }),
  ];
}
