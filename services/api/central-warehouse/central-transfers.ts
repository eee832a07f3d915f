import * as v from 'valibot';
import { FieldRefusals } from '../../../events/errors';
import { allotTransferRows, MSG_NOTHING_TO_SEND, placeTransferRows, rowsToSend, STOCK } from '../../../events/purchase-request/central-transfer';
import { execute } from '../../../events/execute';
import type { EventMetadata } from '../../../events/types';
import { purchaseRequests } from '../../../events/purchase-request/decider';
import type { SentProduct } from '../../../events/purchase-request/types';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import { defineList } from '../platform/define-list';
import { positiveId, text } from '../platform/fields';
import { defineRoute, moduleAccess, type AnyRoute, type RouteContext } from '../platform/route';
import type { Principal } from '../platform/principal';
import { rowId } from '@shared/contracts/platform';
import { quantity } from '../purchase-requests/purchase-request-schemas';
import { carried, materialPrices, stockCode, stockMoves } from '../stock/stock-moves';
import { listOf } from '../work-orders/work-order-schemas';
import { transferGroupRow, transferProduct } from '@shared/contracts/central-warehouse';
import type { Db } from '../../../events/store';
import { roundQty } from '@shared/quantity';

// Central transfers with a waybill (seed 002 §7 `/almacen_central_traslado_materiales`, §5
// transfer caps, ambiguity 12). The central storekeeper sends requested products to their site
// out of a group: a purchase order's entries of one resource code, or the central stock of that
// code that did not come from a purchase order (order number '', shown 'STOCK'). Each row leaves
// at most what the product still needs at site, and the rows of a group together at most what the
// group holds. Each affected request gets `RequestedProductsSentToSite`; the site then receives
// them (`/almacen_obra_entradas`).

const MODULE = '/almacen_central_traslado_materiales';
export { MSG_NOTHING_TO_SEND, STOCK };
export const MSG_TRANSFERRED = 'Traslado registrado';

/** The order number as the screens show it ('' is central stock: 'STOCK'). */
const orderSql = (column: string) => `CASE WHEN ${column} = '' THEN '${STOCK}' ELSE ${column} END`;
/** The group's key from what a caller sends: 'STOCK' (or nothing) is central stock. */
const orderKey = (value: string | undefined | null) => {
  const o = (value ?? '').trim().toUpperCase();
  return o === STOCK ? '' : o;
};
const codeSql = "upper(coalesce(nullif(p.codigo, ''), m.codigo, ''))";
/** Products that can still be sent: live (not draft, cancelled, rejected, annulled in SICAM or observed). */
const LIVE = 'p.estado NOT IN (1, 2, 6, 13, 14)';


export const transferProductsReply = v.object({ items: v.array(transferProduct) });

const groupInput = v.object({
  codigo_recurso: v.pipe(text(50), v.nonEmpty('Ingrese el código del recurso')),
  numero_orden_compra: v.optional(text(50), ''),
});

export const transferInput = v.object({
  numero_guia: v.optional(v.nullable(text(50)), ''),
  salidas: listOf(v.object({
    id_producto_solicitado: positiveId(),
    cantidad_a_salir: quantity(),
    /** The group the row leaves from; the product's own order number when absent ('STOCK' for central stock). */
    numero_orden_compra: v.optional(v.nullable(text(50))),
  }), 500),
});

type GroupProduct = {
  id: number; id_solicitud_compra: number; codigo_solicitud: string; codigo_orden_trabajo: string | null; codigo_obra: string | null;
  codigo: string; descripcion: string; numero_orden: string | null; cantidad_solicitada: number; cantidad_trasladada: number;
};

/** The products a group can send to: its order's products with that code, or for central stock
 * the products whose Pedido recorded central stock of that code. */
function groupProducts(ctx: RouteContext<unknown>, codigo: string, orden: string) {
  const where = orden
    ? `upper(coalesce(p.numero_orden, '')) = $2`
    : `p.cantidad_en_almacen_central > 0 AND $2 = ''`;
  return ctx.deps.sql.unsafe(`
    SELECT p.id::int, p.id_solicitud_compra::int, r.codigo AS codigo_solicitud, nullif(r.codigo_orden_trabajo, '') AS codigo_orden_trabajo,
           nullif(r.codigo_obra, '') AS codigo_obra, ${codeSql} AS codigo, coalesce(nullif(p.descripcion, ''), m.nombre, '') AS descripcion, p.numero_orden,
           p.cantidad_solicitada_por_almacen_obra::float8 AS cantidad_solicitada, p.cantidad_enviada_obra::float8 AS cantidad_trasladada
      FROM rm_productos_solicitados p JOIN rm_solicitudes_compras r ON r.id = p.id_solicitud_compra LEFT JOIN rm_materiales m ON m.id = p.id_material
     WHERE ${LIVE} AND ${codeSql} = $1 AND ${where}
     ORDER BY p.id DESC`, [codigo, orden]) as unknown as Promise<GroupProduct[]>;
}

