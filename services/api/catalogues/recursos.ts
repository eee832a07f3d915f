import { recursoItem, recursoOption, recursoRow } from '@shared/contracts/catalogues';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { defineCatalogue } from './define-catalogue';

/** The requests that name a resource: by id (`id_solicitudes_movilizacion_recursos`) or by code
 * (the third-party resource a mobilisation type fixes, `id_solicitudes_movilizacion_terceros_ter_recurso`). */
const REQUESTS_NAMING = `id_solicitudes_movilizacion_recursos = $1
  OR lower(id_solicitudes_movilizacion_terceros_ter_recurso) = (SELECT lower(codigo) FROM rm_recursos WHERE id = $1)`;

/** /recursos: the resources a purchase request is charged to (seed 002 L55
 * `id_solicitudes_movilizacion_recursos`; the seed names none, SEED-002-ANALYSIS ambiguity 8).
 * codigo and nombre required, the code unique ('2-044' and '4-046' are the codes mobilisation
 * types 2 and 3 fix). A resource named by a request or fixed by a mobilisation type cannot be
 * removed. */
export function recursosRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/recursos', title: 'Recursos', fileBase: 'recursos',
    entity: 'recurso', name: 'recurso', table: 'rm_recursos', alias: 't',
    row: recursoRow,
    columns: [
      { key: 'codigo', label: 'Código', sql: 't.codigo', sortable: true },
      { key: 'nombre', label: 'Nombre', sql: 't.nombre', sortable: true },
    ],
    search: ['t.codigo', 't.nombre'], defaultOrder: { col: 'codigo', dir: 'asc' },
    item: recursoItem, fields: { codigo: requiredText(20), nombre: requiredText(200) }, defaults: { codigo: '', nombre: '' },
    unique: [{ field: 'codigo', message: 'Ya existe un recurso con ese código' }],
    blockedBy: [
      { one: 'solicitud', many: 'solicitudes', from: 'rm_solicitudes_compras', where: REQUESTS_NAMING },
      { one: 'tipo de centro de costo de terceros', many: 'tipos de centro de costo de terceros', from: 'rm_movilizacion_tipos', where: 'lower(codigo_recurso) = (SELECT lower(codigo) FROM rm_recursos WHERE id = $1)' },
    ],
    lookups: [
      {
        fields: recursoOption,
        path: '/fil_datas/recursos',
        summary: 'Recursos activos (código - nombre) para el select de la solicitud',
        labelColumn: "codigo || ' - ' || nombre",
        extra: { codigo: 'codigo', nombre: 'nombre' },
        search: ['codigo', 'nombre'],
        order: 'codigo, id',
      },
    ],
  });
}
