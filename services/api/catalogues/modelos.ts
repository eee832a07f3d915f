import { modeloItem, modeloOption, modeloRow } from '@shared/contracts/catalogues';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { requiredRef } from './catalogue-fields';
import { defineCatalogue } from './define-catalogue';
import { idFilter } from './list-parts';

/** /modelos (seed 001 §3 Model: id_marca, nombre). A model name is unique within its brand; a
 * model used by a machine (as its model or its engine's model) cannot be removed. */
export function modelosRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/modelos', title: 'Modelos', fileBase: 'modelos',
    entity: 'modelo', name: 'modelo', table: 'rm_modelos', alias: 'm',
    from: 'rm_modelos m JOIN rm_marcas b ON b.id = m.id_marca',
    row: modeloRow,
    columns: [
      { key: 'marca', label: 'Marca', sql: 'b.nombre', sortable: true },
      { key: 'nombre', label: 'Modelo', sql: 'm.nombre', sortable: true },
    ],
    extra: { id_marca: 'm.id_marca' },
    search: ['m.nombre', 'b.nombre'], defaultOrder: { col: 'marca', dir: 'asc' },
    filters: { id_marca: idFilter('m.id_marca') },
    item: modeloItem, fields: { id_marca: requiredRef(), nombre: requiredText(100) }, defaults: { id_marca: null, nombre: '' },
    references: { id_marca: { table: 'rm_marcas', message: 'La marca no existe' } },
    unique: [{ field: 'nombre', within: 'id_marca', message: 'Ya existe un modelo con ese nombre en la marca' }],
    blockedBy: [{ one: 'equipo', many: 'equipos', from: 'rm_equipos', where: 'id_modelo = $1 OR id_modelo_motor = $1' }],
    lookups: [
      {
        fields: modeloOption,
        path: '/fil_datas/modelos',
        summary: 'Modelos activos de una marca (select dependiente de id_marca)',
        extra: { id_marca: 'id_marca' },
        parent: { param: 'id_marca', column: 'id_marca' },
      },
    ],
  });
}
