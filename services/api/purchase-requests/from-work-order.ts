import { MSG_WORK_ORDER_NOT_FOUND } from '@shared/messages';
import { CommandRejected } from '../../../events/errors';
import { execute } from '../../../events/execute';
import { purchaseRequests } from '../../../events/purchase-request/decider';
import type { EventMetadata } from '../../../events/types';
import { workOrders } from '../../../events/work-order/decider';
import type { Actor } from '../../../events/work-order/types';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import { nextRequestCode } from './save-request';

export const MSG_PURCHASE_REQUEST_CREATED = 'Se generó la solicitud de compra';
export const MSG_NO_PARTS = 'La orden de trabajo no tiene repuestos que solicitar';
export const MSG_REQUEST_RIGHT = 'No tiene permiso para generar solicitudes';

type PartLine = { id_material: number | null; codigo_material?: string; descripcion?: string; id_unidad: number | null; cantidad_solicitada_por_tecnico: number };

/** crearPreSolicitud (seed 002 §7): the compra request of a work order, as a borrador carrying the
 * order's spare-part lines (locked: a compra created from an OT keeps the OT's products). The
 * request and the order's link are one command, so a refusal by either leaves both unchanged. */
export async function createPurchaseRequestFromWorkOrder(deps: ApiDeps, opts: { idOrden: number; actor: Actor; metadata: Partial<EventMetadata> }) {
  if (!opts.actor.canCreateRequest) throw new ApiError(403, MSG_REQUEST_RIGHT);
  const { value } = await execute(deps.store, async (c) => {
    const order = await c.load(workOrders, opts.idOrden);
    if (!order.exists) throw new CommandRejected(MSG_WORK_ORDER_NOT_FOUND, {}, 404);
    const parts = await c.tx<{ line: PartLine }[]>`
      SELECT line FROM rm_ot_lineas WHERE id_orden_trabajo = ${opts.idOrden} AND tabla = 'productos_solicitados' ORDER BY id`;
    if (!parts.length) throw new CommandRejected(MSG_NO_PARTS, {}, 409);
    const id = await c.nextId('purchase_request');
    const productIds = await c.nextIds('requested_product', parts.length);
    const idObra = order.state.header.id_obra;
    if (!idObra) throw new CommandRejected(MSG_WORK_ORDER_NOT_FOUND, {}, 404);
    const codigo = await nextRequestCode(c.tx, idObra, 'compra');
    const request = c.start(purchaseRequests, id);
    request.decide({
      type: 'CreateRequest', id, codigo, tipo: 'compra', idObra, idOrdenTrabajo: opts.idOrden, creadoDesdeOt: true,
      fields: { id_equipo: order.state.header.id_equipo, descripcion_trabajo: `Repuestos de la ${order.state.codigo}`, id_centro_costo_tipo: 1 },
      productos: parts.map(({ line }, i) => ({
        id: productIds[i], id_material: line.id_material ?? null, cantidad: Number(line.cantidad_solicitada_por_tecnico) || 0,
        codigo: line.codigo_material || null, descripcion: line.descripcion || null, id_unidad: line.id_unidad ?? null,
      })),
      by: opts.actor.id,
    });
    order.decide({ type: 'LinkRequest', request: { id, tipo: 'compra', estado: 'borrador' }, actor: opts.actor, viaServiceRequest: false });
    return id;
  }, { metadata: opts.metadata });
  return { msg: MSG_PURCHASE_REQUEST_CREATED, id_solicitud_compra: value as number };
}
