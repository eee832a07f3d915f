import { listSearch, optionalCode, optionalId, optionalKey, optionalText } from '../../ui/list/listSearch';
import { defineResource, type WriteTarget } from '../../ui/resource/defineResource';
import type { LogListRow } from '../admin-content/logs.resource';
import type { CentralRow, ProductListRow, RequestRow } from './requestTypes';
import type { GetCallOf } from '../../api/typed';

/** The purchase, service and dispatch requests of the user's sites (seed 002 §2
 * /solicitudes_compras): filtered by site and OT number (part of the OT's code) or OT id. The
 * requester, the central warehouse and the approver each move a request on, and the list is where
 * the others watch it happen: it refreshes in place (`auto`), like the work orders. */
export const purchaseRequests = defineResource<RequestRow>()({
  path: '/solicitudes_compras',
  topics: ['purchase_request'],
  live: 'auto',
  search: listSearch({ id_obra: optionalId, numero_ot: optionalText, id_orden_trabajo: optionalId }),
  retain: ['id_obra'],
  form: (id) => ({ method: 'GET', path: '/solicitudes_compras/form', query: { id } }) satisfies GetCallOf<'/solicitudes_compras/form'>,
});

/** The request form's save (seed 002 §7): `create` when the request carries a work order,
 * `create_not_ot` when it does not (SEED-002-ANALYSIS ambiguity 15); the rest is the resource's. */
export const requestSave: WriteTarget = {
  ...purchaseRequests,
  calls: {
    ...purchaseRequests.calls,
    // A request with a work order saves through `create`, one without through `create_not_ot`
    // (the body is multipart when it carries new documents).
    save: (body) => {
      const ot = body instanceof FormData ? body.get('id_orden_trabajo') : (body as { id_orden_trabajo?: number | null }).id_orden_trabajo;
      return { path: ot ? '/solicitudes_compras/create' : '/solicitudes_compras/create_not_ot', body };
    },
  },
};

/** The central warehouse's Pedidos (seed 002 §2 /almacen_central_ots, keyed by request id):
 * compra and despacho requests from the moment they wait for it; filters site and attended. */
export const centralOrders = defineResource<CentralRow>()({
  path: '/almacen_central_ots',
  topics: ['purchase_request'],
  live: 'auto',
  search: listSearch({ id_obra: optionalId, atendido: optionalCode([0, 1]) }),
  retain: ['id_obra'],
  form: (id) => ({ method: 'GET', path: '/almacen_central_ots/form', query: { id } }) satisfies GetCallOf<'/almacen_central_ots/form'>,
  // A Pedido's save also moves the request on: the request list and its detail follow.
  alsoInvalidates: [purchaseRequests.keys.all],
});

/** Every requested product with its request, OT, quantities, state and purchase order (seed 002
 * §2 /solicitud_compra_productos); filters site, OT, request and order number (its text). */
export const requestProducts = defineResource<ProductListRow>()({
  path: '/solicitud_compra_productos',
  topics: ['purchase_request'],
  search: listSearch({ id_obra: optionalId, id_orden_trabajo: optionalId, id_solicitud_compra: optionalId, numero_orden: optionalKey }),
  liveMessage: 'Hay productos nuevos o modificados.',
});

/** The activity of the requests and their work orders (seed 002 §2 /solicitud_compra_logs): the
 * /logs rows, 15 a page, filtered by target (purchase_request, work_order) and target id, which the
 * request list's 'Ver actividad' puts in the URL. Read-only, no live refresh (as /logs). */
export const requestLogs = defineResource<LogListRow>()({
  path: '/solicitud_compra_logs',
  topics: [],
  search: listSearch({ target: optionalKey, id_target: optionalId }),
  pageSize: 15,
});
