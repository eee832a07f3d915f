import { modeloItem, modeloOption, modeloRow } from './catalogue-contracts';
import { defineCrud } from '../platform/define-crud';
import { defineList } from '../platform/define-list';
import { defineLookup } from '../platform/define-lookup';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { blockingReferences } from './blocking-references';
import { requiredRef } from './catalogue-fields';
import { estadoFilter, idFilter, stateColumns } from './list-parts';

/** /modelos (seed 001 §3 Model: id_marca, nombre). A model name is unique within its brand; a
 * model used by a machine (as its model or its engine's model) cannot be removed. */
export function modelosRoutes(): AnyRoute[] {
  return [
    ...defineList({
      row: modeloRow,
      path: '/modelos',
      module: '/modelos',
      title: 'Modelos',
      fileBase: 'modelos',
      from: 'rm_modelos m JOIN rm_marcas b ON b.id = m.id_marca',
      columns: [
        { key: 'id', label: 'ID', kind: 'integer', sql: 'm.id', sortable: true },
        { key: 'marca', label: 'Marca', sql: 'b.nombre', sortable: true },
        { key: 'nombre', label: 'Modelo', sql: 'm.nombre', sortable: true },
        ...stateColumns('m'),
      ],
      extra: { id_marca: 'm.id_marca' },
      search: ['m.nombre', 'b.nombre'],
      dateColumn: 'm.date_created',
      key: 'm.id',
      defaultOrder: { col: 'marca', dir: 'asc' },
      filters: { id_marca: idFilter('m.id_marca'), estado: estadoFilter('m.estado') },
    }),
    ...defineCrud({
      item: modeloItem,
      endpoint: '/modelos',
      module: '/modelos',
      entity: 'modelo',
      title: 'modelo',
      table: 'rm_modelos',
      fields: { id_marca: requiredRef(), nombre: requiredText(100) },
      defaults: { id_marca: null, nombre: '' },
      async validate(fields, { id, deps }) {
        const [brand] = await deps.sql`SELECT 1 FROM rm_marcas WHERE id = ${fields.id_marca}`;
        if (!brand) return { id_marca: 'La marca no existe' };
        const [dup] = await deps.sql`
          SELECT 1 FROM rm_modelos WHERE id_marca = ${fields.id_marca} AND lower(nombre) = lower(${fields.nombre}) AND id <> ${id}`;
        return dup ? { nombre: 'Ya existe un modelo con ese nombre en la marca' } : {};
      },
      beforeRemove: (id, { deps }) =>
        blockingReferences(deps.sql, id, [{ one: 'equipo', many: 'equipos', from: 'rm_equipos', where: 'id_modelo = $1 OR id_modelo_motor = $1' }]),
    }),
    defineLookup({
      fields: modeloOption,
      path: '/fil_datas/modelos',
      access: { kind: 'signed_in' },
      summary: 'Modelos activos de una marca (select dependiente de id_marca)',
      from: 'rm_modelos',
      valueColumn: 'id',
      labelColumn: 'nombre',
      extra: { id_marca: 'id_marca' },
      where: 'estado = 1',
      parent: { param: 'id_marca', column: 'id_marca' },
    }),
  ];
}
