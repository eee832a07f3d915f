import { grupoFuncionalItem, grupoFuncionalOption, grupoFuncionalRow } from '@shared/contracts/catalogues';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { defineCatalogue } from './define-catalogue';

/** /grupos_funcionales (seed 001 §3 Functional group: sigla, nombre; §5: both required). Sigla
 * and name are each unique. A group with elements, or named on work-order lines, cannot be
 * removed. */
export function gruposFuncionalesRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/grupos_funcionales', title: 'Grupos funcionales', fileBase: 'grupos_funcionales',
    entity: 'grupo_funcional', name: 'grupo funcional', table: 'rm_grupos_funcionales', alias: 'g',
    row: grupoFuncionalRow,
    columns: [
      { key: 'sigla', label: 'Sigla', sql: 'g.sigla', sortable: true },
      { key: 'nombre', label: 'Nombre', sql: 'g.nombre', sortable: true },
      { key: 'elementos', label: 'Elementos', kind: 'integer', sql: '(SELECT count(*) FROM rm_grupo_funcional_elementos e WHERE e.id_grupo_funcional = g.id)', sortable: true },
    ],
    search: ['g.sigla', 'g.nombre'], defaultOrder: { col: 'nombre', dir: 'asc' },
    item: grupoFuncionalItem, fields: { sigla: requiredText(20), nombre: requiredText(200) }, defaults: { sigla: '', nombre: '' },
    unique: [
      { field: 'sigla', message: 'Ya existe un grupo funcional con esa sigla' },
      { field: 'nombre', message: 'Ya existe un grupo funcional con ese nombre' },
    ],
    blockedBy: [
      { one: 'elemento', many: 'elementos', from: 'rm_grupo_funcional_elementos', where: 'id_grupo_funcional = $1' },
      { one: 'línea de OT', many: 'líneas de OT', from: 'rm_ot_lineas', where: "line->>'id_grupo_funcional' = $1::text" },
    ],
    lookups: [
      {
        fields: grupoFuncionalOption,
        path: '/fil_datas/grupos_funcionales',
        summary: 'Grupos funcionales activos para selects (label sigla - nombre)',
        labelColumn: "sigla || ' - ' || nombre",
        extra: { sigla: 'sigla', nombre: 'nombre' },
        search: ['sigla', 'nombre'],
        order: 'nombre',
      },
    ],
  });
}
