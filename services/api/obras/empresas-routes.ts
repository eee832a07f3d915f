import * as v from 'valibot';
import { blockingReferences } from '../catalogues/blocking-references';
import { estadoFilter, stateColumns } from '../catalogues/list-parts';
import { defineCrud } from '../platform/define-crud';
import { defineList } from '../platform/define-list';
import { requiredText, text } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { isValidRuc } from '../work-orders/ruc/ruc-lookup';
import { empresaItem, empresaRow } from './obras-contracts';

const MODULE = '/empresas';

/** /empresas (issue 13, item 22; seed 000 §3 'Company': nombre, ruc): the companies that own the
 * work sites, created, edited and disabled on the generic CRUD. Names are unique; the RUC, when
 * given, is a valid one (11 digits and its check digit) and unique; a company with sites or
 * with users assigned to its sites cannot be removed (disable it instead). */
export function empresasRoutes(): AnyRoute[] {
  return [
    ...defineList({
      row: empresaRow,
      path: MODULE,
      module: MODULE,
      title: 'Empresas',
      fileBase: 'empresas',
      from: 'rm_empresas',
      columns: [
        { key: 'id', label: 'ID', kind: 'integer', sortable: true },
        { key: 'nombre', label: 'Nombre', sortable: true },
        { key: 'ruc', label: 'RUC', sortable: true },
        { key: 'obras', label: 'Obras', kind: 'integer', sql: '(SELECT count(*) FROM rm_obras o WHERE o.id_empresa = rm_empresas.id)', sortable: true },
        ...stateColumns(),
      ],
      search: ['nombre', 'ruc'],
      dateColumn: 'date_created',
      defaultOrder: { col: 'nombre', dir: 'asc' },
      filters: { estado: estadoFilter() },
    }),
    ...defineCrud({
      item: empresaItem,
      endpoint: MODULE,
      module: MODULE,
      entity: 'empresa',
      title: 'empresa',
      table: 'rm_empresas',
      fields: { nombre: requiredText(150), ruc: v.optional(text(11), '') },
      defaults: { nombre: '', ruc: '' },
      async validate(fields, { id, deps }) {
        const errors: Record<string, string> = {};
        if (fields.nombre !== undefined) {
          const [dup] = await deps.sql`SELECT 1 FROM rm_empresas WHERE lower(nombre) = lower(${fields.nombre}) AND id <> ${id}`;
          if (dup) errors.nombre = 'Ya existe una empresa con ese nombre';
        }
        if (fields.ruc) {
          if (!isValidRuc(fields.ruc)) errors.ruc = 'RUC no válido: 11 dígitos con su dígito verificador';
          else {
            const [dup] = await deps.sql`SELECT 1 FROM rm_empresas WHERE ruc = ${fields.ruc} AND id <> ${id}`;
            if (dup) errors.ruc = 'Ya existe una empresa con ese RUC';
          }
        }
        return errors;
      },
      beforeRemove: (id, { deps }) =>
        blockingReferences(deps.sql, id, [
          { one: 'obra', many: 'obras', from: 'rm_obras', where: 'id_empresa = $1' },
          { one: 'asignación de usuario', many: 'asignaciones de usuarios', from: 'rm_user_obras', where: 'id_empresa = $1' },
        ]),
    }),
  ];
}
