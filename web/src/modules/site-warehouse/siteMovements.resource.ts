import { listSearch, optionalCode, optionalId, optionalKey } from '../../ui/list/listSearch';
import { defineResource } from '../../ui/resource/defineResource';
import type { IssueHistoryListRow, SiteIssueRow, SiteReceiptRow } from './movementTypes';

/** Every issue the site warehouse recorded, one row per line (seed 002 §7
 * /almacen_obra_historico_salidas): filters site, OT, voucher and dates. Read-only. */
export const issueHistory = defineResource<IssueHistoryListRow>()({
  path: '/almacen_obra_historico_salidas',
  topics: ['work_order'],
  live: 'auto',
  search: listSearch({ id_obra: optionalId, id_orden_trabajo: optionalId, vale_salida: optionalKey }),
  retain: ['id_obra'],
});

/** The part lines of attended work orders the site may issue (seed 002 §7 /almacen_obra_salidas):
 * filters site, OT, request, material, order number and 'Todos'; the server lists nothing without
 * one. An issue moves the lines on and adds to the issue history. */
export const siteIssues = defineResource<SiteIssueRow>()({
  path: '/almacen_obra_salidas',
  topics: ['work_order'],
  live: 'auto',
  search: listSearch({
    id_obra: optionalId, id_orden_trabajo: optionalId, id_solicitud_compra: optionalId, id_material: optionalId, numero_orden: optionalKey, todos: optionalCode([1]),
  }),
  retain: ['id_obra'],
  alsoInvalidates: [issueHistory.keys.all],
});

/** The requested products the central warehouse sent to the site and the site has not received
 * in full (seed 002 §7 /almacen_obra_entradas): filters site, OT, request and order number. A
 * receipt makes the work order's lines issuable. */
export const siteReceipts = defineResource<SiteReceiptRow>()({
  path: '/almacen_obra_entradas',
  topics: ['purchase_request', 'work_order'],
  live: 'auto',
  search: listSearch({ id_obra: optionalId, id_orden_trabajo: optionalId, id_solicitud_compra: optionalId, numero_orden: optionalKey }),
  retain: ['id_obra'],
  alsoInvalidates: [siteIssues.keys.all],
});
