import * as v from 'valibot';
import { FieldRefusals } from '../../../events/errors';
import { execute } from '../../../events/execute';
import type { EventMetadata } from '../../../events/types';
import { refuseIssueRows, workOrders } from '../../../events/work-order/decider';
import { ProductState } from '@shared/purchase-request-codes';
import { purchaseRequests } from '../../../events/purchase-request/decider';
import { positiveId, text } from '../platform/fields';
import { defineList, type ListFilter, idFilter, textFilter } from '../platform/define-list';
import { issueHistoryItem, issueHistoryRow, issueRow, stockLoanItem } from '@shared/contracts/site-warehouse';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import { defineRoute, moduleAccess, type AnyRoute } from '../platform/route';
import type { Principal } from '../platform/principal';
import { rowId } from '@shared/contracts/platform';
import { materialPrices, stockCode, stockMoves } from '../stock/stock-moves';
import type { StockKey } from '../../../events/stock/types';
import { siteAllows, userSites } from '../platform/site-scope';
import { quantity } from '../purchase-requests/purchase-request-schemas';
import { listOf } from '../work-orders/work-order-schemas';
import { roundQty } from '@shared/quantity';

// Site issues (seed 002 §7 "Site warehouse": /almacen_obra_salidas, obtenerHistorialSalidas,
// obtenerProductosDeStockSolicitud, /almacen_obra_historico_salidas). A row is a work order's part
// line (the Pedido's `productos_solicitados[i].id`, the seed's `id_producto_solicitado`); what the
// site may issue is its site stock plus what was received for it, less what was issued.

const MODULE = '/almacen_obra_salidas';
export const MSG_ISSUED = 'Salida registrada';

const num = (path: string) => `coalesce((${path})::numeric, 0)`;
const HELD = `(${num("l.line->>'cantidad_en_almacen_obra'")} + ${num("l.line->>'cantidad_recibida'")} - ${num("l.line->>'cantidad_salida'")})`;
const NEEDED = `(${num("l.line->>'cantidad_solicitada_por_tecnico'")} - ${num("l.line->>'cantidad_salida'")})`;
/** What a line (`l.line`, its read-model row) may still issue: the SQL form of the work-order
 * decider's `availableToIssue`, which issuable-quantity.int.test.ts holds it to. */
export const AVAILABLE = `greatest(least(${HELD}, ${NEEDED}), 0)`;
const FROM = `rm_ot_lineas l
  JOIN rm_ordenes_trabajo o ON o.id = l.id_orden_trabajo
  LEFT JOIN rm_solicitudes_compras r ON r.id = nullif(o.id_solicitud_compra, 0)
  LEFT JOIN rm_productos_solicitados ps ON ps.id = (l.line->>'id_producto_solicitado')::bigint
  LEFT JOIN rm_unidades un ON un.id = (l.line->>'id_unidad')::bigint`;


const filters: Record<string, ListFilter> = {
  todos: { schema: v.pipe(v.picklist(['1', 1], 'Valor no válido'), v.transform(Number)), where: (sql) => sql`TRUE` },
  id_obra: idFilter('o.id_obra'),
  id_material: idFilter("(l.line->>'id_material')::bigint"),
  numero_orden: textFilter('ps.numero_orden'),
  id_orden_trabajo: idFilter('l.id_orden_trabajo'),
  id_solicitud_compra: idFilter('o.id_solicitud_compra'),
};

export const issueInput = v.object({
  salidas: listOf(v.object({ id_producto_solicitado: positiveId(), cantidad_a_salir: quantity(), vale_salida: v.optional(v.nullable(text(50)), null) }), 500),
  vale_salida: v.optional(v.nullable(text(50)), null),
});

/** POST /almacen_obra_salidas/create: one issue (one id) over the chosen lines, each work order's
 * lines decided by its own decider in one transaction (a refusal on any leaves all unchanged). */
