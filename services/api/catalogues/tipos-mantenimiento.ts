import { tipoMantenimientoItem, tipoMantenimientoRow } from '@shared/contracts/catalogues';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { defineCatalogue } from './define-catalogue';

export const MSG_TIPOS_FIJOS = 'Los tipos de mantenimiento son tres (MP, MC y MCD): solo se pueden renombrar';

/** /tipos_mantenimiento (issue 19, SEED-002-ANALYSIS ambiguity 13): the labels of a work order's
 * maintenance type. The ids are fixed (1 MP, 2 MC, 3 MCD, created by migration 0060): the KPI
 * and profitability reports split by them, so a fourth type is refused and the admin only renames.
 * A type named by a work order cannot be removed. */
export function tiposMantenimientoRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/tipos_mantenimiento', title: 'Tipos de mantenimiento', fileBase: 'tipos_mantenimiento',
    entity: 'tipo_mantenimiento', name: 'tipo de mantenimiento', table: 'rm_tipos_mantenimiento', alias: 't',
    row: tipoMantenimientoRow,
    columns: [
      { key: 'sigla', label: 'Sigla', sql: 't.sigla', sortable: true },
      { key: 'nombre', label: 'Nombre', sql: 't.nombre', sortable: true },
      { key: 'ordenes', label: 'Órdenes de trabajo', kind: 'integer', sql: '(SELECT count(*) FROM rm_ordenes_trabajo o WHERE o.id_tipo_mantenimiento = t.id)', sortable: true },
    ],
    search: ['t.sigla', 't.nombre'], key: 't.id', defaultOrder: { col: 'id', dir: 'asc' },
    item: tipoMantenimientoItem, fields: { sigla: requiredText(10), nombre: requiredText(100) }, defaults: { sigla: '', nombre: '' },
    unique: [{ field: 'sigla', message: 'Ya existe un tipo de mantenimiento con esa sigla' }, { field: 'nombre', message: 'Ya existe un tipo de mantenimiento con ese nombre' }],
    check: async (_fields, { id, errors }) => {
      if (!(id >= 1 && id <= 3)) errors.nombre = MSG_TIPOS_FIJOS;
    },
    blockedBy: [{ one: 'orden de trabajo', many: 'órdenes de trabajo', from: 'rm_ordenes_trabajo', where: 'id_tipo_mantenimiento = $1' }],
    lookups: [{ path: '/fil_datas/tipos_mantenimiento', summary: 'Tipos de mantenimiento de la OT (1 MP, 2 MC, 3 MCD) para selects', order: 'id' }],
  });
}