async function available(sql: Db, codigo: string, orden: string): Promise<number> {
  const [g] = await sql<{ d: number }[]>`SELECT cantidad_disponible::float8 AS d FROM v_almacen_central_grupos WHERE codigo = ${codigo} AND numero_orden = ${orden}`;
  return g?.d ?? 0;
}


export async function createTransfer(deps: ApiDeps, principal: Principal, input: v.InferOutput<typeof transferInput>, metadata: Partial<EventMetadata> = {}) {
  const numeroGuia = (input.numero_guia ?? '').trim();
  const rows = rowsToSend(numeroGuia, input.salidas);
  const ids = [...new Set(rows.map((r) => r.id_producto_solicitado))].sort((a, b) => a - b);

  const { value } = await execute(deps.store, async (c) => {
    // The products' rows first (in id order), then the groups' totals: two transfers of the same
    // product or group wait for each other and the second sees what the first sent.
    const products = await c.tx<{ id: number; id_solicitud_compra: number; codigo: string; numero_orden: string | null; stock: number; live: boolean; id_obra: number | null; id_material: number | null; descripcion: string }[]>`
      SELECT p.id::int, p.id_solicitud_compra::int, upper(coalesce(nullif(p.codigo, ''), m.codigo, '')) AS codigo, upper(p.numero_orden) AS numero_orden,
             p.cantidad_en_almacen_central::float8 AS stock, p.estado NOT IN (1, 2, 6, 13, 14) AS live,
             (SELECT r.id_obra FROM rm_solicitudes_compras r WHERE r.id = p.id_solicitud_compra)::int AS id_obra, p.id_material::int,
             coalesce(nullif(p.descripcion, ''), m.nombre, '') AS descripcion
        FROM rm_productos_solicitados p LEFT JOIN rm_materiales m ON m.id = p.id_material
       WHERE p.id IN ${c.tx(ids)} ORDER BY p.id FOR UPDATE OF p`;
    const { lines: placed, errors } = placeTransferRows(rows, new Map(products.map((p) => [p.id, p])), orderKey);
    const groups = [...new Set(placed.map((l) => `${l.product.codigo}\t${l.orden}`))].sort();
    for (const g of groups) await c.tx`SELECT pg_advisory_xact_lock(hashtextextended(${`central_transfer:${g}`}, 0))`;
    const held = new Map<string, number>();
    for (const g of groups) {
      const [codigo, orden] = g.split('\t');
      held.set(g, await available(c.tx, codigo, orden));
    }
    const lines = allotTransferRows(placed, held, errors);
    const byRequest = new Map<number, (SentProduct & { index: number })[]>();
    for (const l of lines) {
      const salida = { id_producto: l.product.id, cantidad: l.row.cantidad_a_salir, numero_orden: l.orden, codigo: l.product.codigo, index: l.row.index };
      byRequest.set(l.product.id_solicitud_compra, [...(byRequest.get(l.product.id_solicitud_compra) ?? []), salida]);
    }
    const idTraslado = await c.nextId('central_transfer');
    const refusals = new FieldRefusals();
    for (const [idSolicitud, salidas] of [...byRequest].sort(([a], [b]) => a - b)) {
      const request = await c.load(purchaseRequests, idSolicitud);
      refusals.attempt(() => request.decide({ type: 'SendToSite', id: idSolicitud, idTraslado, numeroGuia, salidas, by: principal.userId }));
    }
    refusals.refuseIfAny();
    await moveToTransit(c, lines.filter((l) => byRequest.get(l.product.id_solicitud_compra)?.some((x) => x.index === l.row.index)), idTraslado, numeroGuia, principal.userId);
    return idTraslado;
  }, { metadata: metadata });
  return { msg: MSG_TRANSFERRED, id_traslado: value };
}

type Ctx = Parameters<Parameters<typeof execute>[1]>[0];
type SentLine = { row: { cantidad_a_salir: number; index: number }; product: { id: number; codigo: string; id_obra: number | null; id_material: number | null; descripcion: string }; orden: string };

/** The ledger of a transfer: each row leaves the central warehouse and is in transit to its
 * request's site until the site receives it, valued at the central average cost. Central stock a
 * Pedido recorded (the 'STOCK' group) enters the ledger first, at the material's average price. */
