import * as v from 'valibot';
import { FieldRefusals } from '../../../events/errors';
import { refusePickedRows } from '../../../events/picked-rows';
import { execute } from '../../../events/execute';
import type { EventMetadata } from '../../../events/types';
import { purchaseRequests } from '../../../events/purchase-request/decider';
import { workOrders } from '../../../events/work-order/decider';
import { positiveId } from '../platform/fields';
import { defineList, idFilter, textFilter } from '../platform/define-list';
import { receiptRow } from '@shared/contracts/site-warehouse';
import type { ApiDeps } from '../platform/deps';
import { defineRoute, moduleAccess, type AnyRoute } from '../platform/route';
import type { Principal } from '../platform/principal';
import { rowId } from '@shared/contracts/platform';
import { carried, PRODUCT_CODE_SQL, stockCode, stockMoves } from '../stock/stock-moves';
import { userSites } from '../platform/site-scope';
import { quantity } from '../purchase-requests/purchase-request-schemas';
import { listOf } from '../work-orders/work-order-schemas';

// Site receipts (seed 002 §7 `/almacen_obra_entradas`): the requested products the central
// warehouse sent to the site (transfers with a waybill) and not yet received. A receipt records,
// per product, at most what was sent and is still pending (`entradas[]` of id_producto_solicitado
// and cantidad_entrante); a product entirely received moves to 10 'Recibido en almacén obra', and
// the work order's line it carries can then be issued.

const MODULE = '/almacen_obra_entradas';
export const MSG_RECEIVED = 'Entrada registrada';


export const receiptInput = v.object({
  entradas: listOf(v.object({ id_producto_solicitado: positiveId(), cantidad_entrante: quantity() }), 500),
});

export async function createReceipt(deps: ApiDeps, principal: Principal, input: v.InferOutput<typeof receiptInput>, metadata: Partial<EventMetadata> = {}) {
  const rows = input.entradas;
  const ids = [...new Set(rows.map((r) => r.id_producto_solicitado))];
  const products = !ids.length ? [] : await deps.sql<{ id: number; id_solicitud_compra: number; id_linea_ot: number | null; id_orden_trabajo: number | null; id_obra: number | null; codigo: string; id_material: number | null; descripcion: string }[]>`
    SELECT p.id::int, p.id_solicitud_compra::int, p.id_linea_ot::int, r.id_orden_trabajo::int, r.id_obra::int, ${deps.sql.unsafe(PRODUCT_CODE_SQL)} AS codigo,
           p.id_material::int, coalesce(nullif(p.descripcion, ''), m.nombre, '') AS descripcion
      FROM rm_productos_solicitados p JOIN rm_solicitudes_compras r ON r.id = p.id_solicitud_compra LEFT JOIN rm_materiales m ON m.id = p.id_material
     WHERE p.id IN ${deps.sql(ids)}`;
  const byId = new Map(products.map((p) => [p.id, p]));
  // The caller's sites once for all rows (each product carries its request's site).
  const sites = products.length ? await userSites(deps, principal) : [];
  refusePickedRows('entradas', rows.map((r) => {
    const p = byId.get(r.id_producto_solicitado);
    return { visible: p !== undefined && (sites === 'all' || (p.id_obra !== null && sites.includes(p.id_obra))) };
  }));
  const keyOf = (p: (typeof products)[number], almacen: 'transito' | 'obra') => ({ almacen, id_obra: p.id_obra ?? 0, codigo: stockCode(p.codigo, p.id_material) });
  const { value } = await execute(deps.store, async (c) => {
    // The balances first: two receipts of one material at one site run one after the other.
    const moves = stockMoves(c);
    await moves.lock(products.flatMap((p) => [keyOf(p, 'transito'), keyOf(p, 'obra')]));
    const idEntrada = await c.nextId('site_receipt');
    const refusals = new FieldRefusals();
    const byRequest = new Map<number, { id_producto: number; cantidad: number; index: number }[]>();
    rows.forEach((r, index) => {
      const p = byId.get(r.id_producto_solicitado)!;
      byRequest.set(p.id_solicitud_compra, [...(byRequest.get(p.id_solicitud_compra) ?? []), { id_producto: p.id, cantidad: r.cantidad_entrante, index }]);
    });
    const lines = new Map<number, { line_id: number; cantidad: number }[]>();
    for (const [idSolicitud, entradas] of byRequest) {
      const request = await c.load(purchaseRequests, idSolicitud);
      if (!refusals.attempt(() => request.decide({ type: 'ReceiveAtSite', id: idSolicitud, idEntrada, entradas, by: principal.userId }))) continue;
      for (const en of entradas) {
        const p = byId.get(en.id_producto)!;
        if (p.id_linea_ot && p.id_orden_trabajo) lines.set(p.id_orden_trabajo, [...(lines.get(p.id_orden_trabajo) ?? []), { line_id: p.id_linea_ot, cantidad: en.cantidad }]);
      }
    }
    refusals.refuseIfAny();
    // The ledger: out of transit into the site's warehouse, at the cost it travelled with.
    for (const r of rows) {
      const p = byId.get(r.id_producto_solicitado)!;
      const common = { id_material: p.id_material, descripcion: p.descripcion, documento: { tipo: 'entrada_obra' as const, id: idEntrada, referencia: '' }, id_producto: p.id, id_linea: p.id_linea_ot, id_orden_trabajo: p.id_orden_trabajo, by: principal.userId };
      const out = await moves.move({ ...common, key: keyOf(p, 'transito'), motivo: 'recepcion', cantidad: -r.cantidad_entrante, costo_unitario: null });
      await moves.move({ ...common, key: keyOf(p, 'obra'), motivo: 'recepcion', cantidad: r.cantidad_entrante, costo_unitario: out.costo_unitario, sin_tipo_cambio: carried(out) });
    }
    // The work order's lines these products carry can now be issued.
    for (const [idOrden, entradas] of lines) (await c.load(workOrders, idOrden)).decide({ type: 'RecordPartsReceived', idEntrada, entradas });
    return idEntrada;
  }, { metadata: metadata });
  return { msg: MSG_RECEIVED, id_entrada: value };
}

