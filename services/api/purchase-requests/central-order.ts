import { MSG_UPDATED } from '@shared/messages';
import { execute } from '../../../events/execute';
import { RequestState } from '@shared/purchase-request-codes';
import { canRefreshStates, MSG_NOT_CENTRAL, purchaseRequests, refreshOutcome } from '../../../events/purchase-request/decider';
import type { CentralOrderProduct } from '../../../events/purchase-request/types';
import type { EventMetadata } from '../../../events/types';
import { pullSicamStatus } from '../../app/jobs/sicam';
import { activeUnitConversions } from '../catalogues/conversion-unidades';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import { can, type Principal } from '../platform/principal';
import { loadRequestItem } from './load-request';
import { assertRequestVisible } from './request-actions';
import { SicamUnavailable } from '../../../events/errors';

export const MSG_ATTENDED = 'Pedido atendido';
export const MSG_CENTRAL_SAVED = 'Guardado correctamente';

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

/** POST /almacen_central_ots/create: saves the Pedido's quantities; with `terminado=1` it is
 * "Atendido" in the same transaction (3 → 4, or 5 when nothing is left to buy or it is a despacho). */
export async function saveCentral(
  { deps, principal, metadata }: Ctx,
  input: { id: number; terminado: 0 | 1; productos_solicitados: { id: number; cantidad_en_almacen_central: number; observacion_almacen_central?: string | null }[] },
) {
  await assertRequestVisible(deps, principal, input.id);
  await execute(deps.store, async (c) => {
    const request = await c.load(purchaseRequests, input.id);
    const productos = await c.tx<CentralOrderProduct[]>`
      SELECT id::int, cantidad_solicitada_por_almacen_obra::float8, cantidad_en_almacen_central::float8, cantidad_solicitada_por_almacen_central::float8
        FROM rm_productos_solicitados WHERE id_solicitud_compra = ${input.id} AND estado NOT IN (2, 13) ORDER BY orden, id`;
    request.decide({ type: 'SaveCentralOrder', id: input.id, lineas: input.productos_solicitados, productos, terminado: input.terminado === 1, by: principal.userId });
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
  await execute(deps.store, async (c) => {
    const request = await c.load(purchaseRequests, id);
    request.decide({ type: 'RefreshStates', id });
  });
  const outcome = refreshOutcome(r);
  if (!outcome.pull) return { msg: outcome.msg, eventos: 0 };
  if (!deps.sicam) throw new SicamUnavailable('SICAM no está configurado (SICAM_URL)', 409);
  const result = await pullSicamStatus({ store: deps.store, sicam: deps.sicam }, id);
  if (result.failed) throw new SicamUnavailable('No se pudo consultar SICAM, intente nuevamente', 409);
  return { msg: MSG_UPDATED, eventos: result.events };
}