async function moveToTransit(c: Ctx, lines: SentLine[], idTraslado: number, numeroGuia: string, by: number) {
  const moves = stockMoves(c);
  const central = (l: SentLine) => ({ almacen: 'central' as const, id_obra: 0, codigo: stockCode(l.product.codigo, l.product.id_material) });
  const transit = (l: SentLine) => ({ almacen: 'transito' as const, id_obra: l.product.id_obra ?? 0, codigo: stockCode(l.product.codigo, l.product.id_material) });
  await moves.lock(lines.flatMap((l) => [central(l), transit(l)]));
  const prices = await materialPrices(c.tx, [...new Set(lines.filter((l) => !l.orden).map((l) => central(l).codigo))]);
  const documento = { tipo: 'traslado' as const, id: idTraslado, referencia: numeroGuia };
  for (const l of lines) {
    const common = { id_material: l.product.id_material, descripcion: l.product.descripcion, documento, id_producto: l.product.id, by };
    if (!l.orden) {
      await moves.move({ ...common, key: central(l), motivo: 'stock_declarado', cantidad: l.row.cantidad_a_salir, costo_unitario: prices.get(central(l).codigo) ?? null });
    }
    const out = await moves.move({ ...common, key: central(l), motivo: 'traslado', cantidad: -l.row.cantidad_a_salir, costo_unitario: null });
    await moves.move({ ...common, key: transit(l), motivo: 'traslado', cantidad: l.row.cantidad_a_salir, costo_unitario: out.costo_unitario, sin_tipo_cambio: carried(out) });
  }
}

export function centralTransferRoutes(): AnyRoute[] {
  return [
    ...defineList({
      row: transferGroupRow,
      path: MODULE,
      title: 'Traslado de materiales',
      fileBase: 'traslado-materiales',
      from: 'v_almacen_central_grupos g',
      columns: [
        { key: 'codigo_recurso', label: 'Código', sql: 'g.codigo', sortable: true },
        { key: 'descripcion_recurso', label: 'Descripción', sql: 'g.descripcion', sortable: true },
        { key: 'numero_orden_compra', label: 'Orden de compra', sql: orderSql('g.numero_orden'), sortSql: 'g.numero_orden', sortable: true },
        { key: 'cantidad_entrada', label: 'Entrada', kind: 'decimal', sql: 'g.cantidad_entrada::float8', sortable: true },
        { key: 'cantidad_salida', label: 'Salida', kind: 'decimal', sql: 'g.cantidad_salida::float8', sortable: true },
        { key: 'cantidad_disponible', label: 'Disponible', kind: 'decimal', sql: 'g.cantidad_disponible::float8', sortable: true },
        { key: 'fecha_ingreso', label: 'Último ingreso', kind: 'date', sql: `to_char(g.fecha_ingreso AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`, sortSql: 'g.fecha_ingreso', sortable: true },
      ],
      extra: { id: "g.numero_orden || '|' || g.codigo" },
      search: ['g.codigo', 'g.descripcion', 'g.numero_orden'],
      key: "g.codigo || '|' || g.numero_orden",
      defaultOrder: { col: 'fecha_ingreso', dir: 'desc' },
      filters: {
        codigo_recurso: { schema: text(50), where: (sql, value: string) => sql`g.codigo = ${value.toUpperCase()}` },
        numero_orden_compra: { schema: text(50), where: (sql, value: string) => sql`g.numero_orden = ${orderKey(value)}` },
        con_disponible: { schema: v.picklist(['0', '1']), where: (sql, value: string) => (value === '1' ? sql`g.cantidad_disponible > 0` : sql`true`) },
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${MODULE}/obtenerProductosSolicitados`,
      access: moduleAccess(MODULE, 'see'),
      summary: 'Productos solicitados de un grupo (codigo_recurso y numero_orden_compra; "STOCK" o vacío para el stock central): solicitado, trasladado, disponible del grupo y cantidad a salir sugerida',
      input: groupInput,
      output: transferProductsReply,
      async handler(ctx) {
        const codigo = ctx.input.codigo_recurso.toUpperCase();
        const orden = orderKey(ctx.input.numero_orden_compra);
        const group = await available(ctx.deps.sql, codigo, orden);
        const items = (await groupProducts(ctx, codigo, orden)).map((p) => ({
          ...p,
          cantidad_disponible: group,
          cantidad_a_salir: Math.max(0, roundQty(Math.min(p.cantidad_solicitada - p.cantidad_trasladada, group))),
        }));
        return { items };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${MODULE}/create`,
      access: moduleAccess(MODULE, 'edit'),
      summary: 'Trasladar a obra con guía (numero_guia y salidas[] de id_producto_solicitado y cantidad_a_salir): solo las filas mayores a 0, cada una hasta lo que la obra aún necesita y el grupo hasta lo disponible',
      input: transferInput,
      output: v.object({ id_traslado: rowId() }),
      async handler(ctx) {
        if (!ctx.principal) throw new ApiError(401, 'Debe iniciar sesión');
        return createTransfer(ctx.deps, ctx.principal, ctx.input, ctx.metadata);
      },
    }),
  ];
}