export async function createIssue(deps: ApiDeps, principal: Principal, input: v.InferOutput<typeof issueInput>, metadata: Partial<EventMetadata> = {}) {
  const rows = input.salidas;
  const vales = rows.map((r) => (r.vale_salida ?? input.vale_salida ?? '').trim());
  const ids = [...new Set(rows.map((r) => r.id_producto_solicitado))];
  const lines = ids.length ? await deps.sql<{ id: number; id_orden_trabajo: number; id_obra: number | null; codigo: string; id_material: number | null; descripcion: string }[]>`
    SELECT l.id::int, l.id_orden_trabajo::int, o.id_obra::int,
           upper(coalesce(nullif(p.codigo, ''), pm.codigo, nullif(l.line->>'codigo_material', ''), lm.codigo, '')) AS codigo,
           coalesce((l.line->>'id_material')::bigint, p.id_material)::int AS id_material, coalesce(nullif(l.line->>'descripcion', ''), lm.nombre, '') AS descripcion
      FROM rm_ot_lineas l JOIN rm_ordenes_trabajo o ON o.id = l.id_orden_trabajo
      LEFT JOIN rm_productos_solicitados p ON p.id = (l.line->>'id_producto_solicitado')::bigint LEFT JOIN rm_materiales pm ON pm.id = p.id_material
      LEFT JOIN rm_materiales lm ON lm.id = (l.line->>'id_material')::bigint
     WHERE l.tabla = 'productos_solicitados' AND l.id IN ${deps.sql(ids)}` : [];
  const lineInfo = new Map(lines.map((l) => [l.id, l]));
  const siteKey = (id: number) => {
    const l = lineInfo.get(id)!;
    return { almacen: 'obra' as const, id_obra: l.id_obra ?? 0, codigo: stockCode(l.codigo, l.id_material) };
  };
  const orderOf = new Map(lines.map((l) => [l.id, l.id_orden_trabajo]));
  // The caller's sites once for all rows (each line carries its order's site).
  const sites = lines.length ? await userSites(deps, principal) : [];
  const visible = (id: number) => {
    const l = lineInfo.get(id);
    return l !== undefined && (sites === 'all' || (l.id_obra !== null && sites.includes(l.id_obra)));
  };
  refuseIssueRows(rows.map((r, i) => ({ vale: vales[i], visible: visible(r.id_producto_solicitado) })));
  const byOrder = new Map<string, { order: number; vale: string; salidas: { line_id: number; cantidad: number; index: number }[] }>();
  rows.forEach((r, index) => {
    const order = orderOf.get(r.id_producto_solicitado)!;
    const key = `${order}:${vales[index]}`;
    const group = byOrder.get(key) ?? { order, vale: vales[index], salidas: [] };
    group.salidas.push({ line_id: r.id_producto_solicitado, cantidad: r.cantidad_a_salir, index });
    byOrder.set(key, group);
  });
  const { value } = await execute(deps.store, async (c) => {
    // The site's balances first, then the orders: issues of one material at one site run one after
    // the other, and each decides on what the previous one left (the line's and the site's).
    const moves = stockMoves(c);
    await moves.lock(ids.map(siteKey));
    const idSalida = await c.nextId('site_issue');
    const loadOrder = (id: number) => c.load(workOrders, id);
    const streams = new Map<number, Awaited<ReturnType<typeof loadOrder>>>();
    const refusals = new FieldRefusals();
    /** Per line: its site stock (the Pedido's) and what it had issued before this command. */
    const before = new Map<number, { declarado: number; salido: number }>();
    for (const g of byOrder.values()) {
      const stream = streams.get(g.order) ?? (await loadOrder(g.order));
      streams.set(g.order, stream);
      for (const x of g.salidas) {
        const line = stream.state.lines.productos_solicitados[String(x.line_id)];
        if (line && !before.has(x.line_id)) before.set(x.line_id, { declarado: Number(line.cantidad_en_almacen_obra ?? 0), salido: Number(line.cantidad_salida ?? 0) });
      }
      refusals.attempt(() => stream.decide({ type: 'IssueParts', idSalida, vale: g.vale, salidas: g.salidas, by: principal.userId }));
    }
    refusals.refuseIfAny();
    await issueFromSite(moves, byOrder, before, lineInfo, siteKey, idSalida, principal.userId);
    // Lines carried by a purchase request's product: the product follows (11 once entirely issued),
    // and the request may then finish (projections/reactors/finalize-request.ts).
    const carried: { id_producto: number; cantidad: number; complete: boolean }[] = [];
    for (const g of byOrder.values()) {
      const lines = streams.get(g.order)!.state.lines.productos_solicitados;
      for (const s of g.salidas) {
        const line = lines[String(s.line_id)];
        if (line?.id_producto_solicitado) carried.push({ id_producto: line.id_producto_solicitado, cantidad: s.cantidad, complete: line.estado === ProductState.salidaDeAlmacen });
      }
    }
    if (carried.length) {
      const owners = await c.tx<{ id: number; id_solicitud_compra: number }[]>`
        SELECT id::int, id_solicitud_compra::int FROM rm_productos_solicitados WHERE id IN ${c.tx(carried.map((p) => p.id_producto))}`;
      const requestOf = new Map(owners.map((o) => [o.id, o.id_solicitud_compra]));
      const byRequest = new Map<number, typeof carried>();
      for (const p of carried) if (requestOf.has(p.id_producto)) byRequest.set(requestOf.get(p.id_producto)!, [...(byRequest.get(requestOf.get(p.id_producto)!) ?? []), p]);
      for (const [idSolicitud, productos] of byRequest) {
        (await c.load(purchaseRequests, idSolicitud)).decide({
          type: 'RecordProductsIssued', id: idSolicitud, idSalida, by: principal.userId,
          productos: productos.map((p) => ({ id_producto: p.id_producto, cantidad: p.cantidad })),
          completos: [...new Set(productos.filter((p) => p.complete).map((p) => p.id_producto))],
        });
      }
    }
    return idSalida;
  }, { metadata: metadata });
  return { msg: MSG_ISSUED, id_salida: value };
}

