import { MSG_UPDATED, MSG_VALIDATION } from '@shared/messages';
import { CommandRejected } from '../../../events/errors';
import { execute } from '../../../events/execute';
import { RequestState } from '@shared/purchase-request-codes';
import { canRefreshStates, MSG_NOT_PENDING_CENTRAL, MSG_PRODUCT_NOT_FOUND, purchaseRequests, refreshOutcome } from '../../../events/purchase-request/decider';
import type { CentralProductLine } from '../../../events/purchase-request/types';
import type { EventMetadata } from '../../../events/types';
import { pullSicamStatus } from '../../app/jobs/sicam';
import { activeUnitConversions } from '../catalogues/conversion-unidades';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import { can, type Principal } from '../platform/principal';
import { loadRequestItem } from './load-request';
import { assertRequestVisible } from './request-actions';

export const MSG_ATTENDED = 'Pedido atendido';
export const MSG_CENTRAL_SAVED = 'Guardado correctamente';
export const MSG_CENTRAL_EXCESS = 'No puede ser mayor a la cantidad solicitada';
export const MSG_NOT_CENTRAL = 'La solicitud no pasa por el almacén central';

type Ctx = { deps: ApiDeps; principal: Principal; metadata: Partial<EventMetadata> };

/** The central Pedido's form (seed 002 §4, `/almacen_central_ots/{id}/editar`): the request with its
 * products and, for each, the central stock and the rest to buy; which buttons apply. */
export async function centralForm(deps: ApiDeps, principal: Principal, id: number) {
  const item = await loadRequestItem(deps, principal, id);
  if (item.tipo === 2) throw new ApiError(404, MSG_NOT_CENTRAL);
  const [unidades, conversion_unidades] = await Promise.all([
    deps.sql<{ id: number; nombre: string }[]>`SELECT id::int, nombre FROM rm_unidades WHERE estado = 1 ORDER BY nombre`,
    activeUnitConversions(deps.sql),
  ]);
  const edit = can(principal, '/almacen_central_ots', 'edit');
  const waiting = item.estado === RequestState.pendienteAtencionAlmacenCentral && item.atendido_por_almacen_central === 0;
  return {
    item,
    unidades,
    // Seed 002 §7: the units each material type may be counted in, as the site Pedido has them.
    conversion_unidades,
    puede_atender: edit && waiting,
    puede_observar: edit && waiting,
    // "Actualizar Estados": once attended, disabled when finalizado (seed 002 L127), nothing else.
    puede_actualizar: edit && canRefreshStates(item) === null,
  };
}

/** The Pedido's lines as the save sends them, checked against the request's products: central
 * stock at most what the site asked for; the rest to buy is computed, and `en_almacen_central`
 * becomes 1 by itself when nothing is left to buy (seed 002 L127). */
export function centralLines(
  sent: { id: number; cantidad_en_almacen_central: number; observacion_almacen_central?: string | null }[],
  products: { id: number; cantidad_solicitada_por_almacen_obra: number }[],
): { lines: CentralProductLine[]; errors: Record<string, string> } {
  const byId = new Map(products.map((p) => [p.id, p]));
  const errors: Record<string, string> = {};
  const lines: CentralProductLine[] = [];
  sent.forEach((l, i) => {
    const p = byId.get(l.id);
    if (!p) {
      errors[`productos_solicitados.${i}.id`] = MSG_PRODUCT_NOT_FOUND;
      return;
    }
    if (l.cantidad_en_almacen_central > p.cantidad_solicitada_por_almacen_obra) {
      errors[`productos_solicitados.${i}.cantidad_en_almacen_central`] = MSG_CENTRAL_EXCESS;
      return;
    }
    const rest = Math.round((p.cantidad_solicitada_por_almacen_obra - l.cantidad_en_almacen_central) * 10_000) / 10_000;
    lines.push({
      id: l.id,
      cantidad_en_almacen_central: l.cantidad_en_almacen_central,
      cantidad_solicitada_por_almacen_central: rest,
      en_almacen_central: rest === 0 ? 1 : 0,
      observacion_almacen_central: l.observacion_almacen_central ?? '',
    });
  });
  return { lines, errors };
}

/** POST /almacen_central_ots/create: saves the Pedido's quantities; with `terminado=1` it is
 * "Atendido" in the same transaction (3 → 4, or 5 when nothing is left to buy or it is a despacho). */