export function siteReceiptRoutes(): AnyRoute[] {
  return [
    ...defineList({
      row: receiptRow,
      path: MODULE,
      title: 'Entradas del almacén de obra',
      fileBase: 'entradas-almacen-obra',
      from: `rm_productos_solicitados p JOIN rm_solicitudes_compras r ON r.id = p.id_solicitud_compra
        LEFT JOIN rm_ordenes_trabajo o ON o.id = r.id_orden_trabajo LEFT JOIN rm_materiales m ON m.id = p.id_material`,
      columns: [
        { key: 'codigo_material', label: 'Código', sql: "coalesce(nullif(p.codigo, ''), m.codigo, '')", sortable: true },
        { key: 'nombre_material', label: 'Material', sql: "coalesce(nullif(p.descripcion, ''), m.nombre, '')", sortable: true },
        { key: 'cantidad_enviada', label: 'Enviado', kind: 'decimal', sql: 'p.cantidad_enviada_obra::text' },
        { key: 'cantidad_entrada', label: 'Recibido', kind: 'decimal', sql: 'p.cantidad_recibida_obra::text' },
        { key: 'cantidad_entrante', label: 'Por recibir', kind: 'decimal', sql: '(p.cantidad_enviada_obra - p.cantidad_recibida_obra)::text' },
        { key: 'codigo_orden_trabajo', label: 'OT', sql: "nullif(r.codigo_orden_trabajo, '')", sortable: true },
        { key: 'codigo_solicitud_compra', label: 'Solicitud', sql: 'r.codigo', sortable: true },
        { key: 'numero_orden', label: 'Orden de compra', sql: 'p.numero_orden', sortable: true },
      ],
      extra: { id: 'p.id::int', id_solicitud_compra: 'p.id_solicitud_compra::int', id_obra: 'r.id_obra::int', id_orden_trabajo: 'r.id_orden_trabajo::int' },
      search: ['p.codigo', 'p.descripcion', 'r.codigo', 'p.numero_orden'],
      key: 'p.id',
      defaultOrder: { col: 'codigo_solicitud_compra', dir: 'desc' },
      filters: {
        id_obra: idFilter('r.id_obra'),
        id_orden_trabajo: idFilter('r.id_orden_trabajo'),
        id_solicitud_compra: idFilter('p.id_solicitud_compra'),
        numero_orden: textFilter('p.numero_orden'),
      },
      scope: (sql) => sql`p.cantidad_enviada_obra > p.cantidad_recibida_obra`,
      siteColumn: 'r.id_obra',
    }),
    defineRoute({
      method: 'POST',
      path: `${MODULE}/create`,
      access: moduleAccess(MODULE, 'edit'),
      summary: 'Registrar una entrada en obra (entradas[] de id_producto_solicitado y cantidad_entrante): cada cantidad hasta lo enviado pendiente de recibir',
      input: receiptInput,
      output: v.object({ id_entrada: rowId() }),
      async handler(ctx) {
        return createReceipt(ctx.deps, ctx.principal, ctx.input, ctx.metadata);
      },
    }),
  ];
}
