import { grupoFuncionalItem, grupoFuncionalOption, grupoFuncionalRow } from './catalogue-contracts';
import { defineCrud } from '../platform/define-crud';
import { defineList } from '../platform/define-list';
import { defineLookup } from '../platform/define-lookup';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { blockingReferences } from './blocking-references';
import { estadoFilter, stateColumns } from './list-parts';

/** /grupos_funcionales (seed 001 §3 Functional group: sigla, nombre; §5: both required). Sigla
 * and name are each unique. A group with elements, or named on work-order lines, cannot be
 * removed. */
export function gruposFuncionalesRoutes(): AnyRoute[] {
  return [
    ...defineList({
      row: grupoFuncionalRow,
      path: '/grupos_funcionales',
      module: '/grupos_funcionales',
      title: 'Grupos funcionales',
      fileBase: 'grupos_funcionales',
      from: 'rm_grupos_funcionales g',
      columns: [
        { key: 'id', label: 'ID', kind: 'integer', sql: 'g.id', sortable: true },
        { key: 'sigla', label: 'Sigla', sql: 'g.sigla', sortable: true },
        { key: 'nombre', label: 'Nombre', sql: 'g.nombre', sortable: true },
        { key: 'elementos', label: 'Elementos', kind: 'integer', sql: '(SELECT count(*) FROM rm_grupo_funcional_elementos e WHERE e.id_grupo_funcional = g.id)', sortable: true },
        ...stateColumns('g'),
      ],
      search: ['g.sigla', 'g.nombre'],
      dateColumn: 'g.date_created',
      key: 'g.id',
      defaultOrder: { col: 'nombre', dir: 'asc' },
      filters: { estado: estadoFilter('g.estado') },
    }),
    ...defineCrud({
      item: grupoFuncionalItem,
      endpoint: '/grupos_funcionales',
      module: '/grupos_funcionales',
      entity: 'grupo_funcional',
      title: 'grupo funcional',
      table: 'rm_grupos_funcionales',
      fields: { sigla: requiredText(20), nombre: requiredText(200) },
      defaults: { sigla: '', nombre: '' },
      async validate(fields, { id, deps }) {
        const errors: Record<string, string> = {};
        const [sigla] = await deps.sql`SELECT 1 FROM rm_grupos_funcionales WHERE lower(sigla) = lower(${fields.sigla}) AND id <> ${id}`;
        if (sigla) errors.sigla = 'Ya existe un grupo funcional con esa sigla';
        const [nombre] = await deps.sql`SELECT 1 FROM rm_grupos_funcionales WHERE lower(nombre) = lower(${fields.nombre}) AND id <> ${id}`;
        if (nombre) errors.nombre = 'Ya existe un grupo funcional con ese nombre';
        return errors;
      },
      beforeRemove: (id, { deps }) =>
        blockingReferences(deps.sql, id, [
          { one: 'elemento', many: 'elementos', from: 'rm_grupo_funcional_elementos', where: 'id_grupo_funcional = $1' },
          { one: 'línea de OT', many: 'líneas de OT', from: 'rm_ot_lineas', where: "line->>'id_grupo_funcional' = $1::text" },
        ]),
    }),
    defineLookup({
      fields: grupoFuncionalOption,
      path: '/fil_datas/grupos_funcionales',
      access: { kind: 'signed_in' },
      summary: 'Grupos funcionales activos para selects (label sigla - nombre)',
      from: 'rm_grupos_funcionales',
      valueColumn: 'id',
      labelColumn: "sigla || ' - ' || nombre",
      extra: { sigla: 'sigla', nombre: 'nombre' },
      search: ['sigla', 'nombre'],
      where: 'estado = 1',
      order: 'nombre',
      maxLimit: 500,
    }),
  ];
}
