import { centroCostoIndirectoElementoItem, centroCostoIndirectoElementoOption, centroCostoIndirectoElementoRow } from '@shared/contracts/catalogues';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { requiredRef } from './catalogue-fields';
import { defineCatalogue } from './define-catalogue';
import { idFilter } from './list-parts';

/** /centro_costo_indirecto_elementos: the elements of an indirect cost centre (seed 002 L55
 * `id_centro_costo_indirecto_elemento`; no catalogue in any seed: SEED-002-ANALYSIS ambiguity 8).
 * Centre, codigo and nombre required; the code unique within its centre. A request's element
 * belongs to its chosen centre (save-request.ts), so an element named by a request neither moves
 * to another centre nor is removed. */
export function centroCostoIndirectoElementosRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/centro_costo_indirecto_elementos', title: 'Elementos de centro de costo indirecto', fileBase: 'elementos_centro_costo_indirecto',
    entity: 'centro_costo_indirecto_elemento', name: 'elemento de centro de costo indirecto', table: 'rm_centro_costo_indirecto_elementos', alias: 'e',
    from: `rm_centro_costo_indirecto_elementos e
      JOIN rm_centros_costo_indirectos c ON c.id = e.id_centro_costo_indirecto`,
    row: centroCostoIndirectoElementoRow,
    columns: [
      { key: 'centro_costo_indirecto', label: 'Centro de costo indirecto', sql: "c.codigo || ' - ' || c.nombre", sortable: true },
      { key: 'codigo', label: 'Código', sql: 'e.codigo', sortable: true },
      { key: 'nombre', label: 'Nombre', sql: 'e.nombre', sortable: true },
    ],
    extra: { id_centro_costo_indirecto: 'e.id_centro_costo_indirecto' },
    search: ['e.codigo', 'e.nombre', 'c.codigo', 'c.nombre'],
    key: 'e.codigo, e.id',
    defaultOrder: { col: 'centro_costo_indirecto', dir: 'asc' },
    filters: { id_centro_costo_indirecto: idFilter('e.id_centro_costo_indirecto') },
    item: centroCostoIndirectoElementoItem,
    fields: { id_centro_costo_indirecto: requiredRef(), codigo: requiredText(20), nombre: requiredText(200) },
    defaults: { id_centro_costo_indirecto: null, codigo: '', nombre: '' },
    references: { id_centro_costo_indirecto: { table: 'rm_centros_costo_indirectos', message: 'El centro de costo indirecto no existe' } },
    async check(fields, { id, deps: { sql }, errors }) {
      if (errors.id_centro_costo_indirecto || !id) return;
      const [current] = await sql<{ id_centro_costo_indirecto: number }[]>`SELECT id_centro_costo_indirecto::int FROM rm_centro_costo_indirecto_elementos WHERE id = ${id}`;
      if (!current || current.id_centro_costo_indirecto === fields.id_centro_costo_indirecto) return;
      const [used] = await sql`SELECT 1 FROM rm_solicitudes_compras WHERE id_centro_costo_indirecto_elemento = ${id} LIMIT 1`;
      if (used) errors.id_centro_costo_indirecto = 'No se puede cambiar el centro de costo: hay solicitudes con este elemento';
    },
    unique: [{ field: 'codigo', within: 'id_centro_costo_indirecto', message: 'Ya existe un elemento con ese código en el centro de costo' }],
    blockedBy: [{ one: 'solicitud', many: 'solicitudes', from: 'rm_solicitudes_compras', where: 'id_centro_costo_indirecto_elemento = $1' }],
    lookups: [
      {
        fields: centroCostoIndirectoElementoOption,
        path: '/fil_datas/centro_costo_indirecto_elementos',
        summary: 'Elementos activos de centro de costo indirecto (código - nombre); id_centro_costo_indirecto filtra por centro',
        labelColumn: "codigo || ' - ' || nombre",
        extra: { codigo: 'codigo', nombre: 'nombre', id_centro_costo_indirecto: 'id_centro_costo_indirecto' },
        search: ['codigo', 'nombre'],
        parent: { param: 'id_centro_costo_indirecto', column: 'id_centro_costo_indirecto' },
        order: 'codigo, id',
      },
    ],
  });
}
