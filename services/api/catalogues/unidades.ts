import * as v from 'valibot';
import { unidadItem, unidadRow } from '@shared/contracts/catalogues';
import { int, requiredText, text } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { defineCatalogue } from './define-catalogue';

/** /unidades (seed 001 §3 Unit: nombre, decimales, etiquetas; §5: nombre required). Names are
 * unique (case-insensitive). A unit counted in by conversions, maintenance intervals of equipment
 * subgroups or work-order spare-part lines cannot be removed. */
export function unidadesRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/unidades', title: 'Unidades', fileBase: 'unidades',
    entity: 'unidad', name: 'unidad', table: 'rm_unidades',
    row: unidadRow,
    columns: [
      { key: 'nombre', label: 'Nombre', sortable: true },
      { key: 'decimales', label: 'Decimales', kind: 'integer', sortable: true },
      { key: 'etiquetas', label: 'Etiquetas' },
    ],
    search: ['nombre', 'etiquetas'], defaultOrder: { col: 'nombre', dir: 'asc' },
    item: unidadItem, fields: {
      nombre: requiredText(60),
      decimales: v.optional(v.pipe(int(), v.minValue(0, 'Mínimo 0'), v.maxValue(6, 'Máximo 6')), 0),
      etiquetas: v.optional(text(255), ''),
    },
    defaults: { nombre: '', decimales: 0, etiquetas: '' },
    unique: [{ field: 'nombre', message: 'Ya existe una unidad con ese nombre' }],
    blockedBy: [
      { one: 'conversión de unidad', many: 'conversiones de unidad', from: 'rm_conversion_unidades', where: 'id_unidad = $1' },
      { one: 'subgrupo de equipo', many: 'subgrupos de equipo', from: 'rm_equipo_subgrupos', where: 'id_mantenimiento_unidad = $1' },
      { one: 'repuesto de OT', many: 'repuestos de OT', from: 'rm_ot_lineas', where: "line->>'id_unidad' = $1::text" },
    ],
    lookups: [{ path: '/fil_datas/unidades', summary: 'Unidades activas para selects' }],
  });
}
