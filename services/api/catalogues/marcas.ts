import { marcaItem, marcaRow } from './catalogue-contracts';
import { defineCrud } from '../platform/define-crud';
import { defineList } from '../platform/define-list';
import { defineLookup } from '../platform/define-lookup';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { blockingReferences } from './blocking-references';
import { estadoFilter, stateColumns } from './list-parts';

/** /marcas (seed 001 §3 Brand: nombre). Names are unique; a brand with models, or used by a
 * machine as its brand or its engine's brand, cannot be removed. */
export function marcasRoutes(): AnyRoute[] {
  return [
    ...defineList({
      row: marcaRow,
      path: '/marcas',
      module: '/marcas',
      title: 'Marcas',
      fileBase: 'marcas',
      from: 'rm_marcas',
      columns: [
        { key: 'id', label: 'ID', kind: 'integer', sortable: true },
        { key: 'nombre', label: 'Nombre', sortable: true },
        { key: 'modelos', label: 'Modelos', kind: 'integer', sql: '(SELECT count(*) FROM rm_modelos m WHERE m.id_marca = rm_marcas.id)', sortable: true },
        ...stateColumns(),
      ],
      search: ['nombre'],
      dateColumn: 'date_created',
      defaultOrder: { col: 'nombre', dir: 'asc' },
      filters: { estado: estadoFilter() },
    }),
    ...defineCrud({
      item: marcaItem,
      endpoint: '/marcas',
      module: '/marcas',
      entity: 'marca',
      title: 'marca',
      table: 'rm_marcas',
      fields: { nombre: requiredText(100) },
      defaults: { nombre: '' },
      async validate(fields, { id, deps }) {
        const [dup] = await deps.sql`SELECT 1 FROM rm_marcas WHERE lower(nombre) = lower(${fields.nombre}) AND id <> ${id}`;
        return dup ? { nombre: 'Ya existe una marca con ese nombre' } : {};
      },
      beforeRemove: (id, { deps }) =>
        blockingReferences(deps.sql, id, [
          { one: 'modelo', many: 'modelos', from: 'rm_modelos', where: 'id_marca = $1' },
          { one: 'equipo', many: 'equipos', from: 'rm_equipos', where: 'id_marca = $1 OR id_marca_motor = $1' },
        ]),
    }),
    defineLookup({
      path: '/fil_datas/marcas',
      access: { kind: 'signed_in' },
      summary: 'Marcas activas para selects',
      from: 'rm_marcas',
      valueColumn: 'id',
      labelColumn: 'nombre',
      where: 'estado = 1',
    }),
  ];
}
