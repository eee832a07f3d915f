import * as v from 'valibot';
import { catalogueCrud } from '../catalogues/define-catalogue';
import { int, positiveId, requiredText, text } from '../platform/fields';
import { DEFAULT_NEED_DAYS } from '../purchase-requests/generated-request';
import type { AnyRoute } from '../platform/route';
import { assertSiteAllows } from '../platform/site-scope';
import { obraItem } from '@shared/contracts/sites';

const MODULE = '/obras';

/** A site's 'Plazo de necesidad (días)' (issue 28): whole days, 0 to 365. */
export const MAX_NEED_DAYS = 365;

/** The site form (seed 000 §3 'Site': id_empresa, codigo, nombre, direccion, ciudad; and, for
 * issue 28, plazo_necesidad_dias: the need date of a request generated from one of its work
 * orders is that many days after the day it is generated). */
const fields = {
  id_empresa: v.pipe(v.union([v.literal(''), v.null(), positiveId()], 'Seleccione la empresa'), v.check((x) => typeof x === 'number', 'Seleccione la empresa')),
  codigo: v.pipe(requiredText(20), v.regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'Solo letras, números y guiones (p. ej. OB-LIM-01)')),
  nombre: requiredText(150),
  direccion: v.optional(text(250), ''),
  ciudad: v.optional(text(100), ''),
  plazo_necesidad_dias: v.optional(v.pipe(int(), v.minValue(0, 'Mínimo 0'), v.maxValue(MAX_NEED_DAYS, `Máximo ${MAX_NEED_DAYS}`)), DEFAULT_NEED_DAYS),
};

/** Create, edit, enable, disable and remove work sites (issue 13, item 22) on the generic CRUD
 * (`/obras/form`, `/create`, `/enable`, `/disable`, `/remove`). Rules: the company exists and is
 * active; the code is unique (work-order codes start with it); a site the caller does not work
 * on does not exist for the caller (site scope, as the list); a site with work orders, machines,
 * hour-meter logs, general expenses or people cannot be removed: it is disabled instead, and a
 * disabled site leaves the selects. */
export function obraCrudRoutes(): AnyRoute[] {
  const crud = catalogueCrud({
    item: obraItem,
    path: MODULE,
    entity: 'obra',
    name: 'obra',
    table: 'rm_obras',
    fields,
    defaults: { id_empresa: null, codigo: '', nombre: '', direccion: '', ciudad: '', gastos_generales: 0, monto_total: 0, plazo_necesidad_dias: DEFAULT_NEED_DAYS },
    async check(input, { id, deps, errors }) {
      const [company] = await deps.sql<{ estado: number }[]>`SELECT estado FROM rm_empresas WHERE id = ${input.id_empresa as number}`;
      const [stored] = id > 0 ? await deps.sql<{ id_empresa: number }[]>`SELECT id_empresa FROM rm_obras WHERE id = ${id}` : [];
      if (!company) errors.id_empresa = 'No se encontró la empresa';
      else if (company.estado !== 1 && Number(stored?.id_empresa) !== input.id_empresa) errors.id_empresa = 'La empresa está desactivada';
    },
    unique: [{ field: 'codigo', message: 'Ya existe una obra con ese código' }],
    blockedBy: [
      { one: 'orden de trabajo', many: 'órdenes de trabajo', from: 'rm_ordenes_trabajo', where: 'id_obra = $1' },
      { one: 'equipo', many: 'equipos', from: 'rm_equipos', where: 'id_obra = $1' },
      { one: 'horómetro', many: 'horómetros', from: 'rm_horometros', where: 'id_obra = $1' },
      { one: 'línea de gastos generales', many: 'líneas de gastos generales', from: 'rm_obra_gastos', where: 'id_obra = $1' },
      { one: 'persona', many: 'personas', from: 'rm_users', where: 'id_obra = $1' },
      { one: 'asignación de usuario', many: 'asignaciones de usuarios', from: 'rm_user_obras', where: 'id_obra = $1' },
    ],
  });
  // Site scope: every action on an existing site first checks that the caller works on it.
  return crud.map((route): AnyRoute => ({
    ...route,
    async handler(ctx) {
      const id = (ctx.input as { id: number }).id;
      if (id > 0) await assertSiteAllows(ctx.deps, ctx.principal!, 'obra', id);
      return route.handler(ctx);
    },
  }));
}
