import { centroCostoIndirectoItem, centroCostoIndirectoOption, centroCostoIndirectoRow } from '@shared/contracts/catalogues';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { defineCatalogue } from './define-catalogue';

/** /centros_costo_indirectos: the indirect cost centres a request without equipment is charged to
 * (seed 002 L55 `id_centro_costo_indirecto`; no catalogue in any seed: SEED-002-ANALYSIS
 * ambiguity 8). codigo and nombre required, the code unique. A centre with elements or named by a
 * request cannot be removed. */
export function centrosCostoIndirectosRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/centros_costo_indirectos', title: 'Centros de costo indirectos', fileBase: 'centros_costo_indirectos',
    entity: 'centro_costo_indirecto', name: 'centro de costo indirecto', table: 'rm_centros_costo_indirectos', alias: 't',
    row: centroCostoIndirectoRow,
    columns: [
      { key: 'codigo', label: 'Código', sql: 't.codigo', sortable: true },
      { key: 'nombre', label: 'Nombre', sql: 't.nombre', sortable: true },
      { key: 'elementos', label: 'Elementos', kind: 'integer', sql: '(SELECT count(*) FROM rm_centro_costo_indirecto_elementos e WHERE e.id_centro_costo_indirecto = t.id)', sortable: true },
    ],
    search: ['t.codigo', 't.nombre'], defaultOrder: { col: 'codigo', dir: 'asc' },
    item: centroCostoIndirectoItem, fields: { codigo: requiredText(20), nombre: requiredText(200) }, defaults: { codigo: '', nombre: '' },
    unique: [{ field: 'codigo', message: 'Ya existe un centro de costo indirecto con ese código' }],
    blockedBy: [
      { one: 'elemento', many: 'elementos', from: 'rm_centro_costo_indirecto_elementos', where: 'id_centro_costo_indirecto = $1' },
      { one: 'solicitud', many: 'solicitudes', from: 'rm_solicitudes_compras', where: 'id_centro_costo_indirecto = $1' },
    ],
    lookups: [
      {
        fields: centroCostoIndirectoOption,
        path: '/fil_datas/centros_costo_indirectos',
        summary: 'Centros de costo indirectos activos (código - nombre) para selects',
        labelColumn: "codigo || ' - ' || nombre",
        extra: { codigo: 'codigo', nombre: 'nombre' },
        search: ['codigo', 'nombre'],
        order: 'codigo, id',
      },
    ],
  });
}
