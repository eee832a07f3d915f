import * as v from 'valibot';
import { movilizacionTipoItem, movilizacionTipoOption, movilizacionTipoRow } from '@shared/contracts/catalogues';
import { requiredText, text } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { defineCatalogue } from './define-catalogue';

export const MSG_RESOURCE_CODE_UNKNOWN = 'No existe un recurso con ese código';

/** /movilizacion_tipos: the third-party cost-centre (mobilisation) types of a service request
 * (seed 002 L55 `id_solicitudes_movilizacion_terceros_tipocc`: 1, 2, 3 with no names; type 2 fixes
 * the resource code 2-044, type 3 4-046). nombre required and unique; codigo_recurso optional, the
 * code of an existing resource when given: the form copies it into the request's third-party
 * resource and locks it. The rules stay keyed by id whatever the name: type 2 asks for
 * classification, cost-centre type and resource (save-request.ts). A type named by a request
 * cannot be removed. */
export function movilizacionTiposRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/movilizacion_tipos', title: 'Tipos de centro de costo de terceros', fileBase: 'tipos_centro_costo_terceros',
    entity: 'movilizacion_tipo', name: 'tipo de centro de costo de terceros', table: 'rm_movilizacion_tipos', alias: 't',
    row: movilizacionTipoRow,
    columns: [
      { key: 'nombre', label: 'Nombre', sql: 't.nombre', sortable: true },
      { key: 'codigo_recurso', label: 'Recurso fijo', sql: 't.codigo_recurso', sortable: true },
      { key: 'recurso', label: 'Nombre del recurso', sql: "(SELECT r.nombre FROM rm_recursos r WHERE lower(r.codigo) = lower(t.codigo_recurso) AND t.codigo_recurso <> '' ORDER BY r.id LIMIT 1)" },
    ],
    search: ['t.nombre', 't.codigo_recurso'], key: 't.id', defaultOrder: { col: 'id', dir: 'asc' },
    item: movilizacionTipoItem, fields: { nombre: requiredText(100), codigo_recurso: v.optional(text(20), '') }, defaults: { nombre: '', codigo_recurso: '' },
    async check(fields, { deps: { sql }, errors }) {
      if (!fields.codigo_recurso) return;
      const [found] = await sql`SELECT 1 FROM rm_recursos WHERE lower(codigo) = lower(${fields.codigo_recurso})`;
      if (!found) errors.codigo_recurso = MSG_RESOURCE_CODE_UNKNOWN;
    },
    unique: [{ field: 'nombre', message: 'Ya existe un tipo de centro de costo de terceros con ese nombre' }],
    blockedBy: [{ one: 'solicitud', many: 'solicitudes', from: 'rm_solicitudes_compras', where: 'id_solicitudes_movilizacion_terceros_tipocc = $1' }],
    lookups: [
      {
        fields: movilizacionTipoOption,
        path: '/fil_datas/movilizacion_tipos',
        summary: 'Tipos de centro de costo de terceros activos, con su código de recurso fijo (vacío si no tiene)',
        extra: { codigo_recurso: 'codigo_recurso' },
        order: 'id',
      },
    ],
  });
}