export async function saveCentral(
  { deps, principal, metadata }: Ctx,
  input: { id: number; terminado: 0 | 1; productos_solicitados: { id: number; cantidad_en_almacen_central: number; observacion_almacen_central?: string | null }[] },
) {
  await assertRequestVisible(deps, principal, input.id);
  const [r] = await deps.sql<{ tipo: number }[]>`SELECT tipo::int FROM rm_solicitudes_compras WHERE id = ${input.id}`;
  if (r.tipo === 2) throw new ApiError(409, MSG_NOT_CENTRAL);
  await execute(deps.store, async (c) => {
    const request = await c.load(purchaseRequests, input.id);
    if (request.state.status !== 'present' || request.state.estado !== RequestState.pendienteAtencionAlmacenCentral || request.state.atendido) {
      throw new CommandRejected(MSG_NOT_PENDING_CENTRAL, {}, 409);
    }
    const products = await c.tx<{ id: number; cantidad_solicitada_por_almacen_obra: number; cantidad_en_almacen_central: number; cantidad_solicitada_por_almacen_central: number }[]>`
      SELECT id::int, cantidad_solicitada_por_almacen_obra::float8, cantidad_en_almacen_central::float8, cantidad_solicitada_por_almacen_central::float8
        FROM rm_productos_solicitados WHERE id_solicitud_compra = ${input.id} AND estado NOT IN (2, 13) ORDER BY orden, id`;
    const sent = [...input.productos_solicitados];
    if (input.terminado) {
      // "Atendido" settles every line: one the Pedido never recorded is entirely to buy.
      const named = new Set(sent.map((l) => l.id));
      for (const p of products) {
        if (!named.has(p.id) && p.cantidad_en_almacen_central === 0 && p.cantidad_solicitada_por_almacen_central === 0) sent.push({ id: p.id, cantidad_en_almacen_central: 0 });
      }
    }
    const { lines, errors } = centralLines(sent, products);
    if (Object.keys(errors).length) throw new CommandRejected(MSG_VALIDATION, errors, 422);
    if (lines.length) request.decide({ type: 'SaveCentralQuantities', id: input.id, productos: lines, by: principal.userId });
    if (input.terminado) {
      const rest = new Map(products.map((p) => [p.id, p.cantidad_solicitada_por_almacen_central]));
      for (const l of lines) rest.set(l.id, l.cantidad_solicitada_por_almacen_central);
      request.decide({ type: 'AttendByCentral', id: input.id, leftToBuy: [...rest.values()].some((q) => q > 0), by: principal.userId });
    }
  }, { metadata });
  const item = await loadRequestItem(deps, principal, input.id);
  return { msg: input.terminado ? MSG_ATTENDED : MSG_CENTRAL_SAVED, is_new: false, item };
}

/** "Actualizar Estados": asks SICAM now for the request's purchase order (the same pull the
 * worker runs every SICAM_POLL_SECONDS); changes become events, no change writes nothing. Allowed
 * once attended and until finalizado (`canRefreshStates`); a despacho, or a request SICAM has no
 * order for yet, gets an ok reply saying so (`refreshOutcome`). */
export async function refreshStates({ deps, principal }: Ctx, id: number) {
  await assertRequestVisible(deps, principal, id);
  const [r] = await deps.sql<{ tipo: number; enviado_sicam: number; estado: number; atendido_por_almacen_central: number }[]>`
    SELECT tipo::int, enviado_sicam::int, estado::int, atendido_por_almacen_central::int FROM rm_solicitudes_compras WHERE id = ${id}`;
  if (r.tipo === 2) throw new ApiError(404, MSG_NOT_CENTRAL);
  const refused = canRefreshStates(r);
  if (refused) throw new ApiError(409, refused);
  const outcome = refreshOutcome(r);
  if (!outcome.pull) return { msg: outcome.msg, eventos: 0 };
  if (!deps.sicam) throw new ApiError(409, 'SICAM no está configurado (SICAM_URL)');
  const result = await pullSicamStatus({ store: deps.store, sicam: deps.sicam }, id);
  if (result.failed) throw new ApiError(409, 'No se pudo consultar SICAM, intente nuevamente');
  return { msg: MSG_UPDATED, eventos: result.events };
}
