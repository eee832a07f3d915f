import { solicitudTipoItem, solicitudTipoRow } from '@shared/contracts/catalogues';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { defineCatalogue } from './define-catalogue';

/** /solicitudes_tipos: the request type (seed 002 L55 `id_solicitudes_tipo`, ids 1 and 2 with no
 * names: SEED-002-ANALYSIS ambiguity 8). nombre required and unique. The form's rule stays on the
 * id whatever the name: type 1 asks for the cost-centre type (save-request.ts). A type named by a
 * request cannot be removed. */
export function solicitudesTiposRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/solicitudes_tipos', title: 'Tipos de solicitud', fileBase: 'tipos_solicitud',
    entity: 'solicitud_tipo', name: 'tipo de solicitud', table: 'rm_solicitudes_tipos', alias: 't',
    row: solicitudTipoRow,
    columns: [
      { key: 'nombre', label: 'Nombre', sql: 't.nombre', sortable: true },
      { key: 'solicitudes', label: 'Solicitudes', kind: 'integer', sql: '(SELECT count(*) FROM rm_solicitudes_compras s WHERE s.id_solicitudes_tipo = t.id)', sortable: true },
    ],
    search: ['t.nombre'], key: 't.id', defaultOrder: { col: 'id', dir: 'asc' },
    item: solicitudTipoItem, fields: { nombre: requiredText(100) }, defaults: { nombre: '' },
    unique: [{ field: 'nombre', message: 'Ya existe un tipo de solicitud con ese nombre' }],
    blockedBy: [{ one: 'solicitud', many: 'solicitudes', from: 'rm_solicitudes_compras', where: 'id_solicitudes_tipo = $1' }],
    lookups: [{ path: '/fil_datas/solicitudes_tipos', summary: 'Tipos de solicitud activos para selects (el tipo 1 exige el tipo de centro de costo)', order: 'id' }],
  });
}