type LineInfo = { id: number; id_orden_trabajo: number; codigo: string; id_material: number | null; descripcion: string };

/** The ledger of an issue: each line leaves the site's warehouse. The site stock its Pedido
 * recorded was never received through the ledger: the part of the issue it covers (what is left of
 * it, used first) enters the ledger as declared stock at the material's average price just before. */
async function issueFromSite(
  moves: ReturnType<typeof stockMoves>,
  byOrder: Map<string, { order: number; vale: string; salidas: { line_id: number; cantidad: number }[] }>,
  before: Map<number, { declarado: number; salido: number }>,
  lineInfo: Map<number, LineInfo>,
  siteKey: (id: number) => StockKey,
  idSalida: number,
  by: number,
) {
  const total = new Map<number, number>();
  for (const g of byOrder.values()) for (const x of g.salidas) total.set(x.line_id, (total.get(x.line_id) ?? 0) + x.cantidad);
  const prices = await materialPrices(moves.tx, [...new Set([...total.keys()].map((id) => siteKey(id).codigo))]);
  for (const [lineId, cantidad] of total) {
    const b = before.get(lineId)!;
    const declarado = roundQty(Math.min(cantidad, Math.max(b.declarado - b.salido, 0)));
    if (declarado > 0) {
      const l = lineInfo.get(lineId)!;
      await moves.move({
        key: siteKey(lineId), id_material: l.id_material, descripcion: l.descripcion, motivo: 'stock_declarado', cantidad: declarado, costo_unitario: prices.get(siteKey(lineId).codigo) ?? null,
        documento: { tipo: 'salida_obra', id: idSalida, referencia: '' }, id_linea: lineId, id_orden_trabajo: l.id_orden_trabajo, by,
      });
    }
  }
  for (const g of byOrder.values()) {
    for (const x of g.salidas) {
      const l = lineInfo.get(x.line_id)!;
      await moves.move({
        key: siteKey(x.line_id), id_material: l.id_material, descripcion: l.descripcion, motivo: 'salida', cantidad: -x.cantidad, costo_unitario: null,
        documento: { tipo: 'salida_obra', id: idSalida, referencia: g.vale }, id_linea: x.line_id, id_orden_trabajo: l.id_orden_trabajo, by,
      });
    }
  }
}

