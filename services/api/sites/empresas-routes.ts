import * as v from 'valibot';
import { counted, sorted } from '../catalogues/catalogue-presets';
import { defineCatalogue } from '../catalogues/define-catalogue';
import { requiredText, text } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { isValidRuc } from '../work-orders/ruc/ruc-lookup';
import { empresaItem, empresaRow } from '@shared/contracts/sites';

/** /empresas (issue 13, item 22; seed 000 §3 'Company': nombre, ruc): the companies that own the
 * work sites, created, edited and disabled on the generic CRUD. Names are unique; the RUC, when
 * given, is a valid one (11 digits and its check digit) and unique; a company with sites or
 * with users assigned to its sites cannot be removed (disable it instead). */
export function empresasRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/empresas', title: 'Empresas', fileBase: 'empresas',
    entity: 'empresa', name: 'empresa', table: 'rm_empresas',
    row: empresaRow,
    columns: [sorted('nombre', 'Nombre'), sorted('ruc', 'RUC'), counted('obras', 'Obras', '(SELECT count(*) FROM rm_obras o WHERE o.id_empresa = rm_empresas.id)')],
    search: ['nombre', 'ruc'], defaultOrder: { col: 'nombre', dir: 'asc' },
    item: empresaItem, fields: { nombre: requiredText(150), ruc: v.optional(text(11), '') }, defaults: { nombre: '', ruc: '' },
    unique: [{ field: 'nombre', message: 'Ya existe una empresa con ese nombre' }],
    async check(fields, { id, deps, errors }) {
      if (!fields.ruc) return;
      if (!isValidRuc(fields.ruc)) errors.ruc = 'RUC no válido: 11 dígitos con su dígito verificador';
      else {
        const [dup] = await deps.sql`SELECT 1 FROM rm_empresas WHERE ruc = ${fields.ruc} AND id <> ${id}`;
        if (dup) errors.ruc = 'Ya existe una empresa con ese RUC';
      }
    },
    blockedBy: [
      { one: 'obra', many: 'obras', from: 'rm_obras', where: 'id_empresa = $1' },
      { one: 'asignación de usuario', many: 'asignaciones de usuarios', from: 'rm_user_obras', where: 'id_empresa = $1' },
    ],
  });
}
