import { solicitudClasificacionItem, solicitudClasificacionRow } from '@shared/contracts/catalogues';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { defineCatalogue } from './define-catalogue';

/** /solicitudes_clasificaciones: a request's classification (seed 002 L55
 * `id_solicitudes_clasificacion`, ids 1 and 2 with no names: SEED-002-ANALYSIS ambiguity 8).
 * nombre required and unique. A classification named by a request cannot be removed. */
export function solicitudesClasificacionesRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/solicitudes_clasificaciones', title: 'Clasificaciones de solicitud', fileBase: 'clasificaciones_solicitud',
    entity: 'solicitud_clasificacion', name: 'clasificación de solicitud', table: 'rm_solicitudes_clasificaciones', alias: 't',
    row: solicitudClasificacionRow,
    columns: [
      { key: 'nombre', label: 'Nombre', sql: 't.nombre', sortable: true },
      { key: 'solicitudes', label: 'Solicitudes', kind: 'integer', sql: '(SELECT count(*) FROM rm_solicitudes_compras s WHERE s.id_solicitudes_clasificacion = t.id)', sortable: true },
    ],
    search: ['t.nombre'], key: 't.id', defaultOrder: { col: 'id', dir: 'asc' },
    item: solicitudClasificacionItem, fields: { nombre: requiredText(100) }, defaults: { nombre: '' },
    unique: [{ field: 'nombre', message: 'Ya existe una clasificación con ese nombre' }],
    blockedBy: [{ one: 'solicitud', many: 'solicitudes', from: 'rm_solicitudes_compras', where: 'id_solicitudes_clasificacion = $1' }],
    lookups: [{ path: '/fil_datas/solicitudes_clasificaciones', summary: 'Clasificaciones de solicitud activas para selects', order: 'id' }],
  });
}
