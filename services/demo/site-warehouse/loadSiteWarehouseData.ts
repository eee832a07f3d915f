import type { PgBoss } from 'pg-boss';
import type { TransactionSql } from 'postgres';
import type { RecordedEvent } from '../../../events/types';
import { execute } from '../../../events/execute';
import { purchaseRequests } from '../../../events/purchase-request/decider';
import type { EventStore } from '../../../events/store';
import type { ApiDeps } from '../../api/platform/deps';
import type { Principal } from '../../api/platform/principal';
import { createPurchaseRequestFromWorkOrder } from '../../api/purchase-requests/from-work-order';
import { nextRequestCode } from '../../api/purchase-requests/save-request';
import { saveSiteOrder, type SiteOrderInput } from '../../api/site-warehouse/site-order';

/** The description of the stock requests this demo raises (and the mark that it was loaded). */
const STOCK_REQUEST = 'Stock de obra para los pedidos de OT';

type Order = { id: number; id_obra: number; codigo: string; parts: { id: number; id_material: number | null; id_unidad: number | null; cantidad_solicitada_por_tecnico: number; descripcion: string }[] };

/** The site warehouse's demo (issue 16), through the same calls the screens use: Pedidos saved but
 * not attended, attended ones with site stock, stock taken from a stock request of the site, a
 * material-creation request sent to SICAM, and purchase requests generated from attended Pedidos.
 * `within`: queues the material-creation push in the attend's transaction (the worker sends it). */
export async function loadSiteWarehouseData(
  store: EventStore,
  opts: { boss?: PgBoss | null; within?: (tx: TransactionSql, events: RecordedEvent[]) => Promise<void> } = {},
): Promise<{ pedidos: number }> {
  const { sql } = store;
  // Loaded once: its stock requests carry their own description (the purchase-request demo attends
  // Pedidos too, so a saved Pedido tells nothing).
  const [done] = await sql`SELECT 1 FROM rm_solicitudes_compras WHERE descripcion_trabajo = ${STOCK_REQUEST} LIMIT 1`;
  if (done) return { pedidos: 0 };
  const [keeper] = await sql<{ id: number; name: string; surname: string; email: string }[]>`
    SELECT id::int, name, surname, email FROM rm_users WHERE id_role = 19 AND estado = 1 ORDER BY id LIMIT 1`;
  if (!keeper) return { pedidos: 0 };
  const orders = await sql<Order[]>`
    SELECT o.id::int, o.id_obra::int, o.codigo,
           json_agg(json_build_object('id', l.id, 'id_material', (l.line->>'id_material')::int, 'id_unidad', (l.line->>'id_unidad')::int,
                    'cantidad_solicitada_por_tecnico', (l.line->>'cantidad_solicitada_por_tecnico')::float8, 'descripcion', l.line->>'descripcion') ORDER BY l.id) AS parts
      FROM rm_ordenes_trabajo o JOIN rm_ot_lineas l ON l.id_orden_trabajo = o.id AND l.tabla = 'productos_solicitados'
     WHERE o.estado = 1 AND o.id_solicitud_compra = 0 AND o.atendido_por_almacen_obra = 0
     GROUP BY o.id ORDER BY o.fecha_apertura_ot DESC LIMIT 12`;
  const deps = { store, sql, boss: opts.boss ?? null } as unknown as ApiDeps;
  const principal: Principal = {
    sessionId: 'demo-data', userId: keeper.id, originalUserId: null, roleId: 19, isRoot: false, expiresAt: new Date(8.64e15),
    user: { id: keeper.id, name: keeper.name, surname: keeper.surname, email: keeper.email, id_obra: null },
    rights: new Map([['/almacen_obra_ots', { see: true, edit: true }]]),
  };
  const ctx = { deps, principal, metadata: { requestId: 'demo-data', userId: keeper.id } };
  const actor = { id: keeper.id, roleId: 19, canCreateRequest: true };
  const lines = (o: Order, f: (p: Order['parts'][number], i: number) => Record<string, unknown>): SiteOrderInput['productos_solicitados'] =>
    o.parts.map((p, i) => ({ id: p.id, ...f(p, i) }));
  let n = 0;
  for (const [i, o] of orders.entries()) {
    const kind = i % 6;
    if (kind === 0) {
      // Saved, not attended yet: part of the first line found on site.
      await saveSiteOrder(ctx, { id: o.id, productos_solicitados: lines(o, (p, j) => ({ cantidad_en_almacen_obra: j === 0 ? Math.floor(p.cantidad_solicitada_por_tecnico / 2) : 0 })) });
    } else if (kind === 1 || kind === 2) {
      // Attended: the first line entirely from site stock, the rest to request.
      await saveSiteOrder(ctx, { id: o.id, terminado: 1, productos_solicitados: lines(o, (p, j) => ({ cantidad_en_almacen_obra: j === 0 ? p.cantidad_solicitada_por_tecnico : 0 })) });
      if (kind === 2 && o.parts.length > 1) await createPurchaseRequestFromWorkOrder(deps, { idOrden: o.id, actor, metadata: ctx.metadata });
    } else if (kind === 3 || kind === 4) {
      // A stock request of the site lends part of the first line's material.
      const first = o.parts[0];
      if (!first.id_material) continue;
      const lent = await stockRequest(store, o.id_obra, first.id_material, first.id_unidad, Math.max(1, Math.floor(first.cantidad_solicitada_por_tecnico / 2)), keeper.id);
      await saveSiteOrder(ctx, { id: o.id, terminado: 1, productos_solicitados: [{ id: first.id, usar_stock_solicitud: 1, id_producto_solicitado_stock_solicitud: lent }] });
      if (kind === 3) await createPurchaseRequestFromWorkOrder(deps, { idOrden: o.id, actor, metadata: ctx.metadata });
    } else {
      // A material the catalogue lacks: its creation goes to SICAM when the Pedido is attended.
      const first = o.parts[0];
      await saveSiteOrder(ctx, {
        id: o.id, terminado: 1,
        productos_solicitados: [{ id: first.id, solicitud_material: 1, id_material: null, descripcion: `${first.descripcion} (modelo especial, sin código en catálogo)` }],
      }, { within: opts.within });
    }
    n++;
  }
  return { pedidos: n };
}

/** A compra raised without a work order to stock the site, sent to the central warehouse: its
 * product lends its quantity to the site's work orders. */
async function stockRequest(store: EventStore, idObra: number, idMaterial: number, idUnidad: number | null, cantidad: number, by: number): Promise<number> {
  const { value } = await execute(store, async (c) => {
    const id = await c.nextId('purchase_request');
    const [productId] = await c.nextIds('requested_product', 1);
    const codigo = await nextRequestCode(c.tx, idObra, 'compra');
    const request = c.start(purchaseRequests, id);
    request.decide({
      type: 'CreateRequest', id, codigo, tipo: 'compra', idObra, idOrdenTrabajo: null, creadoDesdeOt: false,
      fields: { descripcion_trabajo: STOCK_REQUEST, fecha_requerimiento: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10), id_solicitudes_tipo: 2, id_solicitudes_movilizacion_recursos: 1 },
      productos: [{ id: productId, id_material: idMaterial, cantidad, codigo: null, descripcion: null, id_unidad: idUnidad }],
      by,
    });
    request.decide({ type: 'SendRequest', id, by });
    return productId;
  }, { metadata: { requestId: 'demo-data', userId: by } });
  return value;
}
