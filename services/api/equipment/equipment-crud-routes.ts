import { ApiError, NOT_FOUND } from '../platform/api-error';
import { defineCrud } from '../platform/define-crud';
import type { AnyRoute, RouteContext } from '../platform/route';
import { equipoItem } from '@shared/contracts/equipment';
import { equipoDefaults, equipoFields } from './equipment-fields';
import { EQUIPO_RULES } from '@shared/equipment-rules';
import { loadEquipoItem } from './load-equipment-item';
import { validateEquipo } from './validate-equipment';

export const EQUIPO_HAS_WORK_ORDERS = 'No se puede eliminar: el equipo tiene órdenes de trabajo. Desactívelo en su lugar.';

/** Seed 001 §7, generic modal CRUD on /equipos (entity `equipo`, streams `equipo-{id}`, read model
 * rm_equipos) with the equipment form's rules (seed 001 §5):
 * - form: the item with costo_mes_actual and pendiente_por_mes (read only) and dates as 'YYYY-MM-DD';
 * - create: the field schemas (equipo-fields.ts), then validateEquipo; on site 8 the
 *   yellow/white line does not apply and is saved as 0;
 * - remove: refused (409, nothing stored) while work orders point at the machine (its history
 *   must stay whole; deactivating keeps it out of the selects instead). */
export function equipoCrudRoutes(): AnyRoute[] {
  const [form, create, remove, enable, disable] = defineCrud({
    endpoint: '/equipos',
    module: '/equipos',
    entity: 'equipo',
    title: 'equipo',
    table: 'rm_equipos',
    item: equipoItem,
    fields: equipoFields,
    defaults: equipoDefaults,
    validate: (fields, { id, deps }) => validateEquipo(deps.sql, id, fields),
    // The generic CRUD's in-use refusal (409), as every catalogue's.
    beforeRemove: async (id, { deps }) => {
      const [used] = await deps.sql`SELECT 1 FROM rm_ordenes_trabajo WHERE id_equipo = ${id} LIMIT 1`;
      return used ? EQUIPO_HAS_WORK_ORDERS : null;
    },
  });
  return [
    withHandler(form, () => async (ctx) => {
      const id = Number(ctx.input.id);
      if (id === 0) return { item: { id: 0, ...equipoDefaults, costo_mes_actual: '0.00', pendiente_por_mes: '0.00' } };
      const item = await loadEquipoItem(ctx.deps.sql, id);
      if (!item) throw new ApiError(404, NOT_FOUND);
      return { item };
    }),
    withHandler(create, (inner) => async (ctx) => {
      if (Number(ctx.input.id_obra) === EQUIPO_RULES.siteWithoutLinea) ctx.input.linea_amarilla_blanca = 0;
      const reply = (await inner(ctx)) as Record<string, unknown> & { item: { id: number } };
      return { ...reply, item: await loadEquipoItem(ctx.deps.sql, Number(reply.item.id)) };
    }),
    remove,
    enable,
    disable,
  ];
}

type Handler = (ctx: RouteContext<Record<string, unknown>>) => Promise<Record<string, unknown> | Response>;

/** A generic route (defineCrud's) with its handler wrapped: the module's rules run around the
 * shared mechanism (before it, after it, or instead of it) without changing the platform. */
export function withHandler(route: AnyRoute, wrap: (inner: Handler) => Handler): AnyRoute {
  return { ...route, handler: wrap(route.handler) as AnyRoute['handler'] };
}