export function siteIssueRoutes(): AnyRoute[] {
  return [
    ...defineList({
      row: issueRow,
      path: MODULE,
      title: 'Salidas del almacén de obra',
      fileBase: 'salidas-almacen-obra',
      from: FROM,
      columns: [
        { key: 'codigo_orden_trabajo', label: 'OT', sql: 'o.codigo', sortable: true },
        { key: 'codigo_solicitud_compra', label: 'Solicitud', sql: "nullif(r.codigo, '')", sortable: true },
        { key: 'codigo_material', label: 'Código', sql: "coalesce(l.line->>'codigo_material', '')", sortable: true },
        { key: 'descripcion', label: 'Descripción', sql: "coalesce(l.line->>'descripcion', '')", sortable: true },
        { key: 'nombre_unidad', label: 'Unidad', sql: 'un.nombre' },
        { key: 'cantidad_solicitada_por_tecnico', label: 'Solicitado', kind: 'decimal', sql: `${num("l.line->>'cantidad_solicitada_por_tecnico'")}::text` },
        { key: 'cantidad_total_salida', label: 'Entregado', kind: 'decimal', sql: `${num("l.line->>'cantidad_salida'")}::text` },
        { key: 'cantidad_disponible', label: 'Disponible', kind: 'decimal', sql: `${AVAILABLE}::text` },
        { key: 'objeto_estado', label: 'Estado', sql: "CASE WHEN (l.line->>'estado')::int = 11 THEN 'Salida de almacén' WHEN (l.line->>'estado')::int = 9 THEN 'En almacén obra' ELSE 'Pendiente' END" },
      ],
      extra: {
        id: 'l.id::int', id_orden_trabajo: 'l.id_orden_trabajo::int', id_obra: 'o.id_obra::int', id_material: "(l.line->>'id_material')::int", numero_orden: 'ps.numero_orden',
        cantidad_a_salir: `${AVAILABLE}::text`, vale_salida: "coalesce(l.line->>'vale_salida', '')", usar_stock_solicitud: "coalesce((l.line->>'usar_stock_solicitud')::int, 0)",
      },
      search: ['o.codigo', "l.line->>'codigo_material'", "l.line->>'descripcion'"],
      key: 'l.id',
      defaultOrder: { col: 'codigo_orden_trabajo', dir: 'desc' },
      filters,
      // Seed 002 §5: the list needs at least one filter ('FILTRE PARA BUSCAR' otherwise); it shows
      // the lines of attended orders on the caller's sites.
      scope: (sql, ctx) => {
        const input = (ctx.input ?? {}) as Record<string, unknown>;
        const filtered = Object.keys(filters).some((k) => input[k] !== undefined && input[k] !== null && input[k] !== '');
        if (!filtered) return sql`FALSE`;
        return sql`l.tabla = 'productos_solicitados' AND o.atendido_por_almacen_obra = 1 AND o.estado = 1`;
      },
      siteColumn: 'o.id_obra',
    }),
    defineRoute({
      method: 'POST',
      path: `${MODULE}/create`,
      access: moduleAccess(MODULE, 'edit'),
      summary: 'Registrar una salida (salidas[] de id_producto_solicitado, cantidad_a_salir, vale_salida): VALE SALIDA requerido; cada cantidad hasta lo disponible y aún necesario',
      input: issueInput,
      output: v.object({ id_salida: rowId() }),
      async handler(ctx) {
        return createIssue(ctx.deps, ctx.principal, ctx.input, ctx.metadata);
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${MODULE}/obtenerHistorialSalidas`,
      access: moduleAccess(MODULE, 'see'),
      summary: 'Salidas de un producto (la fila de repuestos de la OT): cantidad, vale, fecha y usuario',
      input: v.object({ id_producto_solicitado: positiveId() }),
      output: v.object({ items: v.array(issueHistoryItem) }),
      async handler(ctx) {
        const [line] = await ctx.deps.sql<{ id_orden_trabajo: number }[]>`SELECT id_orden_trabajo::int FROM rm_ot_lineas WHERE id = ${ctx.input.id_producto_solicitado}`;
        if (!line || !(await siteAllows(ctx.deps, ctx.principal, 'work_order', line.id_orden_trabajo))) throw new ApiError(404, 'No se encontró el producto');
        const items = await ctx.deps.sql<{ id_salida: number; cantidad: string; vale_salida: string; fecha_creado: string; usuario: string | null }[]>`
          SELECT s.id_salida::int, s.cantidad::text, s.vale_salida, to_char(s.fecha_creado AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS fecha_creado,
                 trim(u.name || ' ' || coalesce(u.surname, '')) AS usuario
            FROM rm_almacen_obra_salidas s LEFT JOIN rm_users u ON u.id = s.id_user
           WHERE s.id_linea = ${ctx.input.id_producto_solicitado} ORDER BY s.id_salida DESC`;
        return { items };
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${MODULE}/obtenerProductosDeStockSolicitud`,
      access: moduleAccess(MODULE, 'see'),
      summary: 'El producto de otra solicitud del que una fila toma stock: solicitud, cantidad tomada y lo que ese producto trae a la obra',
      input: v.object({ id_producto_solicitado: positiveId() }),
      output: v.object({ items: v.array(stockLoanItem) }),
      async handler(ctx) {
        const [line] = await ctx.deps.sql<{ id_orden_trabajo: number; id_stock: number | null; tomado: string }[]>`
          SELECT id_orden_trabajo::int, (line->>'id_producto_solicitado_stock_solicitud')::int AS id_stock, coalesce(line->>'cantidad_stock_solicitud', '0') AS tomado
            FROM rm_ot_lineas WHERE id = ${ctx.input.id_producto_solicitado}`;
        if (!line || !(await siteAllows(ctx.deps, ctx.principal, 'work_order', line.id_orden_trabajo))) throw new ApiError(404, 'No se encontró el producto');
        if (!line.id_stock) return { items: [] };
        const items = await ctx.deps.sql<{ id: number; id_solicitud_compra: number; codigo_solicitud_compra: string; cantidad: string; cantidad_reservada: string; estado: number }[]>`
          SELECT p.id::int, r.id::int AS id_solicitud_compra, r.codigo AS codigo_solicitud_compra, p.cantidad_solicitada_por_almacen_obra::text AS cantidad,
                 p.cantidad_reservada::text, p.estado::int
            FROM rm_productos_solicitados p JOIN rm_solicitudes_compras r ON r.id = p.id_solicitud_compra WHERE p.id = ${line.id_stock}`;
        return { items: items.map((i) => ({ ...i, cantidad_stock_solicitud: String(Number(line.tomado)) })) };
      },
    }),
    ...defineList({
      row: issueHistoryRow,
      path: '/almacen_obra_historico_salidas',
      title: 'Histórico de salidas',
      fileBase: 'historico-salidas',
      from: `rm_almacen_obra_salidas s JOIN rm_ordenes_trabajo o ON o.id = s.id_orden_trabajo LEFT JOIN rm_ot_lineas l ON l.id = s.id_linea LEFT JOIN rm_users u ON u.id = s.id_user`,
      columns: [
        { key: 'id_salida', label: 'N° de salida', kind: 'integer', sql: 's.id_salida::int', sortable: true },
        { key: 'vale_salida', label: 'Vale de salida', sql: 's.vale_salida', sortable: true },
        { key: 'codigo_orden_trabajo', label: 'OT', sql: 'o.codigo', sortable: true },
        { key: 'codigo_material', label: 'Código', sql: "coalesce(l.line->>'codigo_material', '')" },
        { key: 'descripcion', label: 'Descripción', sql: "coalesce(l.line->>'descripcion', '')" },
        { key: 'cantidad', label: 'Cantidad', kind: 'decimal', sql: 's.cantidad::text' },
        { key: 'fecha_creado', label: 'Fecha', kind: 'date', sql: `to_char(s.fecha_creado AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`, sortSql: 's.fecha_creado', sortable: true },
        { key: 'usuario', label: 'Usuario', sql: "trim(u.name || ' ' || coalesce(u.surname, ''))" },
      ],
      extra: { id_obra: 's.id_obra::int', id_orden_trabajo: 's.id_orden_trabajo::int', id_linea: 's.id_linea::int' },
      search: ['s.vale_salida', 'o.codigo', "l.line->>'codigo_material'"],
      key: 's.id_linea',
      defaultOrder: { col: 'id_salida', dir: 'desc' },
      dateColumn: 's.fecha_creado',
      filters: {
        id_obra: idFilter('s.id_obra'),
        id_orden_trabajo: idFilter('s.id_orden_trabajo'),
        vale_salida: textFilter('s.vale_salida'),
      },
      siteColumn: 's.id_obra',
    }),
  ];
}
