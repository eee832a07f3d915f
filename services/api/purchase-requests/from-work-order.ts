import { MSG_WORK_ORDER_NOT_FOUND } from '@shared/messages';
import { CommandRejected } from '../../../events/errors';
import { execute } from '../../../events/execute';
import { purchaseRequests } from '../../../events/purchase-request/decider';
import type { EventMetadata } from '../../../events/types';
import { draftParts, toRequest, workOrders } from '../../../events/work-order/decider';
import type { Actor } from '../../../events/work-order/types';
import type { ApiDeps } from '../platform/deps';
import { ApiError } from '../platform/api-error';
import { defineRoute, moduleAccess, type AnyRoute } from '../platform/route';
import { loadActor } from '../work-orders/load-actor';
import { assertWorkOrderVisible } from '../work-orders/work-order-routes';
import { fromWorkOrderReply } from '@shared/contracts/purchase-requests';
import { fromWorkOrderSchema } from './purchase-request-schemas';
import { generatedRequestFields } from './generated-request';
import { nextRequestCode } from './save-request';

export const MSG_PURCHASE_REQUEST_CREATED = 'Se generó la solicitud de compra';

/** crearPreSolicitud (seed 002 §4, §7): the compra request of a work order whose Pedido the site
 * warehouse attended, as a borrador carrying the lines still to request with what is left of each
 * (requested − site stock − stock taken from another request), each with its line's unit; a compra
 * created from an OT keeps the OT's products. Its header is filled from the order and its site
 * (generatedRequestFields, issue 28): the requester only chooses what is left, then sends it.
 * Allowed by the work order's decider (`canGeneratePurchaseRequest`, as it links the request). The
 * request, the order's link and the lines' products are one command: a refusal leaves all unchanged. */
export async function createPurchaseRequestFromWorkOrder(deps: ApiDeps, opts: { idOrden: number; actor: Actor; metadata: Partial<EventMetadata> }) {
  const { value } = await execute(deps.store, async (c) => {
    const order = await c.load(workOrders, opts.idOrden);
    if (!order.exists) throw new CommandRejected(MSG_WORK_ORDER_NOT_FOUND, {}, 404);
    const id = await c.nextId('purchase_request');
    order.decide({ type: 'LinkRequest', request: { id, tipo: 'compra', estado: 'borrador' }, actor: opts.actor, viaServiceRequest: false, fromDraftParts: true });
    const parts = draftParts(order.state).sort((a, b) => a.id - b.id);
    const productIds = await c.nextIds('requested_product', parts.length);
    const idObra = order.state.header.id_obra;
    if (!idObra) throw new CommandRejected(MSG_WORK_ORDER_NOT_FOUND, {}, 404);
    const codigo = await nextRequestCode(c.tx, idObra, 'compra');
    const request = c.start(purchaseRequests, id);
    request.decide({
      type: 'CreateRequest', id, codigo, tipo: 'compra', idObra, idOrdenTrabajo: opts.idOrden, creadoDesdeOt: true,
      fields: await generatedRequestFields(c.tx, order.state, 'compra', parts),
      productos: parts.map((line, i) => ({
        id: productIds[i], id_material: line.id_material ?? null, cantidad: toRequest(line), codigo: line.codigo_material || null,
        descripcion: line.descripcion || null, id_unidad: line.id_unidad ?? null, id_linea_ot: line.id, solicitud_material: line.solicitud_material,
        cantidad_solicitada_por_tecnico: Number(line.cantidad_solicitada_por_tecnico), cantidad_en_almacen_obra: Number(line.cantidad_en_almacen_obra ?? 0),
        usar_stock_solicitud: line.usar_stock_solicitud, id_producto_solicitado_stock_solicitud: line.id_producto_solicitado_stock_solicitud,
        cantidad_stock_solicitud: Number(line.cantidad_stock_solicitud ?? 0),
      })),
      by: opts.actor.id,
    });
    order.decide({ type: 'RecordPartsRequested', idSolicitud: id, productos: parts.map((line, i) => ({ line_id: line.id, id_producto: productIds[i] })) });
    return id;
  }, { metadata: opts.metadata });
  return { msg: MSG_PURCHASE_REQUEST_CREATED, is_new: true, id_solicitud_compra: value };
}

/** The crearPreSolicitud call, served under the purchasing module (`/solicitudes_compras`, for
 * those who edit work orders) and the site warehouse's (`/almacen_obra_ots`). */
export function purchaseRequestFromWorkOrderRoute(path: string, module: string, summary: string): AnyRoute {
  return defineRoute({
    method: 'POST',
    path,
    access: moduleAccess(module, 'edit'),
    summary,
    input: fromWorkOrderSchema,
    output: fromWorkOrderReply,
    async handler(ctx) {
      if (!ctx.principal) throw new ApiError(401, 'Inicie sesión');
      await assertWorkOrderVisible(ctx, ctx.input.id_orden_trabajo);
      return createPurchaseRequestFromWorkOrder(ctx.deps, { idOrden: ctx.input.id_orden_trabajo, actor: await loadActor(ctx.deps, ctx.principal), metadata: ctx.metadata });
    },
  });
}
