import { marcaItem, marcaRow } from '@shared/contracts/catalogues';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { defineCatalogue } from './define-catalogue';

/** /marcas (seed 001 §3 Brand: nombre). Names are unique; a brand with models, or used by a
 * machine as its brand or its engine's brand, cannot be removed. */
export function marcasRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/marcas', title: 'Marcas', fileBase: 'marcas',
    entity: 'marca', name: 'marca', table: 'rm_marcas',
    row: marcaRow,
    columns: [
      { key: 'nombre', label: 'Nombre', sortable: true },
      { key: 'modelos', label: 'Modelos', kind: 'integer', sql: '(SELECT count(*) FROM rm_modelos m WHERE m.id_marca = rm_marcas.id)', sortable: true },
    ],
    search: ['nombre'], defaultOrder: { col: 'nombre', dir: 'asc' },
    item: marcaItem, fields: { nombre: requiredText(100) }, defaults: { nombre: '' },
    unique: [{ field: 'nombre', message: 'Ya existe una marca con ese nombre' }],
    blockedBy: [
      { one: 'modelo', many: 'modelos', from: 'rm_modelos', where: 'id_marca = $1' },
      { one: 'equipo', many: 'equipos', from: 'rm_equipos', where: 'id_marca = $1 OR id_marca_motor = $1' },
    ],
    lookups: [{ path: '/fil_datas/marcas', summary: 'Marcas activas para selects' }],
  });
}
